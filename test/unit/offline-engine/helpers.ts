import { OfflineEngine } from '../../../shared/adapters/model/offline-engine/offline-engine';
import type {
  BuiltinToolName,
  ClinicalRecordFile,
  FamilyMember,
  QueryHealthDataResult,
  SummarizeHealthDataResult,
  ToolReading,
  WriteFhirObservationResult,
} from '../../../shared/domain/agent/tool-results';
import { summarizeAllSeries } from '../../../shared/domain/series/summarize-series';
import type {
  ModelCall,
  ModelEvent,
  ModelMessage,
  ModelTool,
  ModelToolCall,
} from '../../../shared/ports/model-provider';
import { resolveFilter } from '../../../shared/services/agent/tools/readings';

/** 21 Nov 2026, 10:00 UTC: "this year" is 2026, "last year" 2025. */
export const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);

export const PLATFORM_PROMPT = 'You are HDS, answering questions about the Subject’s own health records.';

const TOOL_NAMES: BuiltinToolName[] = [
  'query_health_data',
  'summarize_health_data',
  'list_clinical_records',
  'list_family_members',
  'write_fhir_observation',
];

/** Server tools as the agent loop offers them (schemas abbreviated: the engine reads only the names). */
export function toolsOf(names: readonly string[] = TOOL_NAMES): ModelTool[] {
  return names.map((name) => ({
    name,
    description: `The ${name.replace(/_/g, ' ')} tool.`,
    parameters: { type: 'object', properties: {} },
  }));
}

import { reading } from '../../support/tool-reading';

export { reading };

export interface World {
  readings: ToolReading[];
  files?: ClinicalRecordFile[];
  members?: FamilyMember[];
  /** Tool name → error text returned instead of a result. */
  failures?: Partial<Record<BuiltinToolName, string>>;
}

/** The built-in tools' own filter: a resolved code or its mass/molar sibling, or the words found in the name. */
function matches(r: ToolReading, args: Record<string, unknown>): boolean {
  if (typeof args.loinc_code === 'string' && r.loinc_code !== args.loinc_code) return false;
  if (typeof args.indicator === 'string') {
    const { codes } = resolveFilter(args.indicator, null);
    const byCode = r.loinc_code !== null && codes.includes(r.loinc_code);
    const byText = `${r.indicator} ${r.canonical_name ?? ''}`.toLowerCase().includes(args.indicator.toLowerCase());
    if (!byCode && !byText) return false;
  }
  if (typeof args.from === 'string' && r.time < args.from) return false;
  if (typeof args.to === 'string') {
    const to = args.to.length === 10 ? `${args.to}T23:59:59.999Z` : args.to;
    if (r.time > to) return false;
  }
  if (args.abnormal_only === true && r.abnormal !== true) return false;
  return true;
}

/** A stand-in for the built-in tools over an in-memory Subject. */
export function runTool(world: World, call: ModelToolCall): string {
  const failure = world.failures?.[call.name as BuiltinToolName];
  if (failure) return failure;
  const args = JSON.parse(call.arguments) as Record<string, unknown>;
  switch (call.name) {
    case 'query_health_data': {
      const all = world.readings.filter((r) => matches(r, args)).sort((a, b) => (a.time < b.time ? 1 : -1));
      const limit = typeof args.limit === 'number' ? args.limit : 50;
      const result: QueryHealthDataResult = {
        resolved: { indicator: (args.indicator as string) ?? null, loinc_code: null, canonical_name: null },
        records: all.slice(0, limit),
        total_matched: all.length,
        truncated: all.length > limit,
      };
      return JSON.stringify(result);
    }
    case 'summarize_health_data': {
      const result: SummarizeHealthDataResult = {
        window: { from: (args.from as string) ?? null, to: (args.to as string) ?? null },
        series: summarizeAllSeries(world.readings.filter((r) => matches(r, args))),
        truncated: false,
      };
      return JSON.stringify(result);
    }
    case 'list_clinical_records':
      return JSON.stringify({ files: world.files ?? [], truncated: false });
    case 'list_family_members':
      return JSON.stringify({ members: world.members ?? [] });
    case 'write_fhir_observation': {
      const r = reading(String(args.indicator), args.value as number, (args.unit as string) ?? null, '2026-11-21');
      const result: WriteFhirObservationResult = { written: [r], fhir_resource_ids: [`obs-${r.id}`] };
      return JSON.stringify(result);
    }
    default:
      return `Unknown tool ${call.name}`;
  }
}

export interface CallRecord {
  call: ModelCall;
  events: ModelEvent[];
}

export interface TurnResult {
  calls: CallRecord[];
  /** Tool calls of every round, in order. */
  toolCalls: ModelToolCall[];
  /** Tool results as the engine read them, by call id. */
  results: Map<string, string>;
  answer: string;
  finish: Extract<ModelEvent, { type: 'finish' }>;
}

export async function collect(stream: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

export function userTurn(question: string, history: ModelMessage[] = [], system?: string): ModelMessage[] {
  return [
    { role: 'system', content: PLATFORM_PROMPT },
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...history,
    { role: 'user', content: question },
  ];
}

/** Drives the engine like the agent loop does: call, run the tools it asked for, call again, until it answers. */
export async function runTurn(
  messagesIn: ModelMessage[],
  world: World | ((call: ModelToolCall) => string),
  options: Partial<Omit<ModelCall, 'messages'>> = {},
): Promise<TurnResult> {
  const engine = new OfflineEngine();
  const messages = [...messagesIn];
  const calls: CallRecord[] = [];
  const toolCalls: ModelToolCall[] = [];
  const results = new Map<string, string>();
  for (let round = 0; round < 6; round++) {
    const call: ModelCall = { tier: 'hds-flash', tools: toolsOf(), ...options, messages: [...messages] };
    const events = await collect(engine.stream(call));
    calls.push({ call, events });
    const finish = events.at(-1);
    if (finish?.type !== 'finish') throw new Error('stream did not end with finish');
    if (finish.reason !== 'tool_calls') {
      const answer = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
      return { calls, toolCalls, results, answer, finish };
    }
    messages.push({ role: 'assistant', content: null, toolCalls: finish.toolCalls });
    for (const tc of finish.toolCalls) {
      toolCalls.push(tc);
      const result = typeof world === 'function' ? world(tc) : runTool(world, tc);
      results.set(tc.id, result);
      messages.push({ role: 'tool', toolCallId: tc.id, content: result });
    }
  }
  throw new Error('the engine kept calling tools');
}

export function argsOf(tc: ModelToolCall): Record<string, unknown> {
  return JSON.parse(tc.arguments) as Record<string, unknown>;
}

/** A Subject with a year and a half of mixed data. */
export function sampleWorld(): World {
  const ldlRef = { reference_low: 0, reference_high: 130, reference_text: '<130' };
  return {
    readings: [
      reading('LDL', 162, 'mg/dL', '2025-06-10', { ...ldlRef, abnormal: true }),
      reading('LDL', 151, 'mg/dL', '2026-01-12', { ...ldlRef, abnormal: true }),
      reading('LDL', 138, 'mg/dL', '2026-04-20', { ...ldlRef, abnormal: true }),
      reading('LDL', 118, 'mg/dL', '2026-09-02', { ...ldlRef, abnormal: false }),
      reading('HDL', 44, 'mg/dL', '2026-01-12', { reference_low: 40, reference_high: null, abnormal: false }),
      reading('HDL', 49, 'mg/dL', '2026-09-02', { reference_low: 40, reference_high: null, abnormal: false }),
      reading('HbA1c', 5.9, '%', '2025-11-03', { reference_low: 4, reference_high: 5.6, abnormal: true }),
      reading('HbA1c', 5.6, '%', '2026-05-15', { reference_low: 4, reference_high: 5.6, abnormal: false }),
      reading('Body weight', 81.2, 'kg', '2026-02-01'),
      reading('Body weight', 79.5, 'kg', '2026-06-01'),
      reading('Body weight', 77.8, 'kg', '2026-10-01'),
      reading('TSH', 2.1, 'mIU/L', '2026-03-03', { reference_low: 0.4, reference_high: 4, abnormal: false }),
      reading('Systolic blood pressure', 132, 'mm[Hg]', '2026-05-05', { abnormal: true, reference_high: 120 }),
      reading('Systolic blood pressure', 124, 'mm[Hg]', '2026-08-05', { abnormal: true, reference_high: 120 }),
      reading('Diastolic blood pressure', 85, 'mm[Hg]', '2026-05-05', { abnormal: false, reference_high: 80 }),
      reading('Diastolic blood pressure', 79, 'mm[Hg]', '2026-08-05', { abnormal: false, reference_high: 80 }),
    ],
    files: [
      {
        file_key: 'f1',
        filename: 'lipid-panel-2026-09.pdf',
        file_type: 'pdf',
        status: 'processed',
        created_at: 1788336000,
        abstract: 'Lipid panel from the September check-up.',
        excerpt: 'LDL 118 mg/dL',
        readings: 2,
      },
    ],
    members: [
      { id: 'm1', name: 'Ana', relationship: 'mother', user: 'ana', has_records: true, notes: 'Type 2 diabetes' },
    ],
  };
}
