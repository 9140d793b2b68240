import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTables } from '../../infra/local/tables';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { DynamoRecordStore } from '../../shared/adapters/dynamo/dynamo-record-store';
import { type Config, readConfig } from '../../shared/config/config';
import type { HealthRecord } from '../../shared/domain/records';
import { type DynamoServer, hasJava, startDynalite, startDynamoDbLocal } from './dynamo-servers';

/**
 * The set-up the DynamoDB adapter suites share: the servers they run on, the tables, a record store over them, a
 * Subject to write under and a complete reading to write.
 */

// The SDK wants credentials even for a local endpoint; any will do.
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

/** dynalite always, and AWS's own DynamoDB Local where Java is installed: the two disagree in places that matter. */
export const dynamoServers: [string, () => Promise<DynamoServer>][] = [['dynalite', startDynalite]];
if (hasJava()) dynamoServers.push(['DynamoDB Local', startDynamoDbLocal]);
else console.warn('java not found: the DynamoDB Local half of this suite cannot run here');

/** A configuration naming the tables `records-<suffix>`, `accounts-<suffix>` and `rl-<suffix>`. */
export function tablesConfig(suffix: string, env: NodeJS.ProcessEnv = {}): Config {
  return readConfig({
    HDS_TABLE_RECORDS: `records-${suffix}`,
    HDS_TABLE_ACCOUNTS: `accounts-${suffix}`,
    HDS_TABLE_RATE_LIMITS: `rl-${suffix}`,
    ...env,
  });
}

export interface RecordStoreFixture {
  server: DynamoServer;
  doc: DynamoDBDocumentClient;
  store: DynamoRecordStore;
}

/** Starts a server, creates `cfg`'s tables on it and answers a record store over them; stop `server` after. */
export async function startRecordStore(start: () => Promise<DynamoServer>, cfg: Config): Promise<RecordStoreFixture> {
  const server = await start();
  await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint }), cfg);
  const doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: server.endpoint });
  return { server, doc, store: new DynamoRecordStore(doc, cfg.tables.records) };
}

/** A new Subject of account `acct`, its id unique to this run. */
export async function newSubject(
  store: DynamoRecordStore,
  name: string,
  createdAt = new Date().toISOString(),
): Promise<string> {
  const id = `sbj_${name}_${Math.random().toString(36).slice(2)}`;
  await store.createSubject(id, 'acct', name, createdAt);
  return id;
}

/** A heart-rate reading of 60/min with every field filled, taken `id` minutes into 2026; `over` changes any. */
export function heartRateRecord(subjectId: string, id: number, over: Partial<HealthRecord> = {}): HealthRecord {
  return {
    id,
    subjectId,
    indicator: 'Heart rate',
    value: '60',
    parsedValue: '60',
    parsedUnit: '/min',
    loincCode: '8867-4',
    canonicalName: 'Heart rate',
    fhirResourceId: `obs-${id}`,
    time: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
    endTime: null,
    source: 'api',
    comment: '',
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    abnormal: null,
    sessionId: null,
    fileKey: null,
    retention: 'permanent',
    expiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    fhir: { resourceType: 'Observation', id: `obs-${id}` },
    ...over,
  };
}
