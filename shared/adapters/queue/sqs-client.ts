import { SQSClient } from '@aws-sdk/client-sqs';
import { traceAwsClient } from '../../observability';

/**
 * The SQS client for the configured queues, pointed at the host their URLs name (AWS's regional endpoint,
 * LocalStack, …). Left to resolve its own endpoint, the SDK warns on every call whose queue URL names another host.
 */
export function sqsClient(region: string, queueUrls: Record<string, string | undefined>): SQSClient {
  const first = Object.values(queueUrls).find((u): u is string => !!u);
  return traceAwsClient(new SQSClient({ region, ...(first ? { endpoint: new URL(first).origin } : {}) }));
}
