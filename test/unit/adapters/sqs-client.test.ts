import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sqsClient } from '../../../shared/adapters/queue/sqs-client';
import { SqsJobQueue } from '../../../shared/adapters/queue/sqs-job-queue';

/** Just enough of SQS's JSON protocol (AmazonSQS.SendMessage) to accept a message, as LocalStack would. */
let server: Server;
let url: string;
const received: { target: string; body: Record<string, string> }[] = [];

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, string>;
      received.push({ target: String(req.headers['x-amz-target']), body });
      const md5 = createHash('md5')
        .update(body.MessageBody ?? '')
        .digest('hex');
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ MessageId: 'm-1', MD5OfMessageBody: md5 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('sends to the host the queue URLs name, without warning on every call', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const urls = { purge: `${url}/000000000000/hds-purge` };
    const queue = new SqsJobQueue(sqsClient('us-east-1', urls), urls);
    await queue.send('purge', { type: 'purge-subject', subjectId: 'sbj_1' });
    await queue.send('purge', { type: 'purge-subject', subjectId: 'sbj_2' });
    expect(received.map((r) => r.target)).toEqual(['AmazonSQS.SendMessage', 'AmazonSQS.SendMessage']);
    expect(received[0]!.body.QueueUrl).toBe(urls.purge);
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
});

it('resolves AWS itself when no queue is configured', async () => {
  const client = sqsClient('eu-west-1', {});
  const endpoint = await client.config.endpoint?.();
  expect(endpoint).toBeUndefined();
  expect(await client.config.region()).toBe('eu-west-1');
});

it('delays a message by SQS DelaySeconds, and refuses a delay SQS would', async () => {
  const urls = { purge: `${url}/000000000000/hds-purge` };
  const queue = new SqsJobQueue(sqsClient('us-east-1', urls), urls);
  received.length = 0;
  await queue.send('purge', { type: 'purge-subject', subjectId: 'sbj_3' }, { delaySeconds: 900 });
  await queue.send('purge', { type: 'purge-subject', subjectId: 'sbj_4' }, { delaySeconds: 0 });
  expect(received.map((r) => r.body.DelaySeconds)).toEqual([900, undefined]);
  for (const delaySeconds of [901, -1, 1.5, Number.NaN]) {
    await expect(queue.send('purge', { type: 'purge-subject' }, { delaySeconds })).rejects.toThrow(/delaySeconds/);
  }
  expect(received).toHaveLength(2);
});
