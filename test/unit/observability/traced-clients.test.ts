import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../support/traced-clients.ts', import.meta.url));

function tracedClients(env: Record<string, string>): Record<string, boolean> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HDS_LOG_LEVEL: 'silent', ...env },
  });
  return JSON.parse(out);
}

it('traces DynamoDB and SQS calls on Lambda, and never S3, whose traced object keys would carry file names', () => {
  expect(tracedClients({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_LAMBDA_FUNCTION_NAME: 'list-data' })).toEqual({
    dynamodb: true,
    sqs: true,
    s3: false,
  });
});

it('leaves every client alone off Lambda, where there is no X-Ray daemon', () => {
  expect(tracedClients({})).toEqual({ dynamodb: false, sqs: false, s3: false });
});
