import type { TableName } from '../../config/resources';

/**
 * DynamoDB table shapes, as pure data read by the CDK stateful stack and by the local runtime's
 * bootstrap, so the emulator and AWS hold the same keys and indexes.
 */
export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  sortKeyType: 'S' | 'N';
  /** Non-key attributes the index carries (INCLUDE); none (KEYS_ONLY) when empty; all of them when absent. */
  projection?: readonly string[];
}

export interface TableDefinition {
  name: TableName;
  /** Environment variable carrying the physical table name. */
  envVar: string;
  partitionKey: string;
  sortKey?: string;
  /** Epoch-seconds attribute DynamoDB TTL garbage-collects on; reads filter on it themselves. */
  ttlAttribute: string;
  indexes: IndexDefinition[];
}

export const EXPIRY_ATTRIBUTE = 'expiresAt';

export const tableDefinitions: Record<TableName, TableDefinition> = {
  // Accounts, API keys (by hash), account → Subject mappings, WebSocket connections and staged uploads.
  accounts: {
    name: 'accounts',
    envVar: 'HDS_TABLE_ACCOUNTS',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: EXPIRY_ATTRIBUTE,
    indexes: [
      // The sweeper's view of what is due (connections, upload tickets, staged batches: they name a Subject key and
      // files), so nothing waits up to two days for TTL; sparse, keys only.
      { name: 'byExpiry', partitionKey: 'expiryShard', sortKey: EXPIRY_ATTRIBUTE, sortKeyType: 'N', projection: [] },
    ],
  },
  // One partition per Subject: its counter item, records (with their FHIR mirrors), sessions, write intents.
  records: {
    name: 'records',
    envVar: 'HDS_TABLE_RECORDS',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: EXPIRY_ATTRIBUTE,
    indexes: [
      // Newest-first reads: sort key `<ISO time>#<zero-padded id>`. Only what filtering needs is
      // projected (expiry, the indicator text, and the code, flag, value and range the agent's tools filter
      // on), so skipping to a deep offset reads small index entries; the page itself is fetched by key.
      {
        name: 'byTime',
        partitionKey: 'pk',
        sortKey: 'timeKey',
        sortKeyType: 'S',
        projection: [
          EXPIRY_ATTRIBUTE,
          'searchText',
          'loincCode',
          'abnormal',
          'parsedValue',
          'referenceLow',
          'referenceHigh',
        ],
      },
      // Session-scoped rows: partition `<subjectId>#<session_id>`; sparse.
      {
        name: 'bySession',
        partitionKey: 'sessionKey',
        sortKey: 'sk',
        sortKeyType: 'S',
        projection: [EXPIRY_ATTRIBUTE],
      },
      // Retention sweeper: a few shards ordered by expiry; sparse.
      {
        name: 'byExpiry',
        partitionKey: 'expiryShard',
        sortKey: EXPIRY_ATTRIBUTE,
        sortKeyType: 'N',
        projection: ['firstId', 'lastId'],
      },
    ],
  },
  // Fixed-window request counters per account × route × minute.
  rateLimits: {
    name: 'rateLimits',
    envVar: 'HDS_TABLE_RATE_LIMITS',
    partitionKey: 'pk',
    ttlAttribute: EXPIRY_ATTRIBUTE,
    indexes: [],
  },
  // People who sign in and what they hold: users, email claims, login codes, OAuth clients, authorization codes,
  // grants (refresh-token families), consents, bindings and the published signing keys (docs/design/
  // accounts-and-oauth.md §3). A table of its own so the `/v1` functions, which read untrusted files, have no grant
  // on it.
  identity: {
    name: 'identity',
    envVar: 'HDS_TABLE_IDENTITY',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: EXPIRY_ATTRIBUTE,
    indexes: [],
  },
};
