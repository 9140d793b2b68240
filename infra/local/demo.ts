/**
 * `npm run demo`: the whole flow in a minute, offline. Starts the local runtime in memory, makes an account
 * and key, seeds a year of sample readings for the Subject `demo` through `POST /v1/data`, then asks the
 * Answers API a few questions with the `openai` client. With no OPENAI_BASE_URL/OPENAI_API_KEY set the
 * answers come from the offline rule-based engine (not a language model).
 */
import OpenAI from 'openai';
import { issueApiKey } from '../../shared/services/api-keys';
import { localPorts } from './ports';
import { startRuntime } from './runtime';

process.env.HDS_LOG_LEVEL ??= 'warn';

const month = (m: number, day = 10) => new Date(Date.UTC(2026, m, day, 8)).toISOString();
const SAMPLE = [
  ...[162, 155, 148, 139, 131].map((v, i) => ({
    indicator: 'LDL cholesterol',
    value: v,
    unit: 'mg/dL',
    time: month(i * 2),
  })),
  ...[5.9, 6.1, 6.4].map((v, i) => ({
    indicator: 'HbA1c',
    value: v,
    unit: '%',
    reference_range: '4.0-5.6',
    time: month(i * 4),
  })),
  ...[95, 102, 118].map((v, i) => ({
    indicator: 'Fasting glucose',
    value: v,
    unit: 'mg/dL',
    reference_range: '70-99',
    time: month(i * 4),
  })),
  ...[82.4, 81.0, 79.6, 78.9].map((v, i) => ({ indicator: 'Body weight', value: v, unit: 'kg', time: month(i * 3) })),
  { indicator: 'TSH', value: 2.1, unit: 'mIU/L', reference_range: '0.4-4.0', time: month(8) },
];
const QUESTIONS = [
  'What happened to my LDL this year?',
  'What is my latest HbA1c?',
  'Compare my fasting glucose and HbA1c',
  'Do I have any abnormal results?',
];

async function main(): Promise<void> {
  // PORT as `npm start` reads it; unset, any free ports, so the demo (in memory) runs beside a started service.
  const ports = localPorts({ ...process.env, PORT: process.env.PORT ?? '0' });
  const rt = await startRuntime({
    port: ports.api,
    s3Port: ports.s3,
    dynamoPort: ports.dynamo,
    connectionsPort: ports.connections,
  });
  try {
    const { accounts, config } = rt.services;
    const account = await accounts.createAccount('demo');
    const { secret } = await issueApiKey(accounts, account.accountId, { name: 'demo', region: config.region });
    console.log(`HDS local runtime at ${rt.url} (in memory); demo key ${secret.slice(0, 12)}…\n`);

    const seeded = await fetch(`${rt.url}/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'demo', retention: 'permanent', records: SAMPLE }),
    }).then((r) => r.json());
    console.log(`POST /v1/data → ${JSON.stringify(seeded)}\n`);

    const openai = new OpenAI({ baseURL: `${rt.url}/v1`, apiKey: secret });
    const engine = config.model.baseUrl || config.model.apiKey ? 'upstream model' : 'offline rule-based engine';
    for (const question of QUESTIONS) {
      console.log(`> ${question}   (POST /v1/chat/completions, user "demo", ${engine})`);
      const stream = await openai.chat.completions.create({
        model: 'hds-flash',
        messages: [{ role: 'user', content: question }],
        stream: true,
        user: 'demo',
      });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta as { content?: string; tool_steps?: { name: string; result?: string }[] };
        for (const step of delta?.tool_steps ?? [])
          if (step.result === undefined) process.stdout.write(`  [tool ${step.name}]\n`);
        if (delta?.content) process.stdout.write(delta.content);
      }
      process.stdout.write('\n\n');
    }
  } finally {
    await rt.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
