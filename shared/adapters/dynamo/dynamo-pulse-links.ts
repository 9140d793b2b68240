import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { LinkAttempt, LinkPatch, ProviderUserMapping, PulseLink, PulseLinks } from '../../ports/pulse-links';
import { SubjectErasedError } from '../../ports/record-store';
import type { SealedSecret } from '../../ports/token-vault';
import { queryAll } from './batch';
import { applied } from './conditional';
import { LINK_PREFIX, SUBJECT_SK } from './records-layout';

type Item = Record<string, unknown>;

/**
 * Links in the Subject's own records partition (so a Subject purge removes them with everything else; no time key,
 * session key or expiry, so no index sees them), link attempts and provider-user maps in the accounts table.
 */
export class DynamoPulseLinks implements PulseLinks {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly records: string,
    private readonly accounts: string,
  ) {}

  async get(subjectId: string, provider: string): Promise<PulseLink | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.records, Key: linkKey(subjectId, provider), ConsistentRead: true }),
    );
    return out.Item ? linkOf(out.Item) : null;
  }

  async list(subjectId: string): Promise<PulseLink[]> {
    const { items } = await queryAll<Item>(this.doc, {
      TableName: this.records,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': subjectId, ':l': LINK_PREFIX },
      ConsistentRead: true,
    });
    return items.map(linkOf);
  }

  async put(link: PulseLink): Promise<void> {
    // As row writes do, refuse a Subject whose erase began: its links must not outlive the detach.
    const subject = await this.doc.send(
      new GetCommand({
        TableName: this.records,
        Key: { pk: link.subjectId, sk: SUBJECT_SK },
        ConsistentRead: true,
        ProjectionExpression: 'pk, erasedAt',
      }),
    );
    if (!subject.Item || subject.Item.erasedAt !== undefined) throw new SubjectErasedError(link.subjectId);
    const { subjectId, ...rest } = link;
    await this.doc.send(
      new PutCommand({
        TableName: this.records,
        Item: { ...linkKey(subjectId, link.provider), kind: 'pulse-link', ...rest },
      }),
    );
  }

  leaseRefresh(
    subjectId: string,
    provider: string,
    linkId: string,
    expectedVersion: number,
    nowMs: number,
    untilMs: number,
  ): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.records,
          Key: linkKey(subjectId, provider),
          UpdateExpression: 'SET refreshLease = :until',
          ConditionExpression:
            'linkId = :l AND tokenVersion = :v AND (attribute_not_exists(refreshLease) OR refreshLease <= :now)',
          ExpressionAttributeValues: { ':until': untilMs, ':l': linkId, ':v': expectedVersion, ':now': nowMs },
        }),
      ),
    );
  }

  async releaseRefresh(subjectId: string, provider: string, linkId: string, untilMs: number): Promise<void> {
    await applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.records,
          Key: linkKey(subjectId, provider),
          UpdateExpression: 'REMOVE refreshLease',
          ConditionExpression: 'linkId = :l AND refreshLease = :until',
          ExpressionAttributeValues: { ':l': linkId, ':until': untilMs },
        }),
      ),
    );
  }

  replaceTokens(
    subjectId: string,
    provider: string,
    linkId: string,
    expectedVersion: number,
    tokens: SealedSecret,
    tokenExpiresAt: number,
  ): Promise<boolean> {
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.records,
          Key: linkKey(subjectId, provider),
          UpdateExpression: 'SET tokens = :t, tokenExpiresAt = :e, tokenVersion = :next REMOVE refreshLease',
          ConditionExpression: 'linkId = :l AND tokenVersion = :v',
          ExpressionAttributeValues: {
            ':t': tokens,
            ':e': tokenExpiresAt,
            ':next': expectedVersion + 1,
            ':l': linkId,
            ':v': expectedVersion,
          },
        }),
      ),
    );
  }

  update(subjectId: string, provider: string, linkId: string, patch: LinkPatch): Promise<boolean> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return Promise.resolve(true);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':l': linkId };
    const sets = entries.map(([name, value], i) => {
      names[`#a${i}`] = name;
      values[`:v${i}`] = value;
      return `#a${i} = :v${i}`;
    });
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.records,
          Key: linkKey(subjectId, provider),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'linkId = :l',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  delete(subjectId: string, provider: string, linkId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.records,
          Key: linkKey(subjectId, provider),
          ConditionExpression: 'linkId = :l',
          ExpressionAttributeValues: { ':l': linkId },
        }),
      ),
    );
  }

  async putAttempt(stateHash: string, attempt: LinkAttempt): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.accounts,
        Item: { ...attemptKey(stateHash), ...attempt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async takeAttempt(stateHash: string, nowSeconds: number): Promise<LinkAttempt | null> {
    // One atomic delete: of two callbacks racing with one state, only one gets the attempt back.
    const out = await this.doc.send(
      new DeleteCommand({ TableName: this.accounts, Key: attemptKey(stateHash), ReturnValues: 'ALL_OLD' }),
    );
    const item = out.Attributes;
    if (!item || Number(item.expiresAt) <= nowSeconds) return null;
    return {
      accountId: String(item.accountId),
      userId: Number(item.userId),
      subjectId: String(item.subjectId),
      provider: String(item.provider),
      returnUrl: typeof item.returnUrl === 'string' ? item.returnUrl : null,
      sealedStash: (item.sealedStash as SealedSecret | undefined) ?? null,
      expiresAt: Number(item.expiresAt),
    };
  }

  async putAttemptPointer(tokenHash: string, stateHash: string, expiresAt: number): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.accounts,
        Item: { ...pointerKey(tokenHash), stateHash, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async takeAttemptPointer(tokenHash: string, nowSeconds: number): Promise<string | null> {
    const out = await this.doc.send(
      new DeleteCommand({ TableName: this.accounts, Key: pointerKey(tokenHash), ReturnValues: 'ALL_OLD' }),
    );
    const item = out.Attributes;
    if (!item || Number(item.expiresAt) <= nowSeconds || typeof item.stateHash !== 'string') return null;
    return item.stateHash;
  }

  async mapProviderUser(
    provider: string,
    providerUserId: string,
    mapping: ProviderUserMapping,
  ): Promise<ProviderUserMapping | null> {
    const out = await this.doc.send(
      new PutCommand({
        TableName: this.accounts,
        Item: { ...userKey(provider, providerUserId), ...mapping },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes ? mappingOf(out.Attributes) : null;
  }

  async findProviderUser(provider: string, providerUserId: string): Promise<ProviderUserMapping | null> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.accounts, Key: userKey(provider, providerUserId), ConsistentRead: true }),
    );
    return out.Item ? mappingOf(out.Item) : null;
  }

  unmapProviderUser(provider: string, providerUserId: string, linkId: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.accounts,
          Key: userKey(provider, providerUserId),
          ConditionExpression: 'linkId = :l',
          ExpressionAttributeValues: { ':l': linkId },
        }),
      ),
    );
  }
}

function linkKey(subjectId: string, provider: string) {
  return { pk: subjectId, sk: LINK_PREFIX + provider };
}

function pointerKey(tokenHash: string) {
  return { pk: `PULSEOAUTH1#${tokenHash}`, sk: '#POINTER' };
}

function attemptKey(stateHash: string) {
  return { pk: `PULSESTATE#${stateHash}`, sk: '#ATTEMPT' };
}

function userKey(provider: string, providerUserId: string) {
  return { pk: `PULSEUSER#${provider}#${providerUserId}`, sk: '#MAP' };
}

function linkOf(item: Item): PulseLink {
  return {
    subjectId: String(item.pk),
    accountId: String(item.accountId),
    provider: String(item.provider),
    platform: 'hds',
    providerUserId: String(item.providerUserId),
    linkId: String(item.linkId),
    status: item.status as PulseLink['status'],
    scopes: Array.isArray(item.scopes) ? item.scopes.map(String) : [],
    linkedAt: Number(item.linkedAt),
    tokens: (item.tokens as SealedSecret | null | undefined) ?? null,
    tokenVersion: Number(item.tokenVersion ?? 0),
    tokenExpiresAt: Number(item.tokenExpiresAt ?? 0),
    subscriptions: (item.subscriptions as Record<string, string> | undefined) ?? {},
    backfill: item.backfill as PulseLink['backfill'],
    lastEventAt: typeof item.lastEventAt === 'number' ? item.lastEventAt : null,
  };
}

function mappingOf(item: Item): ProviderUserMapping {
  return {
    accountId: String(item.accountId),
    subjectId: String(item.subjectId),
    userId: Number(item.userId),
    linkId: String(item.linkId),
  };
}
