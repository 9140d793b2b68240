import { readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { config } from '../../shared/config/config';

/**
 * `/_local/*`: answered by the local gateway itself, before manifest routing, and never a manifest route, so no
 * Lambda can ever be built for it (design §3). The console page uses it to read a sign-in code from the outbox
 * folder on a developer's machine:
 *
 * - `GET /_local/status` → `{outbox}`: whether this caller may read codes;
 * - `GET /_local/outbox?email=` → `{email, code, sent_at}`: the newest code mailed to that one address in the last
 *   10 minutes, only while mail goes to the outbox folder (no SMTP catcher) and only to a loopback peer, so
 *   `HOST=0.0.0.0` does not hand codes to the network. Never a listing, never another address's mail.
 */

const CODE_WINDOW_MS = 10 * 60_000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the request was a `/_local/*` one and has been answered. */
export async function handleLocal(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (!url.pathname.startsWith('/_local/')) return false;
  const outboxDir = readableOutbox(req);
  if (req.method === 'GET' && url.pathname === '/_local/status') {
    send(res, 200, { outbox: outboxDir !== null });
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/_local/outbox' && outboxDir) {
    const email = url.searchParams.get('email')?.trim().toLowerCase() ?? '';
    const found = email ? await newestCode(outboxDir, email, Date.now()) : null;
    if (found) send(res, 200, { email, code: found.code, sent_at: found.sentAt });
    else notFound(res, 'No sign-in code for that address in the local outbox within 10 minutes');
    return true;
  }
  notFound(res, `Unknown route: ${req.method} ${url.pathname}`);
  return true;
}

/** The outbox folder when this peer may read it: mail goes there (not to SMTP) and the peer is this machine. */
function readableOutbox(req: IncomingMessage): string | null {
  const { outboxDir, smtpUrl } = config().auth.mail;
  if (!outboxDir || smtpUrl) return null;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') ? outboxDir : null;
}

/** Newest first, messages younger than the window only, stopping at the first one addressed to `email`. */
async function newestCode(dir: string, email: string, now: number): Promise<{ code: string; sentAt: string } | null> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  const recent: { path: string; mtime: number }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const { mtimeMs } = await stat(path);
    if (now - mtimeMs <= CODE_WINDOW_MS) recent.push({ path, mtime: mtimeMs });
  }
  recent.sort((a, b) => b.mtime - a.mtime);
  if (recent.length === 0) return null;
  // mailparser decodes headers and quoted-printable text as any mail reader would; a dev dependency, loaded here only.
  const { simpleParser } = await import('mailparser');
  const { readFile } = await import('node:fs/promises');
  for (const { path, mtime } of recent) {
    const message = await simpleParser(await readFile(path));
    const to = [message.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
    if (!to.includes(email)) continue;
    const sentAt = message.date?.getTime() ?? mtime;
    if (now - sentAt > CODE_WINDOW_MS) continue;
    const code = /\b(\d{6})\b/.exec(message.text ?? '')?.[1];
    if (code) return { code, sentAt: new Date(sentAt).toISOString() };
  }
  return null;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function notFound(res: ServerResponse, message: string): void {
  send(res, 404, { error: { message, type: 'invalid_request_error', code: null, param: null } });
}
