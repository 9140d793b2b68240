import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import type { BuiltinToolName } from '../../../shared/domain/agent/tool-results';
import type { ModelMessage } from '../../../shared/ports/model-provider';
import { NOW, reading, runTurn, sampleWorld, toolsOf, userTurn, type World } from './helpers';

/**
 * English answers pinned byte for byte: the file snapshot was written before the answers were put behind a message
 * catalogue, so any drift in wording, spacing, dates or window labels of an English answer fails here.
 */

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

/** Readings in several units, one without a unit and one that is not a number: every set line is said. */
function mixedWorld(): World {
  return {
    readings: [
      reading('Glucose', 5.4, 'mmol/L', '2026-02-01'),
      reading('Glucose', 101, 'mg/dL', '2026-05-01', { reference_low: 70, reference_high: 99, abnormal: true }),
      reading('Glucose', 94, 'mg/dL', '2026-09-01', { reference_low: 70, reference_high: 99, abnormal: false }),
      reading('Glucose', 88, null, '2026-10-01'),
      reading('Glucose', 'pending', 'mg/dL', '2026-11-01'),
      reading('Steps', 8000, '{steps}', '2026-11-17'),
      reading('Steps', 10500, '{steps}', '2026-11-19'),
      reading('Resting heart rate', 58, '{beats}/min', '2026-11-16'),
      reading('Resting heart rate', 61, '{beats}/min', '2026-11-18'),
      reading('Resting heart rate', 57, '{beats}/min', '2026-11-20'),
      reading('Heart rate', 72, '{beats}/min', '2026-10-02'),
      reading('Zorblax index', 12, null, '2026-03-01'),
    ],
  };
}

const QUESTIONS: [string, () => World, BuiltinToolName[]?][] = [
  ["what's my latest LDL?", sampleWorld],
  ['What happened to my LDL this year?', sampleWorld],
  ['what is my average ldl', sampleWorld],
  ['highest and lowest LDL', sampleWorld],
  ['how many LDL results do I have', sampleWorld],
  ['compare my LDL, HDL and a1c', sampleWorld],
  ['is my a1c trending down?', sampleWorld],
  ['how has my LDL changed in the last 3 months?', sampleWorld],
  ['were any of my LDL results out of range this year?', sampleWorld],
  ['is my a1c normal?', sampleWorld],
  ['list all my LDL readings', sampleWorld],
  ['my last 2 ldl results', sampleWorld],
  ['my blood pressure this year', sampleWorld],
  ['my lipid panel since last year', sampleWorld],
  ['any abnormal results since last year?', sampleWorld],
  ['anything flagged yesterday?', sampleWorld],
  ['what data do you have about me?', sampleWorld],
  ['how have my results changed this year?', sampleWorld],
  ['any abnormal results in 2025?', sampleWorld],
  ['how is my zorblax doing?', mixedWorld],
  ['how is my flux capacitance?', sampleWorld],
  ['tsh?', sampleWorld],
  ['what is my tsh', mixedWorld],
  ['what lab reports have I uploaded?', sampleWorld],
  ['Summarize my latest lab report', sampleWorld],
  ['who is in my family circle?', sampleWorld],
  ['show my documents and my family members', () => ({ readings: [] })],
  ['log my weight 72.4 kg', sampleWorld],
  ['please record my blood pressure', sampleWorld],
  ['should I take statins for my LDL?', sampleWorld],
  ['Slept badly, resting heart rate 58 this morning', sampleWorld],
  ['how has my glucose changed?', mixedWorld],
  ['what is my average glucose this year', mixedWorld],
  ['is my glucose out of range?', mixedWorld],
  ['how many steps this week', mixedWorld],
  ['How has my heart rate been this week?', mixedWorld],
  ['my resting heart rate on monday', mixedWorld],
  ['glucose between 1 jan 2026 and 31 mar 2026', mixedWorld],
  ['glucose since March', mixedWorld],
  ['glucose before 2026', mixedWorld],
  ['glucose in march 2026', mixedWorld],
  ['glucose 2025 vs 2026', mixedWorld],
  ['glucose on 2026-05-01', mixedWorld],
  ['glucose today', mixedWorld],
  ['glucose last month', mixedWorld],
  ['glucose in the past year', mixedWorld],
  ['glucose in the last 24 hrs', mixedWorld],
  ['plot my weight', sampleWorld],
  ['what is my vitamin d', sampleWorld, ['query_health_data']],
  ['my ldl trend', sampleWorld, ['query_health_data']],
  ['who is in my family?', sampleWorld, ['summarize_health_data']],
  ['what files do I have?', sampleWorld, ['summarize_health_data']],
  ['what is my weight', sampleWorld, ['list_family_members']],
];

describe('English answers are unchanged', () => {
  it('answers every shape exactly as before', async () => {
    const answers: Record<string, string> = {};
    for (const [question, world, tools] of QUESTIONS) {
      const turn = await runTurn(userTurn(question), world(), tools ? { tools: toolsOf(tools) } : {});
      answers[question] = turn.answer;
    }
    const failing = await runTurn(userTurn('what is my HDL?'), () => 'Error: the record store timed out');
    answers['what is my HDL? (tools fail)'] = failing.answer;
    const off = await runTurn(userTurn('what is my HDL?'), sampleWorld(), { toolChoice: 'none' });
    answers['what is my HDL? (tools off)'] = off.answer;
    const history: ModelMessage[] = [
      { role: 'user', content: 'how has my weight changed this year?' },
      { role: 'assistant', content: 'Your weight went from 81.2 kg to 77.8 kg.' },
    ];
    answers['and last year? (follow-up)'] = (await runTurn(userTurn('and last year?', history), sampleWorld())).answer;
    await expect(JSON.stringify(answers, null, 2)).toMatchFileSnapshot('./__snapshots__/english-answers.json');
  });
});
