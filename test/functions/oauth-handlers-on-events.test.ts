import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import { loadHandler } from '../../infra/local/handlers';
import { lambdaContext } from '../../infra/local/lambda-context';
import { invokeOnce } from '../../infra/local/response-stream';
import { type Harness, startHarness } from '../support/harness';

/** The OAuth handlers on their sample events, as API Gateway would hand them over. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

async function invoke(id: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  const ev = JSON.parse(readFileSync(new URL(`../../events/${id}.json`, import.meta.url), 'utf8'));
  const handler = await loadHandler(manifest.find((e) => e.id === id)!);
  return invokeOnce(handler, ev, lambdaContext(id, 10)) as never;
}

describe('OAuth sample events', () => {
  it('registers a client and publishes the metadata', async () => {
    const registered = await invoke('register-oauth-client');
    expect(registered.statusCode).toBe(201);
    expect(JSON.parse(registered.body).client_id).toMatch(/^hdsc_/);
    const metadata = await invoke('get-oauth-metadata');
    expect(metadata.statusCode).toBe(200);
    expect(JSON.parse(metadata.body).issuer).toBe(h.runtime.services.config.auth.issuer);
  });

  it('shows the authorize pages’ 400 page for the sample (unregistered) client and forged post', async () => {
    for (const id of ['get-authorize', 'post-authorize']) {
      const res = await invoke(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('refuses the placeholder session on the binding routes', async () => {
    for (const id of ['create-client-binding', 'delete-client-binding']) {
      const res = await invoke(id);
      expect(res.statusCode, id).toBe(401);
      expect(JSON.parse(res.body).error.code).toBe('invalid_token');
    }
  });
});
