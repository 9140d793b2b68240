import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from '../support/closed-port';
import { type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/** GET /api/health shows whether the configured model answers, and stays ready when it does not. */

let h: Harness | undefined;
let upstream: ScriptedOpenAI | undefined;

afterEach(async () => {
  await h?.stop();
  await upstream?.stop();
  h = undefined;
  upstream = undefined;
});

async function health() {
  const res = await fetch(`${h!.url}/api/health`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, any> } };
}

describe('checks.model', () => {
  it('says the offline engines answer when no model is configured', async () => {
    h = await startHarness();
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.checks.model).toEqual({ mode: 'offline', status: 'ok', latency_ms: 0 });
  });

  it("reports the upstream ok when its /models answers, asked with the model's key", async () => {
    upstream = await startScriptedOpenAI();
    upstream.script({ status: 200, body: { object: 'list', data: [{ id: 'm', object: 'model' }] } });
    h = await startHarness({ env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-probe' } });
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.checks.model).toMatchObject({ mode: 'upstream', status: 'ok' });
    // A second health check within the reuse window does not ask the upstream again.
    expect((await health()).body.checks.model).toMatchObject({ mode: 'upstream', status: 'ok' });
    expect(upstream.requests.map((r) => r.path)).toEqual(['/v1/models']);
  });

  it('reports an unreachable or failing upstream without making the region unready, and never echoes the key', async () => {
    const port = await closedPort();
    h = await startHarness({ env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: 'sk-secret-x' } });
    const down = await health();
    expect(down.status).toBe(200);
    expect(down.body.status).toBe('ok');
    expect(down.body.checks.model).toMatchObject({
      mode: 'upstream',
      status: 'error',
      reason: 'unreachable (ECONNREFUSED)',
    });
    expect(JSON.stringify(down.body)).not.toContain('sk-secret-x');
    await h.stop();

    upstream = await startScriptedOpenAI();
    upstream.script({ status: 401 });
    h = await startHarness({ env: { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-wrong' } });
    const refused = await health();
    expect(refused.status).toBe(200);
    expect(refused.body.checks.model).toMatchObject({ mode: 'upstream', status: 'error', reason: 'HTTP 401' });
  });
});
