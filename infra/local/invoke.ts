import { readFile } from 'node:fs/promises';
import { manifest } from '../../functions/routes';
import { attachToLocalStore } from './attach';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';
import { invokeOnce } from './response-stream';

/**
 * `npm run invoke -- <route-id> <event.json>`: runs one handler on one event, as `sam local invoke`
 * would, against the local store. `HDS_API_KEY` replaces the event's Authorization header, so the
 * sample events under events/ run with a key of your own. The result is printed whatever it is; the exit
 * code is 1 when an HTTP handler answered 4xx/5xx, so scripts can tell a refusal from a success.
 */
async function main(): Promise<void> {
  const [id, file] = process.argv.slice(2);
  const entry = manifest.find((e) => e.id === id);
  if (!entry || !file) {
    console.error(
      `usage: npm run invoke -- <route-id> <event.json>\nroute ids: ${manifest.map((e) => e.id).join(', ')}`,
    );
    process.exit(2);
  }
  const event = JSON.parse(await readFile(file, 'utf8'));
  if (process.env.HDS_API_KEY && event.headers) event.headers.authorization = `Bearer ${process.env.HDS_API_KEY}`;
  const store = await attachToLocalStore();
  try {
    const handler = await loadHandler(entry);
    const result = await invokeOnce(handler, event, lambdaContext(entry.id, entry.needs.timeoutSeconds ?? 10));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (isHttpError(result)) process.exitCode = 1;
  } finally {
    await store.release();
  }
}

function isHttpError(result: unknown): boolean {
  const status = (result as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err?.message ?? err);
    process.exit(1);
  },
);
