import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Harness } from './harness';
import { client } from './harness';

/** The messages in the local outbox, oldest first, parsed as RFC 5322 by a library nobody here wrote. */
export async function outboxMessages(outboxDir: string) {
  const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => simpleParser(await readFile(join(outboxDir, name)))));
}

/** The newest sign-in code mailed to `email`, read from the outbox as a developer would. */
export async function latestCode(outboxDir: string, email: string): Promise<string> {
  const messages = await outboxMessages(outboxDir);
  const mine = messages.filter((m) => m.to && JSON.stringify(m.to).toLowerCase().includes(email.toLowerCase()));
  const text = mine[mine.length - 1]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no sign-in code for ${email} in the outbox`);
  return code;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

/** Signs in over HTTP the way a person does: ask for a code, read it from the outbox, verify it. */
export async function signIn(h: Harness, email: string): Promise<Session> {
  const api = client(h.url);
  const asked = await api.post('/email/login', { email });
  if (asked.body?.code !== 0) throw new Error(`login refused: ${JSON.stringify(asked.body)}`);
  const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, email);
  const verified = await api.post('/email/verify', { email, code });
  if (verified.body?.code !== 0) throw new Error(`verify refused: ${JSON.stringify(verified.body)}`);
  return verified.body.data;
}
