import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import type {
  QueryHealthDataResult,
  SeriesSummary,
  SummarizeHealthDataResult,
  ToolReading,
} from '../../../shared/domain/agent/tool-results';
import { isVisChartSpec, parseVisChartBlocks, type VisChartSpec } from '../../../shared/domain/agent/vis-chart';
import type { ModelMessage, ModelToolCall } from '../../../shared/ports/model-provider';
import { argsOf, NOW, reading, runTurn, sampleWorld, type TurnResult, userTurn } from './helpers';

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

const T = (day: string) => `${day}T08:00:00.000Z`;

/** A hand-built LDL summary, with a tool's float noise in mean and percent. */
const LDL_SERIES: SeriesSummary = {
  name: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma',
  common_name: 'LDL',
  loinc_code: '2089-1',
  unit: 'mg/dL',
  count: 3,
  numeric_count: 3,
  converted_count: 0,
  left_out: [],
  latest: { value: '118', parsed_value: 118, time: T('2026-09-02'), abnormal: false },
  earliest: { value: '151', parsed_value: 151, time: T('2026-01-12') },
  min: { time: T('2026-09-02'), value: 118 },
  max: { time: T('2026-01-12'), value: 151 },
  mean: 135.66666666666666,
  trend: { direction: 'falling', change: -33, change_percent: -21.85430463576159 },
  abnormal_count: 2,
  reference: { low: 0, high: 130, text: '<130' },
  points: [
    { time: T('2026-01-12'), value: 151 },
    { time: T('2026-04-20'), value: 138 },
    { time: T('2026-09-02'), value: 118 },
  ],
};

const HDL_SERIES: SeriesSummary = {
  name: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
  common_name: 'HDL',
  loinc_code: '2085-9',
  unit: 'mg/dL',
  count: 2,
  numeric_count: 2,
  converted_count: 0,
  left_out: [],
  latest: { value: '49', parsed_value: 49, time: T('2026-09-02'), abnormal: false },
  earliest: { value: '44', parsed_value: 44, time: T('2026-01-12') },
  min: { time: T('2026-01-12'), value: 44 },
  max: { time: T('2026-09-02'), value: 49 },
  mean: 46.5,
  trend: { direction: 'rising', change: 5, change_percent: 11.363636363636363 },
  abnormal_count: 0,
  reference: { low: 40, high: null, text: '>40' },
  points: [
    { time: T('2026-01-12'), value: 44 },
    { time: T('2026-09-02'), value: 49 },
  ],
};

const A1C_SERIES: SeriesSummary = {
  name: 'Hemoglobin A1c/Hemoglobin.total in Blood',
  common_name: 'HbA1c',
  loinc_code: '4548-4',
  unit: '%',
  count: 2,
  numeric_count: 2,
  converted_count: 0,
  left_out: [],
  latest: { value: '5.6', parsed_value: 5.6, time: T('2026-05-15'), abnormal: false },
  earliest: { value: '5.9', parsed_value: 5.9, time: T('2025-11-03') },
  min: { time: T('2026-05-15'), value: 5.6 },
  max: { time: T('2025-11-03'), value: 5.9 },
  mean: 5.75,
  trend: { direction: 'falling', change: -0.30000000000000071, change_percent: -5.084745762711876 },
  abnormal_count: 1,
  reference: { low: 4, high: 5.6, text: '4.0-5.6' },
  points: [
    { time: T('2025-11-03'), value: 5.9 },
    { time: T('2026-05-15'), value: 5.6 },
  ],
};

function summary(series: SeriesSummary[], args: Record<string, unknown> = {}): string {
  const result: SummarizeHealthDataResult = {
    window: { from: (args.from as string) ?? null, to: (args.to as string) ?? null },
    series,
    truncated: false,
  };
  return JSON.stringify(result);
}

function query(records: ToolReading[], total = records.length): string {
  const result: QueryHealthDataResult = {
    resolved: { indicator: null, loinc_code: null, canonical_name: null },
    records,
    total_matched: total,
    truncated: total > records.length,
  };
  return JSON.stringify(result);
}

/** Answers summarize calls from a table of series by indicator phrase (case-insensitive) or code. */
function responder(byName: Record<string, SeriesSummary[]>, extra: (tc: ModelToolCall) => string | null = () => null) {
  return (tc: ModelToolCall): string => {
    const own = extra(tc);
    if (own !== null) return own;
    const args = argsOf(tc);
    if (tc.name === 'summarize_health_data') {
      const key = String(args.indicator ?? args.loinc_code ?? '').toLowerCase();
      return summary(byName[key] ?? [], args);
    }
    if (tc.name === 'query_health_data') return query([]);
    return 'unexpected tool';
  };
}

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';

/** Numbers of the prose: charts, dates, LOINC codes and window labels' years set aside. */
function proseNumbers(answer: string): string[] {
  const prose = answer
    .replace(/```vis-chart[\s\S]*?```/g, '')
    .replace(new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`, 'g'), '')
    .replace(/LOINC [\d-]+/g, '')
    .replace(/\(\d{4}\)/g, '');
  return prose.match(/\d+(?:\.\d+)?/g) ?? [];
}

/** Every number the tool results hold, as written and as an answer may round it. */
function toolNumbers(turn: TurnResult): Set<string> {
  const numbers = new Set<string>();
  const add = (n: number) => {
    for (const x of [n, Math.abs(n)]) {
      numbers.add(String(x));
      numbers.add(String(Math.round(x * 10) / 10));
      numbers.add(String(Math.round(x * 100) / 100));
      numbers.add(String(Number(x.toFixed(4))));
    }
  };
  const walk = (v: unknown): void => {
    if (typeof v === 'number') add(v);
    else if (typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v)) add(Number(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const text of turn.results.values()) {
    try {
      walk(JSON.parse(text));
    } catch {
      // an error text carries no numbers
    }
  }
  return numbers;
}

function charts(answer: string): VisChartSpec[] {
  const blocks = parseVisChartBlocks(answer);
  for (const b of blocks) expect(b).not.toBeNull();
  return blocks as VisChartSpec[];
}

describe('answers: one test', () => {
  it('latest value: canonical name, value with unit, date and reference range', async () => {
    const turn = await runTurn(userTurn("what's my latest LDL?"), responder({ ldl: [LDL_SERIES] }));
    expect(turn.answer).toContain('**LDL** (Cholesterol in LDL [Mass/volume] in Serum or Plasma, LOINC 2089-1)');
    expect(turn.answer).toContain(
      '- Latest: **118 mg/dL** on 2 Sep 2026 — within its reference range (reference 0–130 mg/dL).',
    );
    expect(turn.answer).toContain('2 readings flagged abnormal');
    expect(turn.answer.trim().split('\n').at(-1)).toBe(
      '_This is a rule-based summary of your records, not medical advice._',
    );
  });

  it('trend: first → last with dates, change, percent and direction, highest and lowest, and a line chart', async () => {
    const turn = await runTurn(userTurn('What happened to my LDL this year?'), responder({ ldl: [LDL_SERIES] }));
    expect(argsOf(turn.toolCalls[0] as ModelToolCall)).toEqual({ indicator: 'LDL', from: '2026-01-01' });
    expect(turn.answer).toContain('3 readings this year (since 1 Jan 2026)');
    expect(turn.answer).toContain('- Change: 151 → 118 mg/dL (12 Jan 2026 → 2 Sep 2026): -33 mg/dL (-21.9%), falling.');
    expect(turn.answer).toContain('- Highest: **151 mg/dL** on 12 Jan 2026; lowest: **118 mg/dL** on 2 Sep 2026.');
    const [chart, ...rest] = charts(turn.answer);
    expect(rest).toEqual([]);
    expect(chart).toEqual({
      type: 'line',
      title: 'LDL',
      axisXTitle: 'Date',
      axisYTitle: 'mg/dL',
      data: [
        { time: '2026-01-12', value: 151 },
        { time: '2026-04-20', value: 138 },
        { time: '2026-09-02', value: 118 },
      ],
    });
  });

  it.each([
    'What happened to my LDL this year?',
    'what is my average ldl',
    'highest and lowest LDL',
    'how many LDL results do I have',
    'compare my LDL, HDL and a1c',
    'is my a1c trending down?',
  ])('every number in "%s" comes from a tool result', async (question) => {
    const turn = await runTurn(
      userTurn(question),
      responder({ ldl: [LDL_SERIES], hdl: [HDL_SERIES], a1c: [A1C_SERIES] }),
    );
    const known = toolNumbers(turn);
    const numbers = proseNumbers(turn.answer);
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(known, `${n} in:\n${turn.answer}`).toContain(n);
  });

  it('rounds only float noise: a change of -0.30000000000000071 reads -0.3', async () => {
    const turn = await runTurn(userTurn('how did my a1c change'), responder({ a1c: [A1C_SERIES] }));
    expect(turn.answer).toContain('-0.3% (-5.1%), falling');
  });

  it('average and count', async () => {
    const turn = await runTurn(userTurn('average LDL and how many readings'), responder({ ldl: [LDL_SERIES] }));
    expect(turn.answer).toContain('**3 readings** in your records');
    expect(turn.answer).toContain('- Average: **135.6667 mg/dL** over 3 readings.');
  });

  it('says plainly when there is no data, naming the test and the window, without a chart', async () => {
    const turn = await runTurn(userTurn('how has my LDL changed in the last 3 months?'), responder({}));
    expect(turn.answer).toContain('I found no **LDL** readings in the last 3 months (since 21 Aug 2026).');
    expect(parseVisChartBlocks(turn.answer)).toEqual([]);
    expect(proseNumbers(turn.answer.replace(/\(since .*?\)/, ''))).toEqual(['3']);
  });

  it('finds the molar sibling under the name as asked (LDL kept in mmol/L)', async () => {
    const world = {
      readings: [reading('LDL', 3.4, 'mmol/L', '2026-02-02'), reading('LDL', 2.9, 'mmol/L', '2026-08-08')],
    };
    const turn = await runTurn(userTurn('my ldl trend'), world);
    // The tools resolve a name to the code and its mass/molar sibling, so one lookup finds the mmol/L series.
    expect(turn.toolCalls.map((tc) => argsOf(tc))).toEqual([{ indicator: 'ldl' }]);
    expect(turn.answer).toContain('3.4 → 2.9 mmol/L');
    expect(turn.answer).not.toContain('do hold');
  });

  it('says what the records do hold when a named test has nothing recorded', async () => {
    const world = {
      readings: [reading('Ferritin', 22, 'ng/mL', '2026-07-07'), reading('Body weight', 80, 'kg', '2026-07-01')],
    };
    const turn = await runTurn(userTurn('what is my tsh'), world);
    expect(turn.answer).toMatch(/I found no \*\*tsh\*\* readings/i);
    expect(turn.answer).toContain('Your records do hold: ');
    expect(turn.answer).toContain('Ferritin');
  });

  it('abnormal for one test: each flagged reading with its reference range', async () => {
    const flagged = [
      reading('LDL', 138, 'mg/dL', '2026-04-20', { abnormal: true, reference_low: 0, reference_high: 130 }),
      reading('LDL', 151, 'mg/dL', '2026-01-12', { abnormal: true, reference_low: 0, reference_high: 130 }),
    ];
    const turn = await runTurn(
      userTurn('were any of my LDL results out of range this year?'),
      responder({ ldl: [LDL_SERIES] }, (tc) => (tc.name === 'query_health_data' ? query(flagged) : null)),
    );
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['summarize_health_data', { indicator: 'LDL', from: '2026-01-01' }],
      ['query_health_data', { indicator: 'LDL', from: '2026-01-01', abnormal_only: true, limit: 50 }],
    ]);
    expect(turn.answer).toContain('- Flagged abnormal: 2 readings:');
    expect(turn.answer).toContain('  - 20 Apr 2026: **138 mg/dL**, above the reference range (reference 0–130 mg/dL)');
    expect(turn.answer).toContain('  - 12 Jan 2026: **151 mg/dL**, above the reference range (reference 0–130 mg/dL)');
  });

  it('"is it normal?" answers with the latest reading against its range', async () => {
    const turn = await runTurn(userTurn('is my a1c normal?'), responder({ a1c: [A1C_SERIES] }));
    expect(turn.answer).toContain('- Latest: **5.6%** on 15 May 2026 — within its reference range (reference 4–5.6%).');
    expect(turn.answer).toContain('None of these readings was flagged abnormal');
  });

  it('lists readings when asked for all of them', async () => {
    const rows = [
      reading('LDL', 118, 'mg/dL', '2026-09-02', { abnormal: false }),
      reading('LDL', 151, 'mg/dL', '2026-01-12', { abnormal: true }),
    ];
    const turn = await runTurn(
      userTurn('list all my LDL readings'),
      responder({ ldl: [LDL_SERIES] }, (tc) => (tc.name === 'query_health_data' ? query(rows, 3) : null)),
    );
    expect(turn.answer).toContain('| 2 Sep 2026 | 118 mg/dL | normal |');
    expect(turn.answer).toContain('| 12 Jan 2026 | 151 mg/dL | abnormal |');
    expect(turn.answer).toContain('Showing the newest 2 of 3.');
  });

  it('a failed readings lookup beside a working summary is reported, not hidden', async () => {
    const turn = await runTurn(
      userTurn('any abnormal LDL results?'),
      responder({ ldl: [LDL_SERIES] }, (tc) => (tc.name === 'query_health_data' ? 'Error: query timed out' : null)),
    );
    expect(turn.answer).toContain('- 2 readings flagged abnormal.');
    expect(turn.answer).toContain("- I couldn't list the individual readings: Error: query timed out.");
  });

  it('reports a tool error instead of claiming there is no data', async () => {
    const turn = await runTurn(userTurn('what is my HDL?'), () => 'Error: the record store timed out');
    expect(turn.answer).toContain("I couldn't look up **HDL**: Error: the record store timed out.");
    expect(turn.answer).not.toContain('I found no');
  });
});

describe('answers: several tests', () => {
  it('comparison with matching units: a table and one line chart with a group per series', async () => {
    const turn = await runTurn(userTurn('compare my LDL and HDL'), responder({ ldl: [LDL_SERIES], hdl: [HDL_SERIES] }));
    expect(turn.answer).toContain('| Test | Latest | Date | Change | Readings |');
    expect(turn.answer).toContain('| LDL | 118 mg/dL | 2 Sep 2026 | -33 mg/dL | 3 |');
    expect(turn.answer).toContain('| HDL | 49 mg/dL | 2 Sep 2026 | +5 mg/dL | 2 |');
    const all = charts(turn.answer);
    expect(all).toHaveLength(1);
    const [chart] = all;
    expect(chart?.type).toBe('line');
    const groups = new Set(((chart?.data ?? []) as { group?: string }[]).map((p) => p.group));
    expect(groups).toEqual(new Set(['LDL', 'HDL']));
  });

  it('comparison across units: one chart per series', async () => {
    const turn = await runTurn(userTurn('ldl vs a1c'), responder({ ldl: [LDL_SERIES], a1c: [A1C_SERIES] }));
    const all = charts(turn.answer);
    expect(all.map((c) => (c.type === 'pie' ? '' : c.axisYTitle))).toEqual(['mg/dL', '%']);
    expect(all.every((c) => c.data.every((p) => !('group' in p)))).toBe(true);
  });

  it('a panel (blood pressure) reports the members that have data and names those that have none', async () => {
    const turn = await runTurn(userTurn('my blood pressure this year'), sampleWorld());
    expect(turn.toolCalls.slice(0, 2).map((tc) => argsOf(tc).indicator)).toEqual([
      'systolic blood pressure',
      'diastolic blood pressure',
    ]);
    expect(turn.answer).toContain('Your **blood pressure**:');
    expect(turn.answer).toContain('**Systolic blood pressure** (LOINC 8480-6)');
    expect(turn.answer).toContain('**Diastolic blood pressure** (LOINC 8462-4)');
    const [chart] = charts(turn.answer);
    expect(chart?.title).toBe('Systolic blood pressure vs Diastolic blood pressure');
  });

  it('abnormal across all tests: grouped by test, each with its range, and a bar chart of counts', async () => {
    const turn = await runTurn(userTurn('any abnormal results since last year?'), sampleWorld());
    expect(argsOf(turn.toolCalls[0] as ModelToolCall)).toEqual({ from: '2025-01-01', abnormal_only: true, limit: 50 });
    expect(turn.answer).toContain(
      'I found **6 readings** flagged abnormal or outside their reference range since 1 Jan 2025',
    );
    expect(turn.answer).toContain('- 3 Nov 2025: **5.9%**, above the reference range (reference 4–5.6%)');
    const [bar] = charts(turn.answer);
    expect(bar).toMatchObject({ type: 'bar', title: 'Flagged readings per test' });
    expect(bar?.data).toContainEqual({ category: 'LDL', value: 3 });
  });

  it('no abnormal readings: says so for the window', async () => {
    const turn = await runTurn(userTurn('anything flagged yesterday?'), sampleWorld());
    expect(turn.answer).toContain(
      'I found no readings flagged abnormal or outside their reference range yesterday (20 Nov 2026).',
    );
  });
});

describe('answers: no test named', () => {
  it('overview: a table of every series', async () => {
    const turn = await runTurn(userTurn('what data do you have about me?'), sampleWorld());
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([['summarize_health_data', {}]]);
    expect(turn.answer).toContain('Your records hold 7 series:');
    expect(turn.answer).toContain('| Body weight | 3 | 77.8 kg | 1 Oct 2026 | 0 |');
  });

  it('overview of changes over a window adds a change column', async () => {
    const turn = await runTurn(userTurn('how have my results changed this year?'), sampleWorld());
    expect(turn.answer).toContain('| Test | Readings | Latest | Date | Change | Flagged |');
    expect(turn.answer).toContain('| Body weight | 3 | 77.8 kg | 1 Oct 2026 | -3.4 kg (-4.2%) | 0 |');
  });

  it('an unresolved name is matched against the series names of the catalogue', async () => {
    const world = {
      readings: [
        reading('Zorblax index', 12, null, '2026-03-01'),
        reading('Zorblax index', 15, null, '2026-06-01'),
        ...sampleWorld().readings,
      ],
    };
    const turn = await runTurn(userTurn('how is my zorblax doing?'), world);
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([['summarize_health_data', {}]]);
    expect(turn.answer).toContain('Matching "zorblax" against the names in your records:');
    expect(turn.answer).toContain('**Zorblax index**: 2 readings in your records.');
    expect(turn.answer).toContain('- Change: 12 → 15 (1 Mar 2026 → 1 Jun 2026): +3 (+25%), rising.');
  });

  it('with no match in the catalogue, the words are searched as written, then the answer says so', async () => {
    const turn = await runTurn(userTurn('how is my flux capacitance?'), sampleWorld());
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['summarize_health_data', {}],
      ['summarize_health_data', { indicator: 'flux capacitance' }],
    ]);
    expect(turn.answer).toContain(`I couldn't match "flux capacitance" to any test in your records.`);
    expect(turn.answer).toContain('Your records include: Body weight, LDL, HDL');
  });

  it('the text search finds what the catalogue names differently (TSH stored as Thyrotropin)', async () => {
    const turn = await runTurn(userTurn('tsh?'), sampleWorld());
    expect(turn.answer).toContain('**TSH** (Thyrotropin [Units/volume] in Serum or Plasma, LOINC 3016-3)');
    expect(turn.answer).toContain('**2.1 mIU/L** on 3 Mar 2026');
  });

  it('files: the clinical records with type, status, date and abstract', async () => {
    const turn = await runTurn(userTurn('what lab reports have I uploaded?'), sampleWorld());
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['list_clinical_records']);
    expect(turn.answer).toContain(
      '- **lipid-panel-2026-09.pdf** (pdf, processed, uploaded 2 Sep 2026): 2 readings extracted. Lipid panel from the September check-up.',
    );
  });

  it('"summarize my latest lab report": the newest file alone, its abstract and how it begins', async () => {
    const world = sampleWorld();
    world.files = [
      ...(world.files ?? []),
      {
        file_key: 'f2',
        filename: 'blood-count-2026-11.pdf',
        file_type: 'application/pdf',
        status: 'processed',
        created_at: 1794000000,
        abstract: '3 readings from 2026-11-10; 1 outside the reference range: Hemoglobin 11.2 g/dL (L).',
        excerpt: 'City Lab — complete blood count',
        readings: 3,
      },
    ];
    const turn = await runTurn(userTurn('Summarize my latest lab report'), world);
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['list_clinical_records']);
    expect(turn.answer).toContain('Your latest clinical record file is **blood-count-2026-11.pdf**');
    expect(turn.answer).toContain('1 outside the reference range: Hemoglobin 11.2 g/dL (L).');
    expect(turn.answer).toContain('> City Lab — complete blood count');
    expect(turn.answer).toContain('You have 1 other file');
    expect(turn.answer).not.toContain('lipid-panel-2026-09.pdf');
  });

  it('family: the care circle', async () => {
    const turn = await runTurn(userTurn('who is in my family circle?'), sampleWorld());
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['list_family_members']);
    expect(turn.answer).toContain('- **Ana** — mother (has their own records in HDS): Type 2 diabetes');
  });

  it('a failed listing is reported with its error', async () => {
    const turn = await runTurn(userTurn('who is in my family?'), {
      readings: [],
      failures: { list_family_members: '{"error":{"message":"members table unavailable"}}' },
    });
    expect(turn.answer).toContain("I couldn't list your care circle: members table unavailable.");
  });

  it('empty files and family lists are said plainly', async () => {
    const turn = await runTurn(userTurn('show my documents and my family members'), { readings: [] });
    expect(turn.answer).toContain('I found no clinical record files in your account.');
    expect(turn.answer).toContain('Your care circle has no family members yet.');
  });

  it('record: writes the parsed reading and confirms what was stored', async () => {
    const turn = await runTurn(userTurn('log my weight 72.4 kg'), sampleWorld());
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['write_fhir_observation', { indicator: 'weight', value: 72.4, unit: 'kg' }],
    ]);
    expect(turn.answer).toContain('Recorded **Body weight** (LOINC 29463-7): **72.4 kg** on 21 Nov 2026.');
  });

  it('record without a value: asks for one, writes nothing', async () => {
    const turn = await runTurn(userTurn('please record my blood pressure'), sampleWorld());
    expect(turn.toolCalls).toEqual([]);
    expect(turn.answer).toContain("I couldn't find a reading to record in your message.");
  });

  it('record when the write tool is not offered: says it cannot', async () => {
    const turn = await runTurn(userTurn('log my weight 72 kg'), sampleWorld(), {
      tools: [{ name: 'summarize_health_data', description: 'read', parameters: {} }],
    });
    expect(turn.toolCalls).toEqual([]);
    expect(turn.answer).toContain("I can't record readings in this conversation");
  });

  it('medical advice: declines, then reports what the records show', async () => {
    const turn = await runTurn(userTurn('should I take statins for my LDL?'), responder({ ldl: [LDL_SERIES] }));
    const [first] = turn.answer.split('\n\n');
    expect(first).toMatch(/^I can't give medical advice/);
    expect(turn.answer).toContain('- Latest: **118 mg/dL** on 2 Sep 2026');
  });
});

describe('answers: conversations', () => {
  it('a follow-up reuses the earlier test with the new window', async () => {
    const history: ModelMessage[] = [
      { role: 'user', content: 'how has my weight changed this year?' },
      { role: 'assistant', content: 'Your weight went from 81.2 kg to 77.8 kg.' },
    ];
    const turn = await runTurn(userTurn('and last year?', history), sampleWorld());
    expect(argsOf(turn.toolCalls[0] as ModelToolCall)).toEqual({
      indicator: 'weight',
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(turn.answer).toContain('I found no **weight** readings last year (2025).');
  });

  it('every chart of every answer is valid vis-chart JSON', async () => {
    for (const q of [
      'compare my LDL and HDL',
      'my blood pressure trend',
      'any abnormal results?',
      'how have my results changed this year?',
      'how is my weight trending',
    ]) {
      const turn = await runTurn(userTurn(q), sampleWorld());
      for (const spec of charts(turn.answer)) {
        expect(isVisChartSpec(spec)).toBe(true);
        expect(Object.keys(spec).slice(0, 2)).toEqual(['type', 'title']);
      }
    }
  });
});
