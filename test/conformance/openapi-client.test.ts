import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const generated = `${root}test/generated`;
/** openapi-typescript 7.13 with the TypeScript 5 it needs, apart from the project's TypeScript 7 (package.json). */
const generator = `${root}node_modules/hds-openapi-types-generator/node_modules/openapi-typescript/bin/cli.js`;

type WriteAndRead = (
  baseUrl: string,
  key: string,
  user: string,
) => Promise<{ ingested: number; subject: string; readings: { indicator: string; loinc: string | null }[] }>;

let hds: Harness;
let key: string;

beforeAll(async () => {
  hds = await startHarness();
  ({ key } = await hds.newAccount('openapi-client'));
});
afterAll(() => hds?.stop());

describe('a client generated from /v1/openapi.json', () => {
  it('serves the document publicly, cached, and answers 304 to its ETag', async () => {
    const res = await fetch(`${hds.url}/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    const document = (await res.json()) as { openapi: string; servers: { url: string }[] };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe(hds.url);
    const again = await fetch(`${hds.url}/v1/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('generates types with openapi-typescript, typechecks a client with them, and writes and reads data', async () => {
    const document = await (await fetch(`${hds.url}/v1/openapi.json`)).text();
    await mkdir(generated, { recursive: true });
    await writeFile(`${generated}/openapi.json`, document);
    await run(process.execPath, [generator, `${generated}/openapi.json`, '-o', `${generated}/hds-api.d.ts`], {
      cwd: root,
    });
    // The project's own tsc (TypeScript 7) on the client file and the generated types.
    await run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', 'test/conformance/openapi-client'], {
      cwd: root,
    }).catch((err: { stdout?: string }) => {
      throw new Error(`the generated client does not typecheck:\n${err.stdout}`);
    });

    // Imported by a computed path: the root typecheck must not follow it to types a fresh clone has not generated.
    const usage = './openapi-client/usage';
    const { writeAndRead } = (await import(usage)) as { writeAndRead: WriteAndRead };
    const result = await writeAndRead(hds.url, key, 'openapi-client');
    expect(result.ingested).toBe(2);
    expect(result.subject).toBe('openapi-client');
    expect(result.readings.map((r) => r.indicator).sort()).toEqual(['Glucose', 'Heart rate']);
    expect(result.readings.find((r) => r.indicator === 'Glucose')!.loinc).toBeTruthy();
  });
});
