import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  ACCESS_SECONDS,
  type Grant,
  type GrantKind,
  type GrantStore,
  hashToken,
  type NewGrant,
  newGrantId,
  newRefreshToken,
  parseRefreshToken,
  REFRESH_SECONDS,
  type Rotation,
  SPENT_HASHES_KEPT,
} from '../../ports/grant-store';
import { batchGetAll, deleteAll, queryAll } from './batch';
import { applied } from './conditional';

type Item = Record<string, unknown>;

/** TTL collects a grant this long after its last token could be used. */
const GRACE_SECONDS = 24 * 3600;
/** A revoked placeholder (see `revoke`) outlives any redemption still about to create its grant. */
const PLACEHOLDER_SECONDS = 24 * 3600;
/** A grant id as `newGrantId` makes it; anything else never reaches a table key. */
const GRANT_ID = /^fam_[0-9A-Za-z]{22}$/;

/**
 * Grants in the identity table (`GRANT#<id>` / `#GRANT`, design 3.7) with pointers `UID#<user>` / `GRANT#<id>` and
 * `CLIENT#<client>` / `GRANT#<id>` (3.8, 3.8b) for revoking in bulk.
 *
 * Rotation is one conditional Update on `currentHash`. The spent-hash ring is computed from a consistent read just
 * before it: the condition on `currentHash` also pins the ring, since both only ever change together.
 *
 * Pointers carry no `expiresAt`, unlike the design's "with the target": rotation keeps moving a grant's expiry, and a
 * pointer that expired before its grant would let revoke-all miss a live grant. Pointers are written before their
 * grant; revoke-all deletes them once their grants are revoked, and the account-deletion worker removes the rest.
 */
export class DynamoGrantStore implements GrantStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(grant: NewGrant, nowMs: number) {
    const now = seconds(nowMs);
    const grantId = grant.grantId ?? newGrantId();
    const refreshToken = grant.withRefresh ? newRefreshToken(grantId) : undefined;
    const accessUntil = now + ACCESS_SECONDS;
    const refreshUntil = refreshToken ? now + REFRESH_SECONDS : undefined;
    await this.putPointers(grant.userId, grant.clientId, grantId);
    const stored = await applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...grantKey(grantId),
            userId: grant.userId,
            accountId: grant.accountId,
            clientId: grant.clientId,
            scope: grant.scope,
            kind: grant.kind,
            generation: 0,
            createdAt: now,
            accessUntil,
            ...(refreshToken ? { currentHash: hashToken(refreshToken), spentHashes: [], refreshUntil } : {}),
            ...(grant.retentionCapSeconds !== undefined ? { retentionCapSeconds: grant.retentionCapSeconds } : {}),
            expiresAt: Math.max(accessUntil, refreshUntil ?? 0) + GRACE_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    // 131 random bits do not collide: a taken id was revoked first (a replayed code, or revoke-all meeting this
    // create's pointer), and the revocation wins.
    if (!stored) return null;
    return { grantId, ...(refreshToken ? { refreshToken } : {}) };
  }

  async rotate(refreshToken: string, nowMs: number): Promise<Rotation> {
    const parsed = parseRefreshToken(refreshToken);
    if (!parsed) return { ok: false, reason: 'invalid' };
    const now = seconds(nowMs);
    const presented = hashToken(refreshToken);
    const before = await this.read(parsed.grantId);
    const refused = await this.refusal(before, presented, nowMs);
    if (refused || !before) return refused ?? { ok: false, reason: 'invalid' };

    const next = newRefreshToken(parsed.grantId);
    const refreshUntil = now + REFRESH_SECONDS;
    const accessUntil = now + ACCESS_SECONDS;
    const ring = [presented, ...stringList(before.spentHashes)].slice(0, SPENT_HASHES_KEPT);
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: grantKey(parsed.grantId),
          UpdateExpression:
            'SET currentHash = :new, spentHashes = :ring, generation = generation + :one, ' +
            'refreshUntil = :refreshUntil, accessUntil = :accessUntil, expiresAt = :expiresAt',
          ConditionExpression: 'currentHash = :old AND attribute_not_exists(revokedAt) AND refreshUntil > :now',
          ExpressionAttributeValues: {
            ':new': hashToken(next),
            ':old': presented,
            ':ring': ring,
            ':one': 1,
            ':refreshUntil': refreshUntil,
            ':accessUntil': accessUntil,
            ':expiresAt': Math.max(refreshUntil, accessUntil) + GRACE_SECONDS,
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, grant: toGrant(out.Attributes ?? {}), refreshToken: next };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    // Lost to a concurrent rotation (or revocation): the presented token is now spent, which is reuse.
    const after = await this.read(parsed.grantId);
    return (await this.refusal(after, presented, nowMs)) ?? { ok: false, reason: 'invalid' };
  }

  async get(grantId: string, nowMs: number): Promise<Grant | null> {
    if (!GRANT_ID.test(grantId)) return null;
    const item = await this.read(grantId);
    return item && isLive(item, seconds(nowMs)) ? toGrant(item) : null;
  }

  async renewAccess(grantId: string, nowMs: number): Promise<boolean> {
    const now = seconds(nowMs);
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: grantKey(grantId),
          UpdateExpression: 'SET accessUntil = :accessUntil, expiresAt = :expiresAt',
          // Only without a refresh token: there `expiresAt` follows `accessUntil` alone, and rotation renews the others.
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND attribute_not_exists(currentHash)',
          ExpressionAttributeValues: {
            ':accessUntil': now + ACCESS_SECONDS,
            ':expiresAt': now + ACCESS_SECONDS + GRACE_SECONDS,
          },
        }),
      ),
    );
  }

  async revoke(grantId: string, why: string, nowMs: number): Promise<void> {
    if (!GRANT_ID.test(grantId)) return;
    // No condition on purpose: revoking an id not created yet leaves a placeholder that makes its `create` fail.
    await this.revokeReturningOld(grantId, why, seconds(nowMs));
  }

  async listForUser(userId: number, nowMs: number): Promise<Grant[]> {
    const ids = await this.pointedIds(`UID#${userId}`);
    const grants = await batchGetAll(this.doc, this.table, ids.map(grantKey));
    const now = seconds(nowMs);
    return grants.filter((item) => isLive(item, now)).map(toGrant);
  }

  revokeAllForUser(userId: number, why: string, nowMs: number): Promise<number> {
    return this.revokeAll(`UID#${userId}`, why, nowMs);
  }

  revokeAllForClient(clientId: string, why: string, nowMs: number): Promise<number> {
    return this.revokeAll(`CLIENT#${clientId}`, why, nowMs);
  }

  /**
   * Why a presented token is refused by the grant as read, or null when it may be rotated. Only a hash that this family
   * really issued and spent counts as reuse; a guess, even for a real grant id, is merely invalid.
   */
  private async refusal(item: Item | null, presented: string, nowMs: number): Promise<Rotation | null> {
    if (!item) return { ok: false, reason: 'invalid' };
    if (stringList(item.spentHashes).includes(presented)) {
      await this.revoke(grantIdOf(item), 'reuse', nowMs);
      return { ok: false, reason: 'reuse' };
    }
    if (item.currentHash !== presented || item.revokedAt !== undefined) return { ok: false, reason: 'invalid' };
    if (Number(item.refreshUntil ?? 0) <= seconds(nowMs)) return { ok: false, reason: 'expired' };
    return null;
  }

  /**
   * Revokes whatever each pointer names, without reading first, so no grant is missed by a stale read; then the
   * pointers go, as a revoked grant stays revoked. A pointer whose grant was gone leaves a revoked placeholder, which
   * also stops a `create` still in flight with that id.
   */
  private async revokeAll(ownerPk: string, why: string, nowMs: number): Promise<number> {
    const now = seconds(nowMs);
    const ids = await this.pointedIds(ownerPk);
    const before = await Promise.all(ids.map((id) => this.revokeReturningOld(id, why, now)));
    await deleteAll(
      this.doc,
      this.table,
      ids.map((id) => ({ pk: ownerPk, sk: `GRANT#${id}` })),
    );
    return before.filter((item) => item && isLive(item, now)).length;
  }

  /** `revoke`, answering the item as it was before (null when there was none). */
  private async revokeReturningOld(grantId: string, why: string, now: number): Promise<Item | null> {
    const out = await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: grantKey(grantId),
        UpdateExpression:
          'SET revokedAt = if_not_exists(revokedAt, :now), revokedWhy = if_not_exists(revokedWhy, :why), ' +
          'expiresAt = if_not_exists(expiresAt, :placeholderUntil)',
        ExpressionAttributeValues: { ':now': now, ':why': why, ':placeholderUntil': now + PLACEHOLDER_SECONDS },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes ?? null;
  }

  private async pointedIds(ownerPk: string): Promise<string[]> {
    const { items } = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :grant)',
      ExpressionAttributeValues: { ':pk': ownerPk, ':grant': 'GRANT#' },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    });
    return items.map((p) => String(p.sk).slice('GRANT#'.length));
  }

  /** Written before the grant, so no grant exists that revoke-all cannot find. */
  private async putPointers(userId: number, clientId: string, grantId: string): Promise<void> {
    await Promise.all(
      [`UID#${userId}`, `CLIENT#${clientId}`].map((pk) =>
        this.doc.send(new PutCommand({ TableName: this.table, Item: { pk, sk: `GRANT#${grantId}` } })),
      ),
    );
  }

  private async read(grantId: string): Promise<Item | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: grantKey(grantId), ConsistentRead: true }),
    );
    return out.Item ?? null;
  }
}

function grantKey(grantId: string) {
  return { pk: `GRANT#${grantId}`, sk: '#GRANT' };
}

function grantIdOf(item: Item): string {
  return String(item.pk).slice('GRANT#'.length);
}

function seconds(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}

/** TTL deletes late, so liveness is read from the item's own times. A placeholder has no `accessUntil` and is dead. */
function isLive(item: Item, now: number): boolean {
  return item.revokedAt === undefined && Number(item.accessUntil ?? 0) > now;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function toGrant(item: Item): Grant {
  return {
    grantId: grantIdOf(item),
    userId: Number(item.userId),
    accountId: String(item.accountId),
    clientId: String(item.clientId),
    scope: String(item.scope),
    kind: String(item.kind) as GrantKind,
    generation: Number(item.generation ?? 0),
    createdAt: Number(item.createdAt),
    accessUntil: Number(item.accessUntil),
    ...(item.refreshUntil !== undefined ? { refreshUntil: Number(item.refreshUntil) } : {}),
    ...(item.retentionCapSeconds !== undefined ? { retentionCapSeconds: Number(item.retentionCapSeconds) } : {}),
    ...(item.revokedAt !== undefined ? { revokedAt: Number(item.revokedAt) } : {}),
    ...(item.revokedWhy !== undefined ? { revokedWhy: String(item.revokedWhy) } : {}),
  };
}
