/**
 * Run in a child process with Lambda's environment (tracing is decided when the Tracer is built): prints, per AWS
 * client the adapters build, whether its calls are instrumented for X-Ray.
 */
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { sqsClient } from '../../shared/adapters/queue/sqs-client';
import { createS3Client } from '../../shared/adapters/s3/client';

type Stack = { middlewareStack: { identify(): string[] } };
const traced = (client: Stack) => client.middlewareStack.identify().some((m) => m.startsWith('XRaySDK'));

const region = 'eu-west-1';
process.stdout.write(
  JSON.stringify({
    dynamodb: traced(createDocumentClient({ region })),
    sqs: traced(sqsClient(region, { purge: 'https://sqs.eu-west-1.amazonaws.com/000000000000/purge' })),
    s3: traced(createS3Client({ region })),
  }),
);
