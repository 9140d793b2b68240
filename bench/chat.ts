/**
 * `npm run bench:chat`: the platform's own cost around a streamed answer, from one run on this machine.
 * The upstream model is a local OpenAI-compatible server answering at once (zero latency), so what is
 * measured is HDS: auth, rate limit, tenancy, tool binding, prompt building, the agent loop and SSE.
 *  - overhead before the first upstream call (client send → upstream receives the request): p50 / p95
 *  - time to first byte and to the first answer token of the stream, and total latency: p50 / p95
 *  - the same with one built-in tool round (two upstream calls, a DynamoDB query between them)
 *  - platform overhead in tokens per request (`usage.prompt_tokens_details.system_tokens`, no tool round)
 * Target (issue 5): overhead before the first upstream call p50 ≤ 30 ms locally.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRuntime } from '../infra/local/runtime';
import { issueApiKey } from '../shared/services/api-keys';

process.env.HDS_LOG_LEVEL = 'warn';
const WARMUP = 20;
const RUNS = 200;

/**
 * A zero-latency upstream: answers each streamed request at once; a question marked `[tool]` gets a tool call first.
 * It reports no usage, so HDS counts every prompt with its own tokenizer and `system_tokens` is its real overhead.
 */
async function startUpstream() {
  const arrivals: number[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    arrivals.push(performance.now());
    let raw = '';
    for await (const c of req) raw += c;
    const body = JSON.parse(raw);
    const wantsTool = body.messages.at(-1).role === 'user' && String(body.messages.at(-1).content).includes('[tool]');
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frame = (delta: unknown, finish: string | null = null, usage?: unknown) =>
      res.write(
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: body.model, choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`,
      );
    frame({ role: 'assistant', content: '' });
    if (wantsTool) {
      frame({
        tool_calls: [
          {
            index: 0,
            id: 'call_1',
            type: 'function',
            function: { name: 'query_health_data', arguments: '{"indicator":"LDL"}' },
          },
        ],
      });
      frame({}, 'tool_calls');
    } else {
      for (const word of 'Your LDL cholesterol fell from 162 to 131 mg/dL this year.'.split(' '))
        frame({ content: `${word} ` });
      frame({}, 'stop');
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, arrivals, stop: () => server.close() };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const upstream = await startUpstream();
  const rt = await startRuntime({
    env: {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-bench',
      HDS_RATE_LIMITS: 'create-chat-completion=1000000,create-data=1000000',
    },
  });
  const { accounts, config } = rt.services;
  const account = await accounts.createAccount('bench');
  const { secret } = await issueApiKey(accounts, account.accountId, { name: 'bench', region: config.region });
  await fetch(`${rt.url}/v1/data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      user: 'bench',
      retention: 'permanent',
      records: Array.from({ length: 50 }, (_, i) => ({
        indicator: 'LDL cholesterol',
        value: 120 + (i % 40),
        unit: 'mg/dL',
        time: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
      })),
    }),
  });

  async function once(question: string) {
    const callsBefore = upstream.arrivals.length;
    const started = performance.now();
    const res = await fetch(`${rt.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'hds-flash',
        user: 'bench',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: question }],
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let firstByte = 0;
    let firstToken = 0;
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      firstByte ||= performance.now();
      text += decoder.decode(value, { stream: true });
      if (!firstToken && text.includes('"content":"Your')) firstToken = performance.now();
    }
    const total = performance.now();
    const usageLine =
      text
        .split('\n')
        .filter((l) => l.includes('"usage":{'))
        .at(-1) ?? '';
    const usage = JSON.parse(usageLine.slice('data: '.length)).usage;
    return {
      overhead: upstream.arrivals[callsBefore]! - started,
      ttfb: firstByte - started,
      firstToken: firstToken - started,
      total: total - started,
      systemTokens: usage.prompt_tokens_details.system_tokens as number,
      promptTokens: usage.prompt_tokens as number,
    };
  }

  const scenarios = [
    ['direct answer (1 upstream call)', 'What happened to my LDL this year?'],
    ['one tool round (2 upstream calls)', 'What happened to my LDL this year? [tool]'],
  ] as const;
  console.log(
    `bench:chat: ${RUNS} sequential streamed requests per scenario after ${WARMUP} warm-up, zero-latency upstream\n`,
  );
  for (const [name, question] of scenarios) {
    for (let i = 0; i < WARMUP; i++) await once(question);
    const runs: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(question));
    const stat = (pick: (r: (typeof runs)[number]) => number) => {
      const sorted = runs.map(pick).sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
    };
    console.log(name);
    console.log(`  before the first upstream call: ${stat((r) => r.overhead)}`);
    console.log(`  time to first byte:             ${stat((r) => r.ttfb)}`);
    console.log(`  time to first answer token:     ${stat((r) => r.firstToken)}`);
    console.log(`  total:                          ${stat((r) => r.total)}`);
    console.log(
      `  tokens: caller ${runs[0]!.promptTokens}, platform overhead (system_tokens) ${runs[0]!.systemTokens} per request`,
    );
  }
  await rt.stop();
  upstream.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
