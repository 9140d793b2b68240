import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type JwksStore, type PublishedJwk, RETIRED_KEY_PUBLISHED_SECONDS } from '../../ports/jwks-store';
import type { PublicJwk } from '../../ports/token-signer';
import { applied } from './conditional';

const KEY = { pk: 'JWKS', sk: '#JWKS' };
/** Concurrent writers are a few cold starts at once; this many lost rounds means something else is wrong. */
const MAX_ATTEMPTS = 20;

/**
 * The JWKS as one identity-table item (`JWKS` / `#JWKS`, design 3.10) with a `version`: every change is a read, then a
 * write conditioned on the version read (optimistic), repeated on conflict, so concurrent publishers never drop each
 * other's keys. Keys retired longer than the publication period are dropped whenever the item is written.
 */
export class DynamoJwksStore implements JwksStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async ensurePublished(jwk: PublicJwk, nowMs: number): Promise<void> {
    await this.change(nowMs, (keys) => (keys.some((k) => k.kid === jwk.kid) ? null : [...keys, publicPart(jwk)]));
  }

  async read(nowMs: number): Promise<{ keys: PublicJwk[] }> {
    const { keys } = await this.load();
    return { keys: stillPublished(keys, nowMs).map(publicPart) };
  }

  async retire(kid: string, nowMs: number): Promise<boolean> {
    let found = false;
    await this.change(nowMs, (keys) => {
      const key = keys.find((k) => k.kid === kid);
      found = key !== undefined;
      if (!key || key.retiredAt !== undefined) return null;
      return keys.map((k) => (k === key ? { ...k, retiredAt: Math.floor(nowMs / 1000) } : k));
    });
    return found;
  }

  /** Applies `edit` (null: nothing to change) to the current keys until a write wins the version race. */
  private async change(nowMs: number, edit: (keys: PublishedJwk[]) => PublishedJwk[] | null): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { keys, version } = await this.load();
      const edited = edit(keys);
      if (!edited) return;
      if (await this.write(stillPublished(edited, nowMs), version)) return;
    }
    throw new Error(`JWKS item still contended after ${MAX_ATTEMPTS} attempts`);
  }

  private write(keys: PublishedJwk[], version: number | null): Promise<boolean> {
    if (version === null) {
      return applied(
        this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...KEY, keys, version: 1 },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    }
    return applied(
      this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: KEY,
          // `keys` is a DynamoDB reserved word.
          UpdateExpression: 'SET #keys = :keys, #version = :next',
          ConditionExpression: '#version = :read',
          ExpressionAttributeNames: { '#keys': 'keys', '#version': 'version' },
          ExpressionAttributeValues: { ':keys': keys, ':next': version + 1, ':read': version },
        }),
      ),
    );
  }

  /** The keys and the version they were read at (null: no item yet). */
  private async load(): Promise<{ keys: PublishedJwk[]; version: number | null }> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: KEY, ConsistentRead: true }));
    if (!out.Item) return { keys: [], version: null };
    return { keys: (out.Item.keys ?? []) as PublishedJwk[], version: Number(out.Item.version) };
  }
}

function stillPublished(keys: PublishedJwk[], nowMs: number): PublishedJwk[] {
  const now = Math.floor(nowMs / 1000);
  return keys.filter((k) => k.retiredAt === undefined || k.retiredAt + RETIRED_KEY_PUBLISHED_SECONDS > now);
}

/** Exactly the JWK members, so neither `retiredAt` nor anything a caller added reaches the table or the wire. */
function publicPart(jwk: PublicJwk): PublicJwk {
  return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: jwk.alg, use: jwk.use };
}
