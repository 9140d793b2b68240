import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoRateLimiter } from '../../../shared/adapters/dynamo/dynamo-rate-limiter';
import { readConfig } from '../../../shared/config/config';
import { type DynamoServer, startDynalite } from '../../support/dynamo-servers';

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

let server: DynamoServer;
let fresh: () => DynamoRateLimiter;
let doc: DynamoDBDocumentClient;
const cfg = readConfig({ HDS_TABLE_RATE_LIMITS: 'rl-sliding', HDS_TABLE_ACCOUNTS: 'a-sl', HDS_TABLE_RECORDS: 'r-sl' });

beforeAll(async () => {
  server = await startDynalite();
  await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint }), cfg);
  doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: server.endpoint });
  // Each limiter is a separate process's: its cache of closed buckets is its own.
  fresh = () => new DynamoRateLimiter(doc, cfg.tables.rateLimits);
}, 60_000);
afterAll(() => server?.stop());

const T0 = Date.UTC(2030, 0, 1, 0, 0, 0);
const at = (seconds: number) => T0 + seconds * 1000;

describe('DynamoRateLimiter: a sliding minute', () => {
  it('lets no burst through across a minute boundary', async () => {
    const limiter = fresh();
    const account = 'acct_boundary';
    const first = await Promise.all(Array.from({ length: 10 }, () => limiter.hit(account, 'r', 10, at(59))));
    expect(first.filter((d) => d.allowed)).toHaveLength(10);
    // A fixed window would open 10 more here, one second later.
    const second = await fresh().hit(account, 'r', 10, at(61));
    expect(second.allowed).toBe(false);
    // Retry-After points at when the burst leaves the window: its bucket (50–60 s) is out by 120 s.
    expect(second.resetAt).toBe(T0 / 1000 + 120);
    expect((await fresh().hit(account, 'r', 10, at(119))).allowed).toBe(false);
    expect((await fresh().hit(account, 'r', 10, at(120))).allowed).toBe(true);
  });

  it('never lets more than the limit through in any 60 seconds of a long, uneven stream', async () => {
    const limit = 7;
    const account = 'acct_stream';
    const allowed: number[] = [];
    let t = 0;
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const limiters = [fresh(), fresh(), fresh()];
    while (t < 600) {
      // Bursts and lulls: most requests come a fraction of a second apart, some after long pauses.
      t += random() < 0.1 ? random() * 40 : random() * 1.5;
      const decision = await limiters[Math.floor(random() * 3)]!.hit(account, 'r', limit, at(t));
      if (decision.allowed) allowed.push(t);
    }
    for (const end of allowed) {
      const inWindow = allowed.filter((s) => s > end - 60 && s <= end).length;
      expect(inWindow, `60 s ending at ${end.toFixed(1)}`).toBeLessThanOrEqual(limit);
    }
    // Strict, not starved: over ten minutes well over half the fixed-window quota still got through.
    expect(allowed.length).toBeGreaterThan(limit * 6);
  });

  it('counts a cost of several at once, refusing what would pass the limit, and never overshoots under concurrency', async () => {
    const account = 'acct_cost';
    const limiter = fresh();
    expect((await limiter.hit(account, 'r', 5, at(5), 4)).allowed).toBe(true);
    expect((await limiter.hit(account, 'r', 5, at(6), 2)).allowed).toBe(false);
    expect((await limiter.hit(account, 'r', 5, at(7), 1)).allowed).toBe(true);
    expect((await limiter.hit(account, 'r', 5, at(8), 6)).allowed).toBe(false);
    const racing = await Promise.all(Array.from({ length: 30 }, () => fresh().hit('acct_race', 'r', 12, at(30))));
    expect(racing.filter((d) => d.allowed)).toHaveLength(12);
  });
});

describe('DynamoRateLimiter: other window lengths', () => {
  it('slides a five-minute window in buckets of 50 s and says when it frees up', async () => {
    const account = 'acct_five';
    for (const t of [10, 20, 30]) expect((await fresh().hit(account, 'r', 3, at(t), 1, 300)).allowed).toBe(true);
    const refused = await fresh().hit(account, 'r', 3, at(100), 1, 300);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // The burst's bucket (0–50 s) leaves the window once the seven buckets counted start at 50 s.
    expect(refused.resetAt).toBe(T0 / 1000 + 350);
    expect((await fresh().hit(account, 'r', 3, at(349), 1, 300)).allowed).toBe(false);
    expect((await fresh().hit(account, 'r', 3, at(350), 1, 300)).allowed).toBe(true);
    // The counter expires once out of every window: two windows after its bucket began.
    const item = await doc.send(
      new GetCommand({ TableName: cfg.tables.rateLimits, Key: { pk: `${account}#r#w300#${T0 / 1000}` } }),
    );
    expect(item.Item).toMatchObject({ hits: 3, expiresAt: T0 / 1000 + 600 });
  });

  it('counts each window length of one key apart, and the default is the minute', async () => {
    const account = 'acct_rules';
    const limiter = fresh();
    expect((await limiter.hit(account, 'r', 2, at(1))).allowed).toBe(true);
    expect((await limiter.hit(account, 'r', 2, at(2), 1, 60)).allowed).toBe(true);
    expect((await limiter.hit(account, 'r', 2, at(3), 1, 60)).allowed).toBe(false);
    expect((await limiter.hit(account, 'r', 2, at(4))).allowed).toBe(false);
    // The day's counter has seen none of them.
    expect((await limiter.hit(account, 'r', 2, at(5), 1, 86_400)).allowed).toBe(true);
    expect((await limiter.hit(account, 'r', 2, at(6), 1, 86_400)).allowed).toBe(true);
    const day = await limiter.hit(account, 'r', 2, at(7_200), 1, 86_400);
    expect(day.allowed).toBe(false);
    // Buckets of four hours: the first leaves a day-long count at 28 h.
    expect(day.resetAt).toBe(T0 / 1000 + 7 * 14_400);
  });

  it('refuses a window that is not a whole number of seconds', async () => {
    for (const w of [0, -60, 1.5, Number.NaN]) {
      await expect(fresh().hit('acct_bad', 'r', 1, at(0), 1, w)).rejects.toThrow(/windowSeconds/);
    }
  });
});
