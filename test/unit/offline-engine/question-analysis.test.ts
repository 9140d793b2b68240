import { describe, expect, it } from 'vitest';
import { findIndicators } from '../../../shared/adapters/model/offline-engine/indicators';
import type { Intent } from '../../../shared/adapters/model/offline-engine/intents';
import { analyseConversation, analyseQuestion } from '../../../shared/adapters/model/offline-engine/question';
import { normalizeQuestion, tokenize } from '../../../shared/adapters/model/offline-engine/text';
import { parseTimeWindow } from '../../../shared/adapters/model/offline-engine/time-window';
import { NOW } from './helpers';

const LDL = '2089-1';
const HDL = '2085-9';
const A1C = '4548-4';
const GLUCOSE = '2345-7';
const CHOL = '2093-3';
const TRIG = '2571-8';
const WEIGHT = '29463-7';
const HR = '8867-4';
const RHR = '40443-4';
const SYS = '8480-6';
const DIA = '8462-4';
const VITD = '1989-3';
const TSH = '3016-3';
const STEPS = '55423-8';
const SPO2 = '59408-5';
const BMI = '39156-5';
const SLEEP = '93832-4';
const TEMP = '8310-5';

function codesOf(question: string): string[] {
  return analyseQuestion(question, NOW).indicators.map((m) => m.codes[0] as string);
}

/** `[question, intents that must be present, first codes of the tests, window from, window to]` */
type Row = [string, Intent[], string[], string | null | undefined, (string | null)?];

/** Phrasings a partner's users type; `undefined` window means "no window named" (all time). */
const PHRASINGS: Row[] = [
  ['What happened to my LDL this year?', ['trend'], [LDL], '2026-01-01', null],
  ['whats my a1c', ['latest'], [A1C], undefined],
  ['how has my blood sugar changed over the last 6 months', ['trend'], [GLUCOSE], '2026-05-21', null],
  ['highest heart rate last month', ['extremes'], [HR], '2026-10-01', '2026-10-31'],
  ['how many weight readings do I have', ['count'], [WEIGHT], undefined],
  ['compare ldl and hdl since 2025', ['compare'], [LDL, HDL], '2025-01-01', null],
  ['chol vs trig', ['compare'], [CHOL, TRIG], undefined],
  ['is my vitamin d normal?', ['abnormal'], [VITD], undefined],
  ['How is my TSH', [], [TSH], undefined],
  ['my blood pressure trend in 2025', ['trend'], [SYS, DIA], '2025-01-01', '2025-12-31'],
  ['whats my bp', ['latest'], [SYS, DIA], undefined],
  ['What was my resting heart rate lately?', ['latest'], [RHR], undefined],
  ['Has my HbA1c improved since January?', ['trend'], [A1C], '2026-01-01', null],
  ['lowest spo2 ever', ['extremes'], [SPO2], undefined],
  ['show all my ldl readings', ['list'], [LDL], undefined],
  ['my weight in march', [], [WEIGHT], '2026-03-01', '2026-03-31'],
  ['did my weight go down in the past 3 months', ['trend'], [WEIGHT], '2026-08-21', null],
  ['average step count this month', ['average'], [STEPS], '2026-11-01', null],
  ['bmi peak last year', ['extremes'], [BMI], '2025-01-01', '2025-12-31'],
  ['how much did I sleep yesterday', [], [SLEEP], '2026-11-20', '2026-11-20'],
  ['glucose between 1 jan 2026 and 31 mar 2026', [], [GLUCOSE], '2026-01-01', '2026-03-31'],
  ['is my a1c ok?', ['abnormal'], [A1C], undefined],
  ['how many times was my glucose out of range in 2025', ['abnormal', 'count'], [GLUCOSE], '2025-01-01', '2025-12-31'],
  ['any abnormal results?', ['abnormal'], [], undefined],
  ['were any of my labs flagged in the past year', ['abnormal'], [], '2025-11-21', null],
  ['what data do you have on me', ['overview'], [], undefined],
  ['summarize my health this year', ['overview'], [], '2026-01-01', null],
  ['show me my lab reports', ['files'], [], undefined],
  ['which documents did I upload', ['files'], [], undefined],
  ['who is in my care circle', ['family'], [], undefined],
  ['list my family members', ['family'], [], undefined],
  ['record my weight 72 kg', ['record'], [WEIGHT], undefined],
  ['log my temp 37.2 C today', ['record'], [TEMP], '2026-11-21', '2026-11-21'],
  ['should I take statins for my cholesterol?', ['advice'], [CHOL, LDL, HDL, TRIG], undefined],
  ['total cholesterol this year', [], [CHOL], '2026-01-01', null],
  ['hdl cholesterol vs triglycerides over the past 2 years', ['compare', 'trend'], [HDL, TRIG], '2024-11-21', null],
  ['is my ldl getting better or worse', ['trend'], [LDL], undefined],
  ['what was my pulse on monday', [], [HR], '2026-11-16', '2026-11-16'],
  ['How high has my LDL ever been?', ['extremes'], [LDL], undefined],
  ['can you explain what my latest results mean', ['advice', 'latest'], [], undefined],
  ['Any red flags in my bloodwork this year?', ['abnormal'], [], '2026-01-01', null],
  ["how is my dad's blood pressure", ['family'], [SYS, DIA], undefined],
];

describe('question analysis: varied phrasings', () => {
  it.each(PHRASINGS)('%s', (question, intents, codes, from, to) => {
    const a = analyseQuestion(question, NOW);
    for (const intent of intents) expect(a.intents).toContain(intent);
    expect(a.indicators.map((m) => m.codes[0])).toEqual(codes);
    if (from === undefined) expect(a.window).toBeNull();
    else {
      expect(a.window?.from ?? null).toBe(from);
      expect(a.window?.to ?? null).toBe(to ?? null);
    }
  });

  it('reads "mean" as a verb unless it is the mean', () => {
    expect(analyseQuestion('what do my results mean', NOW).intents).not.toContain('average');
    expect(analyseQuestion('what is the mean of my ldl', NOW).intents).toContain('average');
  });

  it('keeps words too broad to search for out of the terms', () => {
    expect(analyseQuestion('what were the results of my last blood test', NOW).terms).toEqual([]);
    expect(analyseQuestion("what's my blood type", NOW).terms).toEqual([['blood', 'type']]);
  });

  it('does not invent intents the wording lacks', () => {
    expect(analyseQuestion('whats my a1c', NOW).intents).not.toContain('trend');
    expect(analyseQuestion('what happened to my LDL this year?', NOW).intents).not.toContain('abnormal');
    expect(analyseQuestion('what is my blood count', NOW).intents).not.toContain('count');
    expect(analyseQuestion('what is my latest HDL', NOW).intents).not.toContain('abnormal');
    expect(analyseQuestion('whats my step count', NOW).intents).not.toContain('count');
  });
});

describe('question analysis: test names', () => {
  it.each([
    'how',
    'my',
    'this year',
    'any',
    'results',
    'normal',
    'what is going on',
    'show me everything',
    'how many readings do I have',
    'is it high or low',
    'lead me to the next steps',
    'quick summary please',
    'what changed in the last 24 hr',
  ])('"%s" names no test', (question) => {
    expect(codesOf(question)).toEqual([]);
  });

  it('prefers the longest name: systolic blood pressure, not blood pressure', () => {
    expect(codesOf('my systolic blood pressure')).toEqual([SYS]);
    expect(codesOf('resting heart rate')).toEqual([RHR]);
    expect(codesOf('fasting glucose')).toEqual(['1558-6']);
  });

  it('keeps a test named twice once', () => {
    expect(codesOf('hba1c (a1c) trend')).toEqual([A1C]);
  });

  it('trims question words off the name it passes to the tools', () => {
    const [m] = analyseQuestion('show my LDL levels', NOW).indicators;
    expect(m?.phrase).toBe('LDL');
  });

  it('knows a name with several candidate codes and lists every one (TSH, LDL)', () => {
    // A bare `TSH` is 3016-3 (README *Labelling decisions*, session 23): the mass sibling is the old RIA row.
    const [tsh] = findIndicators(tokenize(normalizeQuestion('tsh')));
    expect(tsh?.loincCode).toBe('3016-3');
    expect(tsh?.codes).toEqual(expect.arrayContaining(['3016-3', '27975-2']));
    const [ldl] = findIndicators(tokenize(normalizeQuestion('ldl')));
    expect(ldl?.codes).toEqual([LDL, '22748-8']);
  });

  it('expands groups of tests (panels) to their members', () => {
    expect(codesOf('my lipid panel')).toEqual([CHOL, LDL, HDL, TRIG]);
    const thyroid = analyseQuestion("how's my thyroid", NOW).indicators;
    expect(thyroid.every((m) => m.panel === 'thyroid tests')).toBe(true);
    expect(thyroid[0]?.codes).toContain(TSH);
  });

  it('leaves the words it could not resolve as terms for the catalogue', () => {
    const a = analyseQuestion('how is my mood lately', NOW);
    expect(a.indicators.map((m) => m.phrase)).toEqual(['mood']);
    expect(analyseQuestion('what about my zorblax', NOW).terms).toEqual([['zorblax']]);
  });
});

describe('question analysis: record requests', () => {
  it.each([
    ['record my weight 72 kg', { indicator: 'weight', value: 72, unit: 'kg' }],
    [
      'please log my weight of 72.5kg for yesterday',
      { indicator: 'weight', value: 72.5, unit: 'kg', time: '2026-11-20' },
    ],
    ['log blood pressure 120/80 mmHg', { indicator: 'blood pressure', value: '120/80', unit: 'mmHg' }],
    ['add a glucose reading of 5,4 mmol/L', { indicator: 'glucose', value: 5.4, unit: 'mmol/L' }],
    ['I want to record my heart rate: 65 bpm', { indicator: 'heart rate', value: 65, unit: 'bpm' }],
    ['log mood 7', { indicator: 'mood', value: 7 }],
    ['please add 120 over 80 for my blood pressure', { indicator: 'blood pressure', value: '120/80' }],
    ['record my weight 80 kg on 2026-11-02', { indicator: 'weight', value: 80, unit: 'kg', time: '2026-11-02' }],
  ])('%s', (question, expected) => {
    expect(analyseQuestion(question, NOW).record).toEqual(expected);
  });

  it('has no reading to record without a value', () => {
    const a = analyseQuestion('record my weight', NOW);
    expect(a.intents).toContain('record');
    expect(a.record).toBeNull();
  });

  it('does not read "track my weight" or "show my records" as a request to write', () => {
    expect(analyseQuestion('track my weight trend', NOW).intents).not.toContain('record');
    expect(analyseQuestion('show my records from 2025', NOW).intents).not.toContain('record');
  });
});

describe('time windows', () => {
  const window = (q: string) => parseTimeWindow(normalizeQuestion(q), NOW);

  it.each([
    ['this year', '2026-01-01', null],
    ['last year', '2025-01-01', '2025-12-31'],
    ['in 2024', '2024-01-01', '2024-12-31'],
    ['during 2025', '2025-01-01', '2025-12-31'],
    ['last 30 days', '2026-10-22', null],
    ['past 2 weeks', '2026-11-07', null],
    ['the last three months', '2026-08-21', null],
    ['past 5 years', '2021-11-21', null],
    ['past month', '2026-10-21', null],
    ['past week', '2026-11-14', null],
    ['past year', '2025-11-21', null],
    ['in the last year', '2025-11-21', null],
    ['today', '2026-11-21', '2026-11-21'],
    ['yesterday', '2026-11-20', '2026-11-20'],
    ['this month', '2026-11-01', null],
    ['last month', '2026-10-01', '2026-10-31'],
    ['this week', '2026-11-16', null],
    ['since March', '2026-03-01', null],
    ['since december', '2025-12-01', null],
    ['since March 2024', '2024-03-01', null],
    ['since 2025-07-15', '2025-07-15', null],
    ['since 3 May', '2026-05-03', null],
    ['since last year', '2025-01-01', null],
    ['between January and March', '2026-01-01', '2026-03-31'],
    ['between 2025-02-01 and 2025-02-28', '2025-02-01', '2025-02-28'],
    ['from feb to april 2026', '2026-02-01', '2026-04-30'],
    ['in march 2025', '2025-03-01', '2025-03-31'],
    ['on 12 jan', '2026-01-12', '2026-01-12'],
    ['before 2025', null, '2024-12-31'],
    ['2025 vs 2026', '2025-01-01', '2026-12-31'],
    ['results from my doctor since june', '2026-06-01', null],
    ['is it better than last year', '2025-01-01', null],
    ['on monday', '2026-11-16', '2026-11-16'],
  ])('%s', (phrase, from, to) => {
    const w = window(phrase);
    expect(w).not.toBeNull();
    expect(w?.from ?? null).toBe(from);
    expect(w?.to ?? null).toBe(to);
    expect(w?.label.length).toBeGreaterThan(3);
  });

  it.each(['what is my ldl', 'may I see my hdl', 'record 72 kg', 'how many readings'])('"%s" names no window', (q) => {
    expect(window(q)).toBeNull();
  });

  it('labels windows with their dates', () => {
    expect(window('this year')?.label).toBe('this year (since 1 Jan 2026)');
    expect(window('last 3 months')?.label).toBe('in the last 3 months (since 21 Aug 2026)');
    expect(window('last year')?.label).toBe('last year (2025)');
  });
});

describe('follow-up questions', () => {
  it('carries the tests into "and last year?"', () => {
    const a = analyseConversation(['how has my LDL changed this year?', 'and last year?'], NOW);
    expect(a.followUp).toBe(true);
    expect(a.indicators.map((m) => m.codes[0])).toEqual([LDL]);
    expect(a.window?.from).toBe('2025-01-01');
    expect(a.intents).toContain('trend');
  });

  it('carries the window and intent into "what about HDL?"', () => {
    const a = analyseConversation(['how has my LDL changed this year?', 'what about HDL?'], NOW);
    expect(a.indicators.map((m) => m.codes[0])).toEqual([HDL]);
    expect(a.window?.from).toBe('2026-01-01');
    expect(a.intents).toContain('trend');
  });

  it('leaves a question that stands on its own alone', () => {
    const a = analyseConversation(['how has my LDL changed this year?', 'who is in my care circle?'], NOW);
    expect(a.indicators).toEqual([]);
    expect(a.intents).toEqual(['family']);
    expect(a.followUp).toBe(false);
  });
});
