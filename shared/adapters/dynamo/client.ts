import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../config/config';

/**
 * One document client per process. Against a configured endpoint (the embedded emulator, DynamoDB
 * Local, LocalStack) dummy credentials are supplied when none are set, as those servers ignore them.
 */
export function createDocumentClient(cfg: Pick<Config, 'region' | 'dynamoEndpoint'>): DynamoDBDocumentClient {
  const local = cfg.dynamoEndpoint !== undefined;
  const client = new DynamoDBClient({
    region: cfg.region,
    ...(local ? { endpoint: cfg.dynamoEndpoint } : {}),
    ...(local && !process.env.AWS_ACCESS_KEY_ID
      ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 4,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}
