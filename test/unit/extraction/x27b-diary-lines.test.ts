import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diaryLineDay, diaryTimeUnder } from '../../../shared/domain/extraction/diary-line-dates';
import { pulsesAfterPressure } from '../../../shared/domain/extraction/pulse-after-pressure';
import { readAs } from './support/read-fields';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'x27b', name), 'utf8');
const dated = (name: string) => readAs(fixture(name), 'indicator', 'value', 'measuredAt');

describe("a phone diary's lines are dated by the day they open with (diary-line-dates.ts)", () => {
  it('reads a UK diary: weekday and slash, ordinal and month, dotted, month first, an indented evening time', () => {
    expect(dated('diary-uk-march.txt')).toEqual([
      ['BP', '138/86', '2026-03-03'],
      ['P', '72', '2026-03-03'],
      ['B/P', '131/80', '2026-03-04'],
      ['p', '69', '2026-03-04'],
      ['bp', '142/91', '2026-03-06'],
      ['p', '81', '2026-03-06'],
      ['bp', '129/78', '2026-03-09'],
      ['pulse', '64', '2026-03-09'],
      ['bp', '124/76', '2026-03-09T21:45:00'],
      ['p', '62', '2026-03-09T21:45:00'],
      ['bp', '135/84', '2026-03-12'],
      ['weight', '79.4', '2026-03-12'],
      ['bp', '127/79', '2026-03-14T07:05:00'],
    ]);
  });

  it('reads a US diary month first when a day past 12 says so', () => {
    expect(dated('diary-us-month-first.txt')).toEqual([
      ['bp', '127/79', '2026-03-14T07:05:00'],
      ['p', '70', '2026-03-14T07:05:00'],
      ['weight', '180.2', '2026-03-15'],
      ['bp', '131/82', '2026-03-16'],
    ]);
  });

  it('reads no fraction, dose or decimal as a day, and no `p` that is no pulse', () => {
    expect(dated('diary-near-misses.txt')).toEqual([['glucose', '6.1', null]]);
  });

  it('lets a weekday settle a slash day, and finds `Friday 13th` in the month above', () => {
    expect(diaryLineDay('Sat 7/2  weight 87.6', 'month-first', '2026-02-16', null)?.iso).toBe('2026-02-07');
    expect(diaryLineDay('Friday 13th  bp 133/85', 'day-first', '2026-02-16', '2026-02-12')?.iso).toBe('2026-02-13');
    expect(diaryLineDay('Friday 14th  bp 133/85', 'day-first', '2026-02-16', '2026-02-12')).toBeNull();
    expect(diaryLineDay('8 Feb (Sun) forgot', 'day-first', '2026-02-16', null)).toBeNull();
    expect(diaryTimeUnder('         10:30pm B/P 131/84', '2026-02-10')).toEqual({
      iso: '2026-02-10T22:30:00',
      rest: 'B/P 131/84',
    });
  });

  it('reads `p` only straight after a pressure, as a whole pulse', () => {
    expect(pulsesAfterPressure('bp 146/94 p79 (left arm)').map((p) => p.pulse.measurement.value)).toEqual(['79']);
    expect(pulsesAfterPressure('BP 138/88 P 1.3')).toEqual([]);
    expect(pulsesAfterPressure('bp 138/88 then p 250')).toEqual([]);
    expect(pulsesAfterPressure('Phosphate p 1.2 mmol/L')).toEqual([]);
  });
});
