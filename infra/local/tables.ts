import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndexDescription,
  ResourceInUseException,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { type TableDefinition, tableDefinitions } from '../../shared/adapters/dynamo/table-definitions';
import type { Config } from '../../shared/config/config';
import { log } from '../../shared/log';

/**
 * Creates the tables of `tableDefinitions` on the embedded server (or any configured endpoint) when
 * missing, from the same definitions the CDK stateful stack deploys. TTL itself is configured only in
 * the cloud: every read filters on the expiry attribute and the sweeper deletes, so the emulator
 * needs none.
 */
export async function ensureTables(client: DynamoDBClient, cfg: Config): Promise<void> {
  for (const def of Object.values(tableDefinitions)) {
    const name = cfg.tables[def.name];
    try {
      const existing = await client.send(new DescribeTableCommand({ TableName: name }));
      warnOnStaleIndexes(def, existing.Table?.GlobalSecondaryIndexes ?? []);
      continue;
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
    }
    try {
      await client.send(new CreateTableCommand(createInput(def, name)));
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
    }
  }
}

/**
 * A table kept in a local data folder from an older version may lack attributes an index now projects;
 * the emulator cannot change an index in place, and reads filtering on a missing attribute would quietly
 * match less. Say so, once, at start.
 */
function warnOnStaleIndexes(def: TableDefinition, existing: GlobalSecondaryIndexDescription[]): void {
  for (const index of def.indexes) {
    const found = existing.find((i) => i.IndexName === index.name);
    const projected = new Set(found?.Projection?.NonKeyAttributes ?? []);
    const all = found?.Projection?.ProjectionType === 'ALL';
    const missing = all || !found ? [] : (index.projection ?? []).filter((a) => !projected.has(a));
    if (!found || missing.length > 0) {
      log('warn', 'local table was created by an older version; delete the data folder to rebuild it', {
        table: def.name,
        index: index.name,
        missing: found ? missing : 'index',
      });
    }
  }
}

function createInput(def: TableDefinition, tableName: string): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>([[def.partitionKey, 'S']]);
  if (def.sortKey) attributes.set(def.sortKey, 'S');
  for (const index of def.indexes) {
    attributes.set(index.partitionKey, 'S');
    attributes.set(index.sortKey, index.sortKeyType);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: [
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    ...(def.indexes.length > 0
      ? {
          GlobalSecondaryIndexes: def.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
              { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
            ],
            Projection: !index.projection
              ? { ProjectionType: 'ALL' as const }
              : index.projection.length === 0
                ? { ProjectionType: 'KEYS_ONLY' as const }
                : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] },
          })),
        }
      : {}),
  };
}
