import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../../infra/local/runtime';
import { type DynamoServer, hasJava, startDynamoDbLocal } from '../support/dynamo-servers';
import { client } from '../support/harness';

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hds-tools-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs one of the package's local tools as a newcomer would, on its own data folder. */
async function tool(script: string, args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `infra/local/${script}`, ...args], {
    env: { ...process.env, HDS_DATA_DIR: dataDir, HDS_LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
  return stdout;
}

describe('npm run keys and npm run invoke', () => {
  it('creates, lists and revokes keys of the local store, and invokes a handler with one', async () => {
    const created = JSON.parse(await tool('keys-cli.ts', ['create', '--name', 'tools']));
    expect(created.secret).toMatch(/^hds_live_/);
    const listed = JSON.parse(await tool('keys-cli.ts', ['list', '--account', created.account_id]));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ key_id: created.key_id, prefix: created.secret.slice(0, 13), revoked_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const invoked = JSON.parse(
      await tool('invoke.ts', ['list-models', 'events/list-models.json'], { HDS_API_KEY: created.secret }),
    );
    expect(invoked.statusCode).toBe(200);
    expect(JSON.parse(invoked.body).data).toHaveLength(2);

    await tool('keys-cli.ts', ['revoke', '--account', created.account_id, '--key', created.key_id]);
    // A refusal is printed like any result, and the exit code says it was one.
    const failed = await tool('invoke.ts', ['list-models', 'events/list-models.json'], {
      HDS_API_KEY: created.secret,
    }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(JSON.parse(failed!.stdout).statusCode).toBe(401);
  });
});

describe.skipIf(!hasJava())('configured endpoints replace the emulators', () => {
  let dynamo: DynamoServer;
  beforeAll(async () => {
    dynamo = await startDynamoDbLocal();
  }, 90_000);
  afterAll(() => dynamo?.stop());

  it('serves the API on a configured DynamoDB (AWS DynamoDB Local here)', async () => {
    const rt = await startRuntime({
      env: {
        HDS_DYNAMODB_ENDPOINT: dynamo.endpoint,
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        HDS_LOG_LEVEL: 'silent',
      },
    });
    try {
      expect(rt.services.config.dynamoEndpoint).toBe(dynamo.endpoint);
      const { accounts, config } = rt.services;
      const account = await accounts.createAccount('ddb-local');
      const { issueApiKey } = await import('../../shared/services/api-keys');
      const { secret } = await issueApiKey(accounts, account.accountId, { name: 'x', region: config.region });
      const api = client(rt.url, secret);
      const write = await api.post('/v1/data', {
        retention: 'permanent',
        records: [{ indicator: 'Heart rate', value: 61, unit: 'bpm' }],
      });
      expect(write.status).toBe(200);
      const read = await api.get('/v1/data');
      expect(read.body.data[0]).toMatchObject({ value: '61', loinc_code: '8867-4' });
    } finally {
      await rt.stop();
    }
  });
});
