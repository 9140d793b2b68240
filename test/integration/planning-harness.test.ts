import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/**
 * The planning harness of `hds-expert` through both answering surfaces, driven by the scripted upstream model over
 * real HTTP: a plan, a large result saved to the turn's files (the model reads a stub, the caller the whole step),
 * paging it, computing over it in the sandbox, and a sub-agent whose own steps join the turn's.
 */
let upstream: ScriptedOpenAI;
let h: Harness;
let sdk: OpenAI;

const HARNESS = ['write_todos', 'ls', 'read_file', 'write_file', 'eval', 'task'];
const offeredNames = (request: { body: any }) => (request.body.tools ?? []).map((t: any) => t.function.name);
const toolMessages = (request: { body: any }) => request.body.messages.filter((m: any) => m.role === 'tool');

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  h = await startHarness({
    env: {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-test',
      HDS_KNOWLEDGE_TOOLS: 'off',
      HDS_RATE_LIMITS: 'create-response=600,create-chat-completion=600',
    },
  });
  const key = (await h.newAccount()).key;
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
  // Enough readings that one query's result is far past the offloading threshold.
  const records = Array.from({ length: 120 }, (_, i) => ({
    indicator: 'Glucose',
    value: 80 + (i % 40),
    unit: 'mg/dL',
    reference_range: '70-99',
    time: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
  }));
  const res = await client(h.url, key).post('/v1/data', { user: 'ann', retention: 'permanent', records });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await h?.stop();
  await upstream?.stop();
});

describe('hds-expert', () => {
  it('offers the harness on expert only, never listing it', async () => {
    upstream.script({ content: 'ok' }, { content: 'ok' });
    await sdk.responses.create({ model: 'hds-flash', input: 'hi', user: 'ann' });
    expect(offeredNames(upstream.requests.at(-1)!)).not.toContain('write_todos');
    await sdk.responses.create({ model: 'hds-expert', input: 'hi', user: 'ann' });
    expect(offeredNames(upstream.requests.at(-1)!)).toEqual(expect.arrayContaining(HARNESS));
  });

  it('plans, offloads a large result, pages it and computes over it, with every run in tool_steps only', async () => {
    upstream.script(
      {
        toolCalls: [
          {
            id: 'call_plan',
            name: 'write_todos',
            arguments: JSON.stringify({
              todos: [
                { content: 'Read the glucose readings', status: 'in_progress' },
                { content: 'Compute the standard deviation', status: 'pending' },
              ],
            }),
          },
          { id: 'call_q', name: 'query_health_data', arguments: '{"indicator":"glucose","limit":200}' },
        ],
      },
      {
        toolCalls: [
          { id: 'call_read', name: 'read_file', arguments: '{"path":"/tool_results/call_q.json","limit":5}' },
        ],
      },
      {
        toolCalls: [
          {
            id: 'call_sd',
            name: 'eval',
            arguments: JSON.stringify({
              code: "const r = JSON.parse(files['/tool_results/call_q.json']).records.map(x => x.parsed_value); const m = r.reduce((a, b) => a + b, 0) / r.length; ({ n: r.length, mean: m })",
            }),
          },
        ],
      },
      { content: 'Your glucose varies around its mean.' },
    );
    const res: any = await sdk.responses.create({
      model: 'hds-expert',
      input: 'How variable is my glucose?',
      user: 'ann',
    });

    const names = res.tool_steps.map((s: any) => s.name);
    expect(names).toEqual(['write_todos', 'query_health_data', 'read_file', 'eval']);
    // The caller sees the whole result; the model read a stub naming the file.
    const query = res.tool_steps[1];
    const shown: number[] = JSON.parse(query.result).records.map((r: any) => r.parsed_value);
    expect(query.result.length).toBeGreaterThan(4_000);
    const secondCall = upstream.requests.at(-3)!;
    const stub = JSON.parse(toolMessages(secondCall).find((m: any) => m.tool_call_id === 'call_q').content);
    expect(stub).toMatchObject({ offloaded: '/tool_results/call_q.json', hint: expect.any(String) });
    expect(stub.preview.length).toBeLessThanOrEqual(1000);

    const page = JSON.parse(res.tool_steps[2].result);
    expect(page).toMatchObject({ path: '/tool_results/call_q.json', truncated: true });
    expect(page.total_lines).toBeGreaterThan(5);
    const computed = JSON.parse(res.tool_steps[3].result);
    // Over exactly what the step holds (the result the tool returned, bounded as every tool result is).
    expect(computed.result).toEqual({ n: shown.length, mean: shown.reduce((a, b) => a + b, 0) / shown.length });

    const plan = JSON.parse(res.tool_steps[0].result);
    expect(plan.counts).toEqual({ pending: 1, in_progress: 1, completed: 0 });
    // Harness runs are steps, never output items; evidence comes from the data tool alone.
    expect(res.output.every((i: any) => i.type === 'message')).toBe(true);
    expect(res.health_records.map((e: any) => e.tool)).toEqual(['query_health_data']);
  });

  it('contains eval: an endless loop is a tool error, and the request still answers', async () => {
    upstream.script(
      { toolCalls: [{ id: 'call_loop', name: 'eval', arguments: '{"code":"while (true) {}"}' }] },
      { content: 'That computation did not finish.' },
    );
    const res: any = await sdk.responses.create({ model: 'hds-expert', input: 'loop', user: 'ann' });
    expect(res.status).toBe('completed');
    expect(JSON.parse(res.tool_steps[0].result).error).toMatch(/interrupt|time/i);
    const health = await fetch(`${h.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('runs a task as a sub-agent: its steps join the turn under the task id, its summary is the result', async () => {
    upstream.script(
      {
        toolCalls: [
          {
            id: 'call_task',
            name: 'task',
            arguments: JSON.stringify({ description: 'Find the latest glucose reading', tools: ['query_health_data'] }),
          },
        ],
      },
      // The sub-agent's own rounds.
      { toolCalls: [{ id: 'call_inner', name: 'query_health_data', arguments: '{"indicator":"glucose","limit":1}' }] },
      { content: 'The latest glucose reading is 119 mg/dL.' },
      // The agent again, with the summary.
      { content: 'Your latest glucose was 119 mg/dL.' },
    );
    const stream = await sdk.responses.create({
      model: 'hds-expert',
      input: 'What was my latest glucose?',
      user: 'ann',
      stream: true,
    });
    let completed: any;
    for await (const event of stream) if (event.type === 'response.completed') completed = event.response;

    expect(completed.tool_steps.map((s: any) => [s.id, s.name])).toEqual([
      ['call_task', 'task'],
      ['call_task.call_inner', 'query_health_data'],
    ]);
    expect(JSON.parse(completed.tool_steps[0].result)).toMatchObject({
      summary: expect.stringContaining('119'),
      steps: 1,
    });
    // The sub-agent was offered only the tools the task named, and never task itself.
    const subAgentFirstCall = upstream.requests.at(-3)!;
    expect(offeredNames(subAgentFirstCall)).toEqual(['query_health_data']);
    expect(subAgentFirstCall.body.messages[1]).toMatchObject({
      role: 'user',
      content: 'Find the latest glucose reading',
    });
    // Its model calls are the platform's overhead, on top of the agent's own.
    expect(completed.usage.input_tokens_details.system_tokens).toBeGreaterThan(0);
    expect(completed.output_text).toContain('119');
  });

  it('gives the chat surface the same harness on expert', async () => {
    upstream.script({ toolCalls: [{ id: 'call_ls', name: 'ls', arguments: '{}' }] }, { content: 'No files yet.' });
    const res: any = await sdk.chat.completions.create({
      model: 'hds-expert',
      messages: [{ role: 'user', content: 'list' }],
      user: 'ann',
      include_tool_steps: true,
    } as any);
    expect(res.choices[0].message.tool_steps[0]).toMatchObject({ name: 'ls' });
    expect(JSON.parse(res.choices[0].message.tool_steps[0].result)).toEqual({ files: [] });
  });
});
