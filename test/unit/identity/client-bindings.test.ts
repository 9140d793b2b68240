import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoClientBindings } from '../../../shared/adapters/dynamo/dynamo-client-bindings';
import { newGrantId } from '../../../shared/ports/grant-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

describe.each(servers)('DynamoClientBindings on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let bindings: DynamoClientBindings;
  let n = 0;
  const clientId = () => `hdsc_${String(++n).padStart(22, '0')}`;
  const binding = (client: string, userId: number) => ({
    clientId: client,
    userId,
    scope: 'mcp:read',
    grantId: newGrantId(),
  });
  const pointer = async (userId: number, client: string) =>
    (await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `UID#${userId}`, sk: `BIND#${client}` } }))).Item;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    bindings = new DynamoClientBindings(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('binds a client to one user only, even when several bind at once', async () => {
    const client = clientId();
    const users = [1, 2, 3, 4, 5].map((i) => 100_000_000_000_000 + i);
    const outcomes = await Promise.all(users.map((u) => bindings.bind(binding(client, u), T0)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const owner = users[outcomes.indexOf(true)]!;
    expect(await bindings.get(client)).toMatchObject({ clientId: client, userId: owner, boundAt: T0 / 1000 });
    for (const u of users) expect(Boolean(await pointer(u, client)), String(u)).toBe(u === owner);
    expect(await bindings.listForUser(owner)).toEqual([client]);
    // The owner binding again is refused too, and keeps its pointer.
    expect(await bindings.bind(binding(client, owner), T0)).toBe(false);
    expect(await pointer(owner, client)).toBeDefined();
  });

  it('unbinds only for the bound user, answering the binding so its grant can be revoked', async () => {
    const client = clientId();
    const mine = binding(client, 100_000_000_000_010);
    await bindings.bind(mine, T0);
    expect(await bindings.unbind(client, 100_000_000_000_011)).toBeNull();
    expect(await bindings.get(client)).not.toBeNull();
    expect(await bindings.unbind(client, mine.userId)).toEqual({ ...mine, boundAt: T0 / 1000 });
    expect(await bindings.get(client)).toBeNull();
    expect(await bindings.listForUser(mine.userId)).toEqual([]);
    expect(await bindings.bind(binding(client, 100_000_000_000_011), T0)).toBe(true);
  });

  it('answers a malformed client id as unbound', async () => {
    expect(await bindings.get('x'.repeat(3000))).toBeNull();
    expect(await bindings.unbind('', 1)).toBeNull();
  });
});
