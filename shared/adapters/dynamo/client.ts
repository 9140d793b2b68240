import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../config/config';
import { traceAwsClient } from '../../observability';

/** One document client per process, pointed at a configured endpoint (emulator, LocalStack) when set. */
export function createDocumentClient(cfg: Pick<Config, 'region' | 'dynamoEndpoint'>): DynamoDBDocumentClient {
  const client = traceAwsClient(
    new DynamoDBClient({
      region: cfg.region,
      ...(cfg.dynamoEndpoint ? { endpoint: cfg.dynamoEndpoint } : {}),
      maxAttempts: 4,
    }),
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
