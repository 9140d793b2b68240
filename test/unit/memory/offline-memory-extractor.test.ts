import { describe, expect, it } from 'vitest';
import { extractMemoriesOffline } from '../../../shared/domain/memory/offline-memory-extractor';
import { boundMemories, MAX_MEMORIES_PER_TURN, MAX_MEMORY_CHARS } from '../../../shared/domain/memory/types';

const one = (text: string) => extractMemoriesOffline(text);

describe('offline memory extractor: durable first-person statements', () => {
  it.each([
    ['I am allergic to penicillin.', 'I am allergic to penicillin', 'allergy'],
    ["I'm severely allergic to peanuts", "I'm severely allergic to peanuts", 'allergy'],
    ['Allergic to cats', 'Allergic to cats', 'allergy'],
    ['I have a shellfish allergy', 'I have a shellfish allergy', 'allergy'],
    ['I’m lactose intolerant', 'I’m lactose intolerant', 'allergy'],
    ["I'm vegetarian", "I'm vegetarian", 'diet'],
    ['im vegan now', 'Im vegan now', 'diet'],
    ['started a vegetarian diet', 'Started a vegetarian diet', 'diet'],
    ['Went vegan last month', 'Went vegan last month', 'diet'],
    ['I follow a low-carb diet', 'I follow a low-carb diet', 'diet'],
    ["I don't eat red meat", "I don't eat red meat", 'diet'],
    ['I do intermittent fasting', 'I do intermittent fasting', 'diet'],
    ['I take metformin', 'I take metformin', 'medication'],
    ['I take metformin 500 mg twice a day', 'I take metformin 500 mg twice a day', 'medication'],
    ["I'm on atorvastatin 20mg", "I'm on atorvastatin 20mg", 'medication'],
    ['Started on atorvastatin', 'Started on atorvastatin', 'medication'],
    ['I stopped taking statins', 'I stopped taking statins', 'medication'],
    ["I'm on the pill", "I'm on the pill", 'medication'],
    ['Started taking vitamin D', 'Started taking vitamin D', 'medication'],
    ['I have been on insulin since 2010', 'I have been on insulin since 2010', 'medication'],
    ['I use an inhaler', 'I use an inhaler', 'medication'],
    ['I have type 2 diabetes', 'I have type 2 diabetes', 'condition'],
    ['I was diagnosed with hypothyroidism', 'I was diagnosed with hypothyroidism', 'condition'],
    ['Last year I was diagnosed with celiac disease', 'Last year I was diagnosed with celiac disease', 'condition'],
    ["I'm asthmatic", "I'm asthmatic", 'condition'],
    ['I live with chronic back pain', 'I live with chronic back pain', 'condition'],
    ['I suffer from migraines', 'I suffer from migraines', 'condition'],
    ['My mother had breast cancer', 'My mother had breast cancer', 'family_history'],
    ['my dad died of a heart attack', 'My dad died of a heart attack', 'family_history'],
    ['My maternal grandmother has dementia', 'My maternal grandmother has dementia', 'family_history'],
    ['Heart disease runs in my family', 'Heart disease runs in my family', 'family_history'],
    ["I'm training for a marathon", "I'm training for a marathon", 'goal'],
    ['Training for a half marathon in April', 'Training for a half marathon in April', 'goal'],
    ["I'm trying to lose weight", "I'm trying to lose weight", 'goal'],
    ['I want to lower my cholesterol', 'I want to lower my cholesterol', 'goal'],
    ['My goal is 10k steps a day', 'My goal is 10k steps a day', 'goal'],
    ['I quit smoking', 'I quit smoking', 'lifestyle'],
    ["I don't drink alcohol", "I don't drink alcohol", 'lifestyle'],
    ["I don't drink", "I don't drink", 'lifestyle'],
    ["I'm a non-smoker", "I'm a non-smoker", 'lifestyle'],
    ['I work night shifts', 'I work night shifts', 'lifestyle'],
    ['I run 5k every morning', 'I run 5k every morning', 'lifestyle'],
    ['I swim twice a week', 'I swim twice a week', 'lifestyle'],
    ['I prefer metric units', 'I prefer metric units', 'preference'],
  ])('%s', (text, memory, kind) => {
    expect(one(text)).toEqual([{ text: memory, kind }]);
  });

  it('reads the journal entry of the recipe: the diet is a memory, the reading and the night are not', () => {
    expect(one('Slept badly, resting heart rate 58 this morning, started a vegetarian diet')).toEqual([
      { text: 'Started a vegetarian diet', kind: 'diet' },
    ]);
  });

  it('splits several statements, keeps a list with its clause, and keeps their order', () => {
    expect(
      one(
        "I'm allergic to peanuts, shellfish and penicillin. I have type 2 diabetes and I take metformin; my mother had breast cancer!",
      ),
    ).toEqual([
      { text: "I'm allergic to peanuts, shellfish and penicillin", kind: 'allergy' },
      { text: 'I have type 2 diabetes', kind: 'condition' },
      { text: 'I take metformin', kind: 'medication' },
      { text: 'My mother had breast cancer', kind: 'family_history' },
    ]);
  });

  it('keeps "my mother and my father both …" as one statement', () => {
    expect(one('My mother and my father both had type 2 diabetes')).toEqual([
      { text: 'My mother and my father both had type 2 diabetes', kind: 'family_history' },
    ]);
  });

  it('does not glue an unrelated clause onto a list', () => {
    expect(one('Allergic to cats, slept badly')).toEqual([{ text: 'Allergic to cats', kind: 'allergy' }]);
  });
});

describe('offline memory extractor: what it leaves alone', () => {
  it.each([
    // Readings: they become rows, never memories.
    'Resting heart rate 58 this morning',
    'My blood pressure was 128/82',
    'Weight 72.4 kg today',
    'I weighed 72 kg',
    'Glucose 104 mg/dL fasting',
    'I slept 7 hours',
    'I ran 5k in 28 minutes',
    'I took my blood pressure every morning',
    // Transient states and one-off events.
    'Slept badly',
    'I have a headache',
    'I had a cold last week',
    'I have insomnia tonight',
    'I have anxiety about the exam',
    'I took ibuprofen for my headache',
    "I'm tired",
    "I'm on holiday",
    'Started a new job',
    'I am eating a low-carb dinner',
    // Negated, hedged, asked, second-hand or past.
    "I'm not allergic to anything",
    'I am no longer vegetarian',
    'I have never been diagnosed with diabetes',
    'No family history of heart disease',
    'I think I might be allergic to cats',
    'Maybe I have diabetes',
    'My doctor said I have diabetes',
    'Am I allergic to penicillin?',
    'Should I take metformin?',
    'What if I have high blood pressure',
    'I used to smoke',
    'My friend is vegan',
    'My wife has diabetes',
    'My mother called me',
    'My dad had a cold',
    'I was diagnosed with the flu',
    'I want to know my glucose',
    'I want to eat pizza',
    '',
  ])('%j', (text) => {
    expect(one(text)).toEqual([]);
  });
});

describe('boundMemories', () => {
  it('trims, drops empties and repeats, cuts long texts at a word, and caps the count', () => {
    const long = `I take ${'metformin and '.repeat(40)}aspirin`;
    const bounded = boundMemories([
      { text: '  I am vegan  ', kind: 'diet' },
      { text: 'i AM vegan', kind: 'diet' },
      { text: '   ', kind: null },
      { text: long, kind: 'medication' },
      ...Array.from({ length: 20 }, (_, i) => ({ text: `fact ${i}`, kind: null })),
    ]);
    expect(bounded[0]).toEqual({ text: 'I am vegan', kind: 'diet' });
    expect(bounded[1]!.text.length).toBeLessThanOrEqual(MAX_MEMORY_CHARS);
    expect(bounded[1]!.text.endsWith('…')).toBe(true);
    expect(bounded).toHaveLength(MAX_MEMORIES_PER_TURN);
  });
});
