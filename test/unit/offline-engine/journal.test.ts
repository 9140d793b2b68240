import { describe, expect, it } from 'vitest';
import { isJournalEntry } from '../../../shared/adapters/model/offline-engine/intents';
import { analyseQuestion } from '../../../shared/adapters/model/offline-engine/question';

const NOW = Date.UTC(2026, 10, 21, 9);
const intentsOf = (text: string) => analyseQuestion(text, NOW).intents;

describe('a journal entry (a report that asks nothing)', () => {
  it.each([
    'Slept badly, resting heart rate 58 this morning, started a vegetarian diet',
    'I feel tired today and my knee hurts.',
    'Had a 5 km run. Feeling great!',
    'Started metformin yesterday',
    'We walked for an hour after dinner',
  ])('is acknowledged, with no lookup and no advice refusal: %s', (text) => {
    expect(intentsOf(text)).toEqual(['journal']);
  });

  it.each([
    'What was my resting heart rate this week?',
    'my ldl trend',
    'I want to see my glucose readings',
    "I'd like to know my latest HbA1c",
    'show me my weight over the last month',
    'Should I change my diet',
    'log my weight 72 kg',
    'glucose last year',
    'Is my cholesterol ok',
  ])('is not taken for one: %s', (text) => {
    expect(intentsOf(text)).not.toContain('journal');
  });

  it('needs a question mark or an asking opening to be a question, and a report to be an entry', () => {
    expect(isJournalEntry('Resting heart rate 58', 'resting heart rate 58')).toBe(false);
    expect(isJournalEntry('I slept 7 hours?', 'i slept 7 hours')).toBe(false);
  });
});
