import { timingSafeEqual } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  LOGIN_CODE_MAX_TRIES,
  LOGIN_CODE_RESEND_SECONDS,
  LOGIN_CODE_TTL_SECONDS,
  type LoginCodes,
} from '../../ports/login-codes';
import { applied } from './conditional';

/**
 * Login codes in the identity table, one item per address (`CODE#<emailKey>` / `#CODE`, design 3.3). Every guarantee
 * is one conditional write on that item: the resend guard on the Put, the try limit and validity on an `ADD tries`
 * made before comparing, single use on a Delete conditioned on the code. `expiresAt` lets TTL collect dead items; reads
 * check `validUntil` themselves.
 */
export class DynamoLoginCodes implements LoginCodes {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async issue(emailKey: string, codeMac: string, nowMs: number) {
    const now = Math.floor(nowMs / 1000);
    const stored = await applied(
      this.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...key(emailKey),
            codeMac,
            tries: 0,
            issuedAt: now,
            validUntil: now + LOGIN_CODE_TTL_SECONDS,
            resendAfter: now + LOGIN_CODE_RESEND_SECONDS,
            expiresAt: now + LOGIN_CODE_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR resendAfter <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    );
    if (stored) return { issued: true as const };
    const current = await this.doc.send(new GetCommand({ TableName: this.table, Key: key(emailKey) }));
    const resendAfter = Number(current.Item?.resendAfter ?? now + 1);
    return { issued: false as const, retryAfterSeconds: Math.max(1, resendAfter - now) };
  }

  async withdraw(emailKey: string, codeMac: string): Promise<void> {
    await this.deleteIfStill(emailKey, codeMac);
  }

  async redeem(emailKey: string, codeMac: string, nowMs: number): Promise<boolean> {
    const now = Math.floor(nowMs / 1000);
    let stored: string;
    try {
      const counted = await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key(emailKey),
          UpdateExpression: 'ADD tries :one',
          ConditionExpression: 'tries < :max AND validUntil > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': LOGIN_CODE_MAX_TRIES, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      stored = String(counted.Attributes?.codeMac ?? '');
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
    if (!sameMac(stored, codeMac)) return false;
    // Spent on its first right use: a concurrent twin's Delete finds no item, or another code, and fails.
    return this.deleteIfStill(emailKey, codeMac);
  }

  /** Deletes the address's code only while it is still `codeMac`; false when another (or none) is stored. */
  private deleteIfStill(emailKey: string, codeMac: string): Promise<boolean> {
    return applied(
      this.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: key(emailKey),
          ConditionExpression: 'codeMac = :mac',
          ExpressionAttributeValues: { ':mac': codeMac },
        }),
      ),
    );
  }
}

function key(emailKey: string) {
  return { pk: `CODE#${emailKey}`, sk: '#CODE' };
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
