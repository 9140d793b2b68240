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
