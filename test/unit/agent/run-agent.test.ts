import { describe, expect, it } from 'vitest';
import { countMessageTokens, loadTokenizer } from '../../../shared/domain/agent/tokens';
import type { ModelCall, ModelEvent, ModelProvider } from '../../../shared/ports/model-provider';
import type { AgentTool } from '../../../shared/services/agent/agent-tool';
import { type AgentEvent, type AgentOutcome, runAgent } from '../../../shared/services/agent/run-agent';

const usage = { inputTokens: 100, outputTokens: 10, reasoningTokens: 0, cachedTokens: 0 };

/** Plays one list of events per model call, and keeps what each call was given. */
class PlayedModel implements ModelProvider {
  readonly kind = 'upstream' as const;
  readonly calls: ModelCall[] = [];
  constructor(private readonly rounds: ModelEvent[][]) {}
  async *stream(call: ModelCall): AsyncGenerator<ModelEvent> {
    this.calls.push(structuredClone({ ...call, signal: undefined }));
    const round = this.rounds.shift();
    if (!round) throw new Error('no round left');
    yield* round;
  }
}

const text = (...parts: string[]): ModelEvent[] => [
  ...parts.map((delta) => ({ type: 'text' as const, delta })),
  { type: 'finish', reason: 'stop', toolCalls: [], usage },
];
const toolRound = (
  calls: { id: string; name: string; arguments: string }[],
  before: ModelEvent[] = [],
): ModelEvent[] => [
  ...before,
  ...calls.flatMap((c, index) => [
    { type: 'tool_call_start' as const, index, id: c.id, name: c.name },
    { type: 'tool_call_arguments' as const, index, delta: c.arguments },
  ]),
  { type: 'finish', reason: 'tool_calls', toolCalls: calls, usage },
];

function serverTool(name: string, run: (args: string) => string = (a) => `result of ${a}`): AgentTool {
  return {
    kind: 'server',
    name,
    description: name,
    parameters: { type: 'object', properties: {} },
    run: async (raw) => ({ arguments: JSON.parse(raw || '{}'), result: run(raw), error: false }),
  };
}

async function drive(
  model: ModelProvider,
  tools: AgentTool[] = [serverTool('query_health_data')],
  conversation = 'hi',
) {
  const events: AgentEvent[] = [];
  for await (const e of runAgent({
    tier: 'hds-flash',
    system: 'platform prompt',
    conversation: [{ role: 'user', content: conversation }],
    callerInput: [{ role: 'user', content: conversation }],
    tools,
    provider: model,
    signal: new AbortController().signal,
  })) {
    events.push(e);
  }
  const done = events.at(-1) as Extract<AgentEvent, { type: 'done' }>;
  return { events, outcome: done.outcome as AgentOutcome };
}

describe('the agent loop', () => {
  it('runs the tools the model asks for and feeds their results back until it answers', async () => {
    const model = new PlayedModel([
      toolRound([{ id: 'call_1', name: 'query_health_data', arguments: '{"indicator":"LDL"}' }]),
      text('LDL is 131 mg/dL.'),
    ]);
    const { outcome } = await drive(model);
    expect(outcome.answer).toBe('LDL is 131 mg/dL.');
    expect(outcome.toolSteps).toEqual([
      {
        id: 'call_1',
        name: 'query_health_data',
        arguments: { indicator: 'LDL' },
        result: 'result of {"indicator":"LDL"}',
      },
    ]);
    const second = model.calls[1]!.messages;
    expect(second[0]).toEqual({ role: 'system', content: 'platform prompt' });
    expect(second.at(-2)).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call_1' }] });
    expect(second.at(-1)).toEqual({ role: 'tool', toolCallId: 'call_1', content: 'result of {"indicator":"LDL"}' });
  });

  it('treats text written before a tool call as reasoning, never as the answer', async () => {
    const model = new PlayedModel([
      toolRound(
        [{ id: 'c', name: 'query_health_data', arguments: '{}' }],
        [{ type: 'text', delta: 'Let me look that up.' }],
      ),
      text('Done.'),
    ]);
    const { events, outcome } = await drive(model);
    expect(outcome.answer).toBe('Done.');
    expect(outcome.reasoning).toContain('Let me look that up.');
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta)).toEqual(['Done.']);
  });

  it('streams long answer text as it comes once it is clearly the answer', async () => {
    const long = 'x'.repeat(200);
    const { events } = await drive(new PlayedModel([text(long, 'tail', 'end')]));
    const deltas = events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta);
    expect(deltas).toEqual([long, 'tail', 'end']);
  });

  it('runs parallel calls, gives repeated call ids distinct step ids, and reports unknown tools to the model', async () => {
    const model = new PlayedModel([
      toolRound([
        { id: 'call_0', name: 'query_health_data', arguments: '{"a":1}' },
        { id: 'call_0', name: 'nope', arguments: '{}' },
      ]),
      text('ok'),
    ]);
    const { outcome } = await drive(model);
    expect(outcome.toolSteps.map((s) => s.id)).toEqual(['call_0', 'call_0_2']);
    expect(outcome.toolSteps[1]!.result).toMatch(/no tool named nope/);
  });

  it('hands client tool calls back to the caller and stops', async () => {
    const client: AgentTool = { kind: 'client', name: 'get_weather', description: 'w', parameters: { type: 'object' } };
    const model = new PlayedModel([toolRound([{ id: 'call_w', name: 'get_weather', arguments: '{"city":"Oslo"}' }])]);
    const { events, outcome } = await drive(model, [client]);
    expect(outcome.finishReason).toBe('tool_calls');
    expect(outcome.clientCalls).toEqual([{ id: 'call_w', name: 'get_weather', arguments: '{"city":"Oslo"}' }]);
    expect(events.some((e) => e.type === 'client_call_start')).toBe(true);
    expect(
      events
        .filter((e) => e.type === 'client_call_arguments')
        .map((e) => (e as { delta: string }).delta)
        .join(''),
    ).toBe('{"city":"Oslo"}');
  });

  it('makes the model answer without tools after too many rounds', async () => {
    const round = () => toolRound([{ id: 'c', name: 'query_health_data', arguments: '{}' }]);
    const model = new PlayedModel([round(), round(), round(), round(), round(), round(), text('final')]);
    const { outcome } = await drive(model);
    expect(outcome.answer).toBe('final');
    expect(model.calls.at(-1)!.tools).toEqual([]);
  });

  it('sums usage over every model call, the caller input counted once', async () => {
    const model = new PlayedModel([toolRound([{ id: 'c', name: 'query_health_data', arguments: '{}' }]), text('a')]);
    const { outcome } = await drive(model);
    await loadTokenizer();
    const caller = countMessageTokens([{ role: 'user', content: 'hi' }]);
    expect(outcome.usage).toMatchObject({
      callerInputTokens: caller,
      systemTokens: 100 - caller + 100,
      outputTokens: 20,
      modelCalls: 2,
    });
  });

  it('counts with its own tokenizer when the provider reports no usage', async () => {
    const none = { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedTokens: 0 };
    const model = new PlayedModel([
      [
        { type: 'text', delta: 'hello there' },
        { type: 'finish', reason: 'stop', toolCalls: [], usage: none },
      ],
    ]);
    const { outcome } = await drive(model);
    expect(outcome.usage.outputTokens).toBeGreaterThan(0);
    expect(outcome.usage.systemTokens).toBeGreaterThan(0);
  });
});
