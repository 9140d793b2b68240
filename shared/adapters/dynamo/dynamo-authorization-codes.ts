import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  AUTHORIZATION_CODE_KEPT_SECONDS,
  AUTHORIZATION_CODE_SECONDS,
  type AuthorizationCode,
  type AuthorizationCodes,
  type CodeRedemption,
  type NewAuthorizationCode,
  type Redeemed,
  s256Challenge,
} from '../../ports/authorization-codes';
import { hashToken, newGrantId, randomBase62 } from '../../ports/grant-store';

type Item = Record<string, unknown>;

/** Not a base64url character, so it equals no stored challenge: what a missing verifier is compared as. */
const NO_VERIFIER = '!';

/**
 * Authorization codes in the identity table, keyed by the code's SHA-256 (`AUTHZ#<hash>` / `#AUTHZ`, design 3.6).
 * Redemption is one conditional Update carrying every check, PKCE included (the challenge is computed here and
 * compared by the condition), so a mismatch writes nothing and concurrent redemptions have one winner. The item
 * outlives its validity by a day so that a replay is recognised.
 */
export class DynamoAuthorizationCodes implements AuthorizationCodes {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async issue(code: NewAuthorizationCode, nowMs: number): Promise<{ code: string; grantId: string }> {
    const now = Math.floor(nowMs / 1000);
    const secret = randomBase62(43);
    const grantId = newGrantId();
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...codeKey(secret),
          ...Object.fromEntries(Object.entries(code).filter(([, v]) => v !== undefined)),
          grantId,
          validUntil: now + AUTHORIZATION_CODE_SECONDS,
          expiresAt: now + AUTHORIZATION_CODE_KEPT_SECONDS,
        },
        // 256 random bits never collide; the condition only guarantees a code is never overwritten.
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { code: secret, grantId };
  }

  async redeem(redemption: CodeRedemption, nowMs: number): Promise<Redeemed> {
    const key = codeKey(redemption.code);
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key,
          UpdateExpression: 'SET usedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(usedAt) AND validUntil > :now AND clientId = :client ' +
            'AND redirectUri = :redirect AND (attribute_not_exists(codeChallenge) OR codeChallenge = :challenge)',
          ExpressionAttributeValues: {
            ':now': Math.floor(nowMs / 1000),
            ':client': redemption.clientId,
            ':redirect': redemption.redirectUri,
            ':challenge': redemption.codeVerifier === undefined ? NO_VERIFIER : s256Challenge(redemption.codeVerifier),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { ok: true, item: toCode(out.Attributes ?? {}) };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return out.Item?.usedAt !== undefined ? { ok: false, replayedGrantId: String(out.Item.grantId) } : { ok: false };
  }
}

function codeKey(code: string) {
  return { pk: `AUTHZ#${hashToken(code)}`, sk: '#AUTHZ' };
}

function toCode(item: Item): AuthorizationCode {
  return {
    clientId: String(item.clientId),
    redirectUri: String(item.redirectUri),
    ...(item.codeChallenge !== undefined ? { codeChallenge: String(item.codeChallenge) } : {}),
    userId: Number(item.userId),
    accountId: String(item.accountId),
    scope: String(item.scope),
    grantId: String(item.grantId),
    validUntil: Number(item.validUntil),
    ...(item.usedAt !== undefined ? { usedAt: Number(item.usedAt) } : {}),
  };
}
