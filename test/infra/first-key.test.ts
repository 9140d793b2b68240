import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentFromOutputs } from '../../infra/deployed-outputs';
import { STATEFUL_STACK_NAME, STATELESS_STACK_NAME } from '../../infra/hds-stacks';
import { ensureTables } from '../../infra/local/tables';
import { pascalCase } from '../../infra/naming';
import { StatefulStack } from '../../infra/stateful-stack';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { DynamoAccountStore } from '../../shared/adapters/dynamo/dynamo-account-store';
import { tableDefinitions } from '../../shared/adapters/dynamo/table-definitions';
import { readConfig } from '../../shared/config/config';
import { hashSecret } from '../../shared/domain/api-keys';
import { type DynamoServer, startDynalite } from '../support/dynamo-servers';

/**
 * The first key after `cdk deploy`: the stateful stack names what a tool needs as outputs, and `npm run keys` works
 * from the file `cdk deploy --outputs-file` writes, with nothing else configured (no queue, no data folder).
 */
describe('stack outputs', () => {
  it('name every table, the bucket and the region', () => {
    // The stateful stack alone: no function bundling needed to read its outputs.
    const stateful = new StatefulStack(new App(), STATEFUL_STACK_NAME, { env: { region: 'eu-west-1' } });
    const outputs = Template.fromStack(stateful).findOutputs('*');
    for (const definition of Object.values(tableDefinitions)) {
      const output = outputs[`${pascalCase(definition.name)}TableName`];
      expect(output?.Value, definition.name).toEqual({ Ref: expect.stringContaining(pascalCase(definition.name)) });
    }
    expect(outputs.FilesBucketName?.Value).toEqual({ Ref: expect.stringContaining('FilesBucket') });
    expect(outputs.Region?.Value).toBe('eu-west-1');
  });

  it('choose one region of several only when told which', () => {
    const one = (region: string) => ({
      AccountsTableName: `a-${region}`,
      RecordsTableName: `r-${region}`,
      RateLimitsTableName: `l-${region}`,
      IdentityTableName: `i-${region}`,
      FilesBucketName: `b-${region}`,
      Region: region,
    });
    const file = { 'Hds-Stateful-eu-west-1': one('eu-west-1'), 'Hds-Stateful-us-east-1': one('us-east-1') };
    expect(() => environmentFromOutputs(file)).toThrow(/pass --region/);
    expect(environmentFromOutputs(file, 'us-east-1')).toMatchObject({
      HDS_TABLE_ACCOUNTS: 'a-us-east-1',
      HDS_REGION: 'us-east-1',
      HDS_BUCKET: 'b-us-east-1',
    });
    expect(() => environmentFromOutputs({ 'Hds-Stateless': { BaseUrl: 'https://x' } })).toThrow(/No HDS stateful/);
  });
});

describe('npm run keys -- create --outputs', () => {
  let server: DynamoServer;
  let dir: string;
  const names = {
    accounts: 'Hds-Stateful-AccountsTable1X',
    records: 'Hds-Stateful-RecordsTable2Y',
    rateLimits: 'Hds-Stateful-RateLimits3Z',
    identity: 'Hds-Stateful-Identity4W',
  };

  beforeAll(async () => {
    server = await startDynalite();
    const cfg = readConfig({
      HDS_TABLE_ACCOUNTS: names.accounts,
      HDS_TABLE_RECORDS: names.records,
      HDS_TABLE_RATE_LIMITS: names.rateLimits,
      HDS_TABLE_IDENTITY: names.identity,
    });
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    await ensureTables(new DynamoDBClient({ region: 'eu-west-1', endpoint: server.endpoint }), cfg);
    dir = await mkdtemp(join(tmpdir(), 'hds-first-key-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates a key in the deployed tables from the outputs file alone', async () => {
    const outputsFile = join(dir, 'cdk-outputs.json');
    await writeFile(
      outputsFile,
      JSON.stringify({
        [STATEFUL_STACK_NAME]: {
          AccountsTableName: names.accounts,
          RecordsTableName: names.records,
          RateLimitsTableName: names.rateLimits,
          IdentityTableName: names.identity,
          FilesBucketName: 'hds-stateful-filesbucket-abc',
          Region: 'eu-west-1',
        },
        [STATELESS_STACK_NAME]: { BaseUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/live' },
      }),
    );
    // Only the endpoint stands in for AWS's; no queue, data folder or table names are set.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('HDS_')));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'infra/local/keys-cli.ts', 'create', '--name', 'first', '--outputs', outputsFile],
      {
        env: { ...env, HDS_DYNAMODB_ENDPOINT: server.endpoint, AWS_ENDPOINT_URL_DYNAMODB: server.endpoint },
        timeout: 60_000,
      },
    );
    const created = JSON.parse(stdout) as { secret: string; region: string; account_id: string };
    expect(created.secret).toMatch(/^hds_live_/);
    expect(created.region).toBe('eu-west-1');
    const doc = createDocumentClient({ region: 'eu-west-1', dynamoEndpoint: server.endpoint });
    const key = await new DynamoAccountStore(doc, names.accounts).findApiKeyByHash(hashSecret(created.secret));
    expect(key).toMatchObject({ accountId: created.account_id, region: 'eu-west-1', revokedAt: null });
  });
});
