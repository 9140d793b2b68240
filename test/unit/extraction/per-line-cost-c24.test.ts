import { describe, expect, it } from 'vitest';
import { unfoldBarColumns } from '../../../shared/domain/extraction/bar-columns';
import { type RunYield, unfoldColumns } from '../../../shared/domain/extraction/columns';
import { findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readingInLine, splitSegments, valueStarts } from '../../../shared/domain/extraction/inline-readings';
import type { SourceLine } from '../../../shared/domain/extraction/lines';
import { parseMeasurement } from '../../../shared/domain/extraction/measurement';

const asLines = (texts: string[]): SourceLine[] => texts.map((text, index) => ({ index, text }));

/** A counter that reads every line with a digit as one reading, and records what it was asked to read. */
function recordingCounter(): { count: (run: readonly SourceLine[]) => RunYield; asked: string[][] } {
  const asked: string[][] = [];
  const count = (run: readonly SourceLine[]): RunYield => {
    asked.push(run.map((line) => line.text));
    const readings = run.filter((line) => /\d/.test(line.text)).length;
    return { readings, ranged: 0 };
  };
  return { count, asked };
}

describe('column passes read the right column first', () => {
  const TWO_COLUMNS = [
    'Glucose 5.4 mmol/L            Sodium 140 mmol/L',
    'Urea 6.1 mmol/L               Potassium 4.1 mmol/L',
    'Creatinine 80 umol/L          Chloride 101 mmol/L',
  ];

  it('reads a block whole and by its left column only when its right column gives two readings', () => {
    // A right column of words without values (a table's comment column): one read of it, nothing more.
    const { count, asked } = recordingCounter();
    const captioned = [
      'Glucose 5.4 mmol/L            Fasting sample',
      'Urea 6.1 mmol/L               Repeated once',
      'Creatinine 80 umol/L          Haemolysed slightly',
    ];
    expect(unfoldColumns(asLines(captioned), count).map((l) => l.text)).toEqual(captioned);
    expect(asked).toEqual([['Fasting sample', 'Repeated once', 'Haemolysed slightly']]);
  });

  it('still splits a two-column page, read right, whole, then left', () => {
    const { count, asked } = recordingCounter();
    const unfolded = unfoldColumns(asLines(TWO_COLUMNS), count).map((l) => l.text);
    expect(unfolded).toEqual([
      'Glucose 5.4 mmol/L',
      'Urea 6.1 mmol/L',
      'Creatinine 80 umol/L',
      '',
      'Sodium 140 mmol/L',
      'Potassium 4.1 mmol/L',
      'Chloride 101 mmol/L',
    ]);
    expect(asked.map((run) => run[0])).toEqual(['Sodium 140 mmol/L', TWO_COLUMNS[0], 'Glucose 5.4 mmol/L']);
  });

  it('a barred run whose right side holds one value is read no further', () => {
    const { count, asked } = recordingCounter();
    const barred = ['Hemoglobin | 13.2 g/dL', 'Platelets | see comment', 'Comment | clumped sample'];
    expect(unfoldBarColumns(asLines(barred), count).map((l) => l.text)).toEqual(barred);
    expect(asked).toHaveLength(1);
  });

  it('the extractor reads both columns of a page and a table cut at its own gap as before', () => {
    // Each line read whole already gives both its readings: the split yields no more, and the block stays whole.
    const page = extractReadingsOffline(TWO_COLUMNS.join('\n'));
    expect(page.map((r) => r.indicator)).toEqual(['Glucose', 'Sodium', 'Urea', 'Potassium', 'Creatinine', 'Chloride']);
    const table = extractReadingsOffline(
      [
        'Test                    Result      Units      Reference',
        'Haemoglobin             13.2        g/dL       13.0-17.0',
        'Platelets               250         10^9/L     150-400',
        'White cell count        6.1         10^9/L     4.0-11.0',
      ].join('\n'),
    );
    expect(table.map((r) => [r.indicator, r.value, r.referenceRange])).toEqual([
      ['Haemoglobin', '13.2', '13.0-17.0'],
      ['Platelets', '250', '150-400'],
      ['White cell count', '6.1', '4.0-11.0'],
    ]);
  });
});

describe('dates with a four-digit year are looked for only where four digits stand in a row', () => {
  it('finds month-name, spaced, year-first and CJK dates', () => {
    const iso = (text: string) => findDates(text, 'day-first').map((d) => d.iso);
    expect(iso('Collected Mar 17, 2026 at 08:10')).toEqual(['2026-03-17']);
    expect(iso('MAR-17-2026 fax')).toEqual(['2026-03-17']);
    expect(iso('2026-Oct-05 LifeLabs')).toEqual(['2026-10-05']);
    expect(iso('drawn 03 / 04 / 2026')).toEqual(['2026-04-03']);
    expect(iso('检验日期 2024年3月15日')).toEqual(['2024-03-15']);
  });

  it('still finds the forms with a two-digit year, and nothing in a line of three-digit numbers', () => {
    const iso = (text: string) => findDates(text, 'day-first').map((d) => d.iso);
    expect(iso('12-Apr-26 Glucose 5.4')).toEqual(['2026-04-12']);
    expect(iso('seen 03/04/26')).toEqual(['2026-04-03']);
    expect(iso('Kalomir tesvun was 123.4 km and sorfos 201 % on Mar 17')).toEqual([]);
  });
});

describe('value starts and names in front of values read as before', () => {
  it('a minus glued to digits after a gap starts a value; one inside a word does not', () => {
    expect(valueStarts('BE(B)   -1.8 mmol/L', 'day-first')).toContain(8);
    expect(valueStarts('anti-1 antibody 4.2 U/mL', 'day-first')).not.toContain(5);
    expect(valueStarts('pH=7.41', 'day-first')).toContain(3);
  });

  it('a segment repeating its line in front of a value gets the same name, range and unit', () => {
    const line = 'Glucose (70-99) 104 mg/dL, sodium 140 mmol/L';
    const whole = readingInLine(line, 'day-first');
    const first = readingInLine(splitSegments(line)[0] as string, 'day-first');
    expect(whole?.name).toBe('Glucose');
    expect(first?.name).toBe(whole?.name);
    expect(first?.measurement.referenceRange).toBe('70-99');
    expect(whole?.measurement.referenceRange).toBe('70-99');
    // Each caller still gets its own measurement to complete.
    if (first) first.measurement.referenceRange = 'changed';
    expect(readingInLine(splitSegments(line)[0] as string, 'day-first')?.measurement.referenceRange).toBe('70-99');
  });

  it('a unit of two words is read; words after a unit are not taken for it', () => {
    expect(parseMeasurement('128 mm Hg')?.unit).toBe('mm Hg');
    expect(parseMeasurement('12.4 km and she walked')?.unit).toBe('km');
    expect(parseMeasurement('5.4 mmol/L fasting')?.unit).toBe('mmol/L');
  });
});
