/**
 * Vitals dictated or typed in words, as nursing notes, SBAR handovers, paramedic handovers and GP letters write them
 * (session 26, w26). Values said in words come back as written (the extractor contract); approximations, targets,
 * plans, changes and numbers of tablets are no readings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

const FIXTURES = join(__dirname, 'fixtures', 'w26');

function rows(file: string): [string, string, string | null][] {
  const text = readFileSync(join(FIXTURES, file), 'utf8');
  return extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit]);
}

describe('vitals said in words, read as written', () => {
  it.each<[string, [string, string, string | null][]]>([
    [
      '01-orthostatic-home-visit.txt',
      [
        ['BP lying', '136/82', null],
        ['BP standing', '112/70', null],
        ['Pulse lying', 'seventy-two', null],
        ['Pulse standing', 'ninety-eight', null],
      ],
    ],
    [
      '02-sbar-handover.txt',
      [
        ['Sats', 'eighty-nine', 'percent'],
        ['Sats', '94', '%'],
        ['Resp rate', 'twenty-four', null],
        ['Temp', 'thirty-seven point eight', null],
        ['BP', '128 on 84', null],
      ],
    ],
    [
      '03-paramedic-dictation.txt',
      [
        ['blood pressure', 'one forty over ninety', null],
        ['sugar', 'two hundred and ten', null],
        // The Glasgow coma score is an observation like the others (fresh15's handover labels `GCS`; x27b).
        ['GCS', 'fifteen', null],
      ],
    ],
    [
      '04-gp-letter-prose.txt',
      [
        ['ALT', '212', 'U/L'],
        ['bilirubin', '19', 'umol/L'],
        ['weight', '63.2', 'kg'],
      ],
    ],
    [
      '05-weight-words.txt',
      [
        ['weight', 'seventy-one and a half', 'kilos'],
        ['Pulse', '88', null],
      ],
    ],
    [
      '06-spanish-nota.txt',
      [
        ['Tensión arterial', '140 sobre 90', 'mmHg'],
        ['pulso', '84', null],
        ['Saturación', '96', '%'],
      ],
    ],
    [
      '07-german-notiz.txt',
      [
        ['RR', '140 zu 90', 'mmHg'],
        ['Puls', '72', null],
        ['Temperatur', '37,4', '°C'],
      ],
    ],
    [
      '08-spo2-conditions.txt',
      [
        ['SpO2', '95', '%'],
        ['SpO2', '88', '%'],
      ],
    ],
    ['09-near-misses.txt', []],
    [
      '10-nurse-note-words.txt',
      [
        ['Blood pressure sitting', 'one thirty-two over eighty', 'mmHg'],
        ['Pulse sitting', 'eighty', null],
        ['O2 sat', 'ninety-seven', 'percent'],
        ['Temp', 'ninety-eight point six', 'F'],
      ],
    ],
  ])('%s', (file, expected) => {
    expect(rows(file)).toEqual(expected);
  });
});

describe('near-misses stay unread', () => {
  it.each([
    'Seen 12/07/2026. His weight went up 3 kg over the winter.',
    'Seen 12/07/2026. She has lost 4 kg since the summer.',
    'Seen 12/07/2026. Glucose 6.1 mmol/L, 5 units insulin given.',
    'Seen 12/07/2026. She is on 2 on 5 days of the week.',
    'Seen 12/07/2026. The patient was sitting 20 minutes.',
  ])('%s', (text) => {
    const values = extractReadingsOffline(text).map((r) => r.value);
    expect(values.filter((v) => v !== '6.1')).toEqual([]);
  });

  it('a later value after a comma needs a condition word', () => {
    const values = extractReadingsOffline('Seen 12/07/2026. Hb 98 g/L, 121 g/L last year.').map((r) => r.value);
    expect(values).toEqual(['98']);
  });
});

function read(text: string): [string, string, string | null, string | null][] {
  return extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt]);
}

describe('letters: when the results were drawn', () => {
  it('a draw told with its date dates the paragraph, across a line break, not the next paragraph', () => {
    const letter = [
      'Northgate Surgery',
      '',
      '20 January 2026',
      '',
      'Dear Dr Hale,',
      '',
      'Thank you for seeing this man with tiredness. His bloods',
      'drawn on 12/01/2026 showed a sodium of 131 mmol/L. His potassium was 5.9 mmol/L.',
      '',
      'Blood pressure in clinic today was 150/92 mmHg.',
    ].join('\n');
    expect(read(letter)).toEqual([
      ['sodium', '131', 'mmol/L', '2026-01-12'],
      ['potassium', '5.9', 'mmol/L', '2026-01-12'],
      ['Blood pressure', '150/92', 'mmHg', '2026-01-20'],
    ]);
  });

  it('a planned draw dates nothing', () => {
    const letter = [
      'Northgate Surgery',
      '',
      '20 January 2026',
      '',
      'Dear Dr Hale,',
      '',
      'I will repeat bloods on 12/02/2026. Her ferritin was 9 ug/L.',
    ].join('\n');
    expect(read(letter).map((r) => r[3])).toEqual(['2026-01-20']);
  });

  it("a draw's date stops where the paragraph names another event's day", () => {
    const summary = [
      'Admission Date: 11/02/2026        Discharge Date: 11/06/2026',
      '',
      'Admission labs on 11/02/2026 were notable for a sodium of 129 mmol/L. Colonoscopy on 11/04',
      'showed a polyp. Calprotectin: 410 ug/g.',
    ].join('\n');
    const rows = read(summary);
    expect(rows[0]).toEqual(['sodium', '129', 'mmol/L', '2026-11-02']);
    expect(rows.find((r) => r[0] === 'Calprotectin')?.[3]).not.toBe('2026-11-02');
  });

  it('a course gives each value the date written with it, a wrapped yearless day included', () => {
    const letter = [
      'Date: 20/01/2026',
      '',
      'Her HbA1c has improved from 62 mmol/mol on 3 July 2025 to 55 mmol/mol',
      'on 12 January, against a target of 53 mmol/mol or below.',
    ].join('\n');
    expect(read(letter)).toEqual([
      ['HbA1c', '62', 'mmol/mol', '2025-07-03'],
      ['HbA1c', '55', 'mmol/mol', '2026-01-12'],
    ]);
  });
});

describe('nursing notes: wraps, conditions and times', () => {
  it('a bracketed condition and a verb between a wrapped name and its value', () => {
    const note = [
      'Visit: 06/03/2026 10:15',
      'Seated on arrival. Blood pressure lying',
      '(after five minutes) was 148 over 88 mmHg. BP standing',
      '(at one minute) fell to 120/74 mmHg.',
    ].join('\n');
    expect(read(note)).toEqual([
      ['Blood pressure lying', '148 over 88', 'mmHg', '2026-06-03T10:15:00'],
      ['BP standing', '120/74', 'mmHg', '2026-06-03T10:15:00'],
    ]);
  });

  it('the time the prose gives a reading beats the visit time', () => {
    const note = ['Visit: 06/03/2026 10:15', 'Capillary glucose at 11:05 was 212 mg/dL.'].join('\n');
    expect(read(note)).toEqual([['Capillary glucose', '212', 'mg/dL', '2026-06-03T11:05:00']]);
  });
});
