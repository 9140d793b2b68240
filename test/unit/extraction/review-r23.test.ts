import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/extract';
import { spellOutValues } from '../../../shared/domain/extraction/spelled-values';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { readAs } from './support/read-fields';

const dated = (text: string) => readAs(text, 'indicator', 'value', 'measuredAt');

describe('a date the next clause gives another event does not date the reading (review of session 23)', () => {
  it.each([
    ['Creatinine 128 umol/L, started ramipril on 12/08/2026.', '2026-08-12'],
    ['Potassium 5.9 mmol/L, stopped spironolactone on 03/11/2026.', '2026-11-03'],
    ['Ferritin 12 ug/L, iron infusion given on 03/10/2026.', '2026-10-03'],
    ['Sodium 131 mmol/L and fluid restriction from 02/10/2026.', '2026-10-02'],
  ])('%s', (line, otherEvent) => {
    const read = dated(`Clinic letter 20/11/2026\n${line}`);
    expect(read).toHaveLength(1);
    expect(read[0]?.[2]).not.toBe(otherEvent);
  });

  it('leaves a yearless day of a dose change to the dose, not the trough before it', () => {
    const read = dated(
      'Discharge summary\nAdmitted 19/09/2026\nVancomycin trough was 9.6 mg/L, dose increased on 21/09.',
    );
    expect(read).toEqual([['Vancomycin trough', '9.6', '2026-09-19']]);
  });

  it('still dates a reading its sentence joins to a date', () => {
    expect(dated('Clinic letter 20/11/2026\nPrevious lithium 0.86 mmol/L on 12-Aug-2026.')).toEqual([
      ['lithium', '0.86', '2026-08-12'],
    ]);
    expect(dated('Discharge summary\nAdmitted 19/09/2026\nVancomycin trough was 9.6 mg/L on 21/09.')).toEqual([
      ['Vancomycin trough', '9.6', '2026-09-21'],
    ]);
  });
});

describe('a reading remembered per line never carries one document’s look-up budget into the next', () => {
  it('reads a numbered row the same after a document that spent the budget as in a fresh process', () => {
    const rows = ['12 Ferritin 85 ng/mL', '3 Glucose 5.4 mmol/L', '7 Hemoglobin 13.2 g/dL'];
    const words = ['alpha', 'bravo', 'carlo', 'delta', 'echo', 'foxtrot', 'golfo', 'hotel', 'india', 'juliet'];
    const junk = ['Report'];
    for (let i = 0; i < 400; i++)
      junk.push(`${words[i % 10]}${i} ${words[(i * 7) % 10]}x ${words[(i * 3) % 10]}y ${10 + i} units`);
    extractReadingsOffline([...junk, '', ...rows].join('\n'));
    const read = extractReadingsOffline(['Report', '', ...rows].join('\n')).map((r) => [r.indicator, r.value]);
    expect(read).toEqual([
      ['Ferritin', '85'],
      ['Glucose', '5.4'],
      ['Hemoglobin', '13.2'],
    ]);
  });
});

describe('long names and lines are not scanned from every space (review of session 23)', () => {
  it('answers a monitor caption check on a 50,000-character name', () => {
    const name = `Glucose${' '.repeat(50_000)}x`;
    expect(resolveIndicator(name, 'mg/dL').loincCode).toBeNull();
    expect(resolveIndicator('SYS (mmHg)').loincCode).toBe('8480-6');
  });

  it('spells out a long line of `the one` and keeps a pronoun `one` as a word', () => {
    expect(spellOutValues('the one '.repeat(20_000)).text).toContain('the one');
    expect(spellOutValues('the AMH one is flagged').text).toBe('the AMH one is flagged');
  });
});
