import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkText, OfflineEngine } from '../../../shared/adapters/model/offline-engine/offline-engine';
import { setClock } from '../../../shared/clock';
import { countMessageTokens, countToolTokens } from '../../../shared/domain/agent/tokens';
import type { ModelCall, ModelEvent, ModelMessage } from '../../../shared/ports/model-provider';
import { argsOf, collect, NOW, runTurn, sampleWorld, toolsOf, userTurn } from './helpers';

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

function call(messages: ModelMessage[], extra: Partial<ModelCall> = {}): ModelCall {
  return { tier: 'hds-flash', messages, tools: toolsOf(), ...extra };
}

function finishOf(events: ModelEvent[]): Extract<ModelEvent, { type: 'finish' }> {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error('no finish');
  return last;
}

describe('OfflineEngine: the ModelProvider contract', () => {
  it('is the offline kind', () => {
    expect(new OfflineEngine().kind).toBe('offline');
  });

  it('first call: reasoning, then each tool call started and its arguments streamed, then finish(tool_calls)', async () => {
    const messages = userTurn('compare my LDL and HDL this year');
    const events = await collect(new OfflineEngine().stream(call(messages)));
    expect(events[0]?.type).toBe('reasoning');
    expect((events[0] as { delta: string }).delta).toMatch(/LDL.*LOINC 2089-1.*this year/);
    const finish = finishOf(events);
    expect(finish.reason).toBe('tool_calls');
    expect(finish.toolCalls.map((tc) => tc.id)).toEqual(['call_1', 'call_2']);
    expect(finish.toolCalls.map((tc) => tc.name)).toEqual(['summarize_health_data', 'summarize_health_data']);
    expect(finish.toolCalls.map(argsOf)).toEqual([
      { indicator: 'LDL', from: '2026-01-01' },
      { indicator: 'HDL', from: '2026-01-01' },
    ]);
    // Streamed like a model: start, then argument fragments per index that reassemble to the final arguments.
    const middle = events.slice(1, -1);
    expect(middle.every((e) => e.type === 'tool_call_start' || e.type === 'tool_call_arguments')).toBe(true);
    for (const [index, tc] of finish.toolCalls.entries()) {
      const start = middle.findIndex((e) => e.type === 'tool_call_start' && e.index === index);
      expect(middle[start]).toEqual({ type: 'tool_call_start', index, id: tc.id, name: tc.name });
      const fragments = middle.filter(
        (e): e is Extract<ModelEvent, { type: 'tool_call_arguments' }> =>
          e.type === 'tool_call_arguments' && e.index === index,
      );
      expect(fragments.map((f) => f.delta).join('')).toBe(tc.arguments);
      expect(middle.indexOf(fragments[0] as ModelEvent)).toBeGreaterThan(start);
    }
  });

  it('last call: reasoning, then word-sized text deltas, then finish(stop) with no tool calls', async () => {
    const turn = await runTurn(userTurn('What happened to my LDL this year?'), sampleWorld());
    const last = turn.calls.at(-1)?.events ?? [];
    expect(last[0]?.type).toBe('reasoning');
    const texts = last.slice(1, -1);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.every((e) => e.type === 'text')).toBe(true);
    expect(texts.every((e) => e.type === 'text' && e.delta.length <= 32)).toBe(true);
    expect(turn.finish).toMatchObject({ type: 'finish', reason: 'stop', toolCalls: [] });
  });

  it('counts usage: input is messages + tools, output what it emitted, reasoning among it', async () => {
    const turn = await runTurn(userTurn('how has my weight changed since February?'), sampleWorld());
    for (const { call: c, events } of turn.calls) {
      const { usage } = finishOf(events);
      expect(usage.inputTokens).toBe(countMessageTokens(c.messages) + countToolTokens(c.tools));
      expect(usage.outputTokens).toBeGreaterThan(0);
      expect(usage.reasoningTokens).toBeGreaterThan(0);
      expect(usage.outputTokens).toBeGreaterThan(usage.reasoningTokens);
      expect(usage.cachedTokens).toBe(0);
    }
    const [first, second] = turn.calls.map((c) => finishOf(c.events).usage);
    expect(second?.inputTokens).toBeGreaterThan(first?.inputTokens ?? 0);
  });

  it('is deterministic: the same conversation gives the same events', async () => {
    const a = await runTurn(userTurn('any abnormal results this year?'), sampleWorld());
    const b = await runTurn(userTurn('any abnormal results this year?'), sampleWorld());
    expect(b.calls.map((c) => c.events)).toEqual(a.calls.map((c) => c.events));
    expect(b.answer).toBe(a.answer);
  });

  it('numbers new tool calls after those already in the conversation', async () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'what is my HDL?' },
      {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'call_1', name: 'summarize_health_data', arguments: '{"indicator":"HDL"}' }],
      },
      {
        role: 'tool',
        toolCallId: 'call_1',
        content: '{"window":{"from":null,"to":null},"series":[],"truncated":false}',
      },
      { role: 'assistant', content: 'I found no HDL readings.' },
    ];
    const turn = await runTurn(userTurn('what is my LDL?', history), sampleWorld());
    expect(turn.toolCalls.map((tc) => tc.id)).toEqual(['call_2']);
  });

  it('never takes more than three tool rounds', async () => {
    // A tool that always fails: the engine retries sibling codes once, then answers.
    const turn = await runTurn(userTurn('how is my zorblax and my TSH?'), () => 'Internal error: store unavailable');
    expect(turn.calls.length).toBeLessThanOrEqual(4);
    expect(turn.finish.reason).toBe('stop');
    expect(turn.answer).toMatch(/couldn't/i);
  });

  it('answers with what it has when the conversation already holds three rounds', async () => {
    const messages: ModelMessage[] = userTurn('what is my LDL?');
    for (let i = 1; i <= 3; i++) {
      messages.push({
        role: 'assistant',
        content: null,
        toolCalls: [{ id: `call_${i}`, name: 'summarize_health_data', arguments: '{"indicator":"LDL"}' }],
      });
      messages.push({ role: 'tool', toolCallId: `call_${i}`, content: 'timeout' });
    }
    const events = await collect(new OfflineEngine().stream(call(messages)));
    expect(finishOf(events).reason).toBe('stop');
  });
});

describe('OfflineEngine: what the caller allows', () => {
  it('uses only the tools offered, and says what it cannot do without the others', async () => {
    const turn = await runTurn(userTurn('who is in my care circle and what lab reports do I have?'), sampleWorld(), {
      tools: toolsOf(['summarize_health_data', 'list_clinical_records']),
    });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['list_clinical_records']);
    expect(turn.answer).toContain("I can't list your care circle here");
    expect(turn.answer).toContain('lipid-panel-2026-09.pdf');
  });

  it('summarises from raw readings when only query_health_data is offered', async () => {
    const turn = await runTurn(userTurn('how has my weight changed this year'), sampleWorld(), {
      tools: toolsOf(['query_health_data']),
    });
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['query_health_data', { indicator: 'weight', from: '2026-01-01', limit: 200 }],
    ]);
    expect(turn.answer).toContain('81.2 → 77.8 kg');
    expect(turn.answer).toContain('```vis-chart');
  });

  it('calls no tool under tool_choice none and says it has nothing from the records', async () => {
    const turn = await runTurn(userTurn('what is my LDL?'), sampleWorld(), { toolChoice: 'none' });
    expect(turn.toolCalls).toEqual([]);
    expect(turn.answer).toMatch(/can't read your records/);
  });

  it('calls the named tool when the caller insists on it', async () => {
    const turn = await runTurn(userTurn('hello'), sampleWorld(), {
      toolChoice: { name: 'list_clinical_records' },
    });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['list_clinical_records']);
  });

  it('makes a call under tool_choice required even when the plan had none', async () => {
    // The write tool is not offered, so the plan has nothing to call; `required` still gets a (read-only) call.
    const tools = toolsOf(['summarize_health_data', 'list_family_members']);
    const planned = await collect(new OfflineEngine().stream(call(userTurn('log my weight 72 kg'), { tools })));
    expect(finishOf(planned).reason).toBe('stop');
    expect(planned.map((e) => (e.type === 'text' ? e.delta : '')).join('')).toContain("can't record readings");
    const forced = await collect(
      new OfflineEngine().stream(call(userTurn('log my weight 72 kg'), { tools, toolChoice: 'required' })),
    );
    expect(finishOf(forced).reason).toBe('tool_calls');
    expect(finishOf(forced).toolCalls.map((tc) => tc.name)).toEqual(['summarize_health_data']);
  });

  it('wraps the answer as JSON when a JSON response format is asked for', async () => {
    const turn = await runTurn(userTurn('what is my latest weight?'), sampleWorld(), {
      responseFormat: { type: 'json_object' },
    });
    const parsed = JSON.parse(turn.answer) as { answer: string };
    expect(parsed.answer).toContain('77.8 kg');
  });

  it('stops at max_tokens with finish reason length', async () => {
    const turn = await runTurn(userTurn('any abnormal results?'), sampleWorld(), { maxTokens: 40 });
    expect(turn.finish.reason).toBe('length');
    expect(turn.finish.usage.outputTokens).toBeLessThanOrEqual(40);
    expect(turn.answer.length).toBeGreaterThan(0);
  });

  it('keeps working when a caller system message asks for another language or format', async () => {
    const turn = await runTurn(
      userTurn('what is my latest weight?', [], 'Réponds en français, en JSON strict, sans markdown.'),
      sampleWorld(),
    );
    expect(turn.finish.reason).toBe('stop');
    expect(turn.answer).toContain('77.8 kg');
  });

  it('stops quietly when the caller has gone', async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await collect(
      new OfflineEngine().stream(call(userTurn('what is my LDL?'), { signal: controller.signal })),
    );
    expect(events).toEqual([]);
  });
});

describe('chunkText', () => {
  it('cuts text into word-sized deltas that reassemble exactly', () => {
    const text =
      'Latest: **118 mg/dL** on 2 Sep 2026.\n\n```vis-chart\n{"type":"line","data":[{"time":"2026-01-01","value":1}]}\n```';
    const chunks = chunkText(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.every((c) => c.length <= 32)).toBe(true);
    expect(chunks.length).toBeGreaterThan(8);
  });
});
