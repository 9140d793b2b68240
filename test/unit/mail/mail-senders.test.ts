import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailSender } from '../../../shared/adapters/mail/outbox-mail-sender';
import { SesMailSender } from '../../../shared/adapters/mail/ses-mail-sender';
import { SmtpMailSender } from '../../../shared/adapters/mail/smtp-mail-sender';
import { MailDeliveryError } from '../../../shared/ports/mail-sender';
import { closedPort } from '../../support/closed-port';

const MESSAGE = {
  to: 'zoë@example.org',
  subject: 'Your HDS sign-in code',
  text: 'Your code is 428913.\nIt expires in 10 minutes.',
};
const FROM = 'HDS <no-reply@hds.example>';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hds-outbox-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the outbox', () => {
  it('writes one private RFC 5322 .eml per message, whole, that a mail parser reads back', async () => {
    const outbox = join(dir, 'outbox');
    const sender = new OutboxMailSender(outbox, FROM, () => new Date('2026-11-25T10:00:00Z'));
    await sender.send(MESSAGE);
    await sender.send({ ...MESSAGE, to: 'second@example.org' });
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^2026-11-25T10-00-00-000Z-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect((await stat(join(outbox, files[0]!))).mode & 0o777).toBe(0o600);
    const raw = await readFile(join(outbox, files.find((f) => f)!));
    expect(raw.toString('latin1')).toMatch(/\r\n\r\n/);
    expect(raw.toString('latin1').split('\r\n')).toContain('MIME-Version: 1.0');
    const parsed = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(outbox, f)))));
    const first = parsed.find((p) => p.to && 'text' in p.to && p.to.text.includes('zoë'))!;
    expect(first.subject).toBe('Your HDS sign-in code');
    expect(first.from?.value[0]).toMatchObject({ name: 'HDS', address: 'no-reply@hds.example' });
    expect(first.text?.trim()).toBe(MESSAGE.text);
    expect(first.date?.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(first.messageId).toMatch(/^<[0-9a-f]{24}@hds\.example>$/);
  });
});

describe('SMTP', () => {
  let server: SMTPServer;
  let port: number;
  const received: Buffer[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands the message to an SMTP server, and names a refused connection by its code', async () => {
    const sender = new SmtpMailSender(`smtp://127.0.0.1:${port}`, FROM);
    await sender.send(MESSAGE);
    sender.close();
    const parsed = await simpleParser(received.at(-1)!);
    expect(parsed.subject).toBe(MESSAGE.subject);
    expect(parsed.text?.trim()).toBe(MESSAGE.text);

    const down = new SmtpMailSender(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const err = await down.send(MESSAGE).catch((e: unknown) => e);
    down.close();
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect((err as MailDeliveryError).kind).toMatch(/^E[A-Z]+$/);
    expect((err as Error).message).not.toContain('zoë');
  });
});

describe('Amazon SES (v2)', () => {
  let server: Server;
  let endpoint: string;
  const requests: { path: string; body: any }[] = [];
  let refuse = false;
  beforeAll(async () => {
    // The SESv2 REST protocol as the SDK speaks it: POST /v2/email/outbound-emails, errors by x-amzn-ErrorType.
    server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      requests.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (refuse) {
        res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
        res.end(JSON.stringify({ message: 'Email address is not verified.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: '0100019a-ses-id' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () =>
    new SESv2Client({
      endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
    });

  it('sends SendEmail with simple content from the verified identity, and names a refusal by its SES error', async () => {
    const identityArn = 'arn:aws:ses:eu-west-1:111122223333:identity/hds.example';
    const sender = new SesMailSender(client(), { from: FROM, identityArn, configurationSet: 'hds' });
    await sender.send(MESSAGE);
    expect(requests.at(-1)!.path).toBe('/v2/email/outbound-emails');
    expect(requests.at(-1)!.body).toEqual({
      FromEmailAddress: FROM,
      FromEmailAddressIdentityArn: identityArn,
      Destination: { ToAddresses: [MESSAGE.to] },
      ConfigurationSetName: 'hds',
      Content: {
        Simple: {
          Subject: { Data: MESSAGE.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: MESSAGE.text, Charset: 'UTF-8' } },
        },
      },
    });
    refuse = true;
    const err = await sender.send(MESSAGE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailDeliveryError);
    expect(err).toMatchObject({ kind: 'MessageRejected' });
    expect((err as Error).message).not.toMatch(/zoë|428913/);
  });
});
