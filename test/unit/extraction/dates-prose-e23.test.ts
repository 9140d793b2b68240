import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { sentenceDate } from '../../../shared/domain/extraction/sentence-dates';

const dated = (text: string) => extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.measuredAt]);

describe('a prose reading dated by a date its own sentence writes (sentence-dates.ts)', () => {
  it('takes the date of a sentence calling the result an earlier one, in several languages', () => {
    expect(
      sentenceDate('Repeat U&E in 1 week. Previous sodium 139 mmol/L on 03-Mar-2026.', 'sodium', 'day-first'),
    ).toBe('2026-03-03');
    expect(sentenceDate('Vorige uitslag glucose 6,1 mmol/L (02-07-2026).', 'glucose', 'day-first')).toBe('2026-07-02');
    expect(sentenceDate('Bitte Kontrolle. Vorwert vom 01.09.2026: Natrium 139 mmol/l.', 'Natrium', 'day-first')).toBe(
      '2026-09-01',
    );
    expect(sentenceDate('上次（2026年5月2日）：血糖 6.1 mmol/L', '血糖', 'day-first')).toBe('2026-05-02');
  });

  it('takes a date joined right after the reading by a word or a bracket', () => {
    expect(sentenceDate('Ferritina 22 ng/mL em 03/04/2026', 'Ferritina', 'day-first')).toBe('2026-04-03');
    expect(sentenceDate('HbA1c 48 mmol/mol (14/03/2026)', 'HbA1c', 'day-first')).toBe('2026-03-14');
  });

  it('leaves a date that looks ahead, or one before the reading that no earlier word introduces', () => {
    expect(sentenceDate('Potassium 5.1 mmol/L, repeat on 12/12/2026', 'Potassium', 'day-first')).toBeNull();
    expect(sentenceDate('Seen 12/03/2026, glucose 6.1 mmol/L', 'glucose', 'day-first')).toBeNull();
    expect(sentenceDate('Next appointment 02/18/2027: TSH 2.1', 'TSH', 'month-first')).toBeNull();
  });

  it('dates the earlier reading of a report by its sentence and keeps the current one on the collection date', () => {
    const text = [
      'Collected: 19-Nov-2026 09:05',
      '',
      'Test          Result   Units    Ref. Range',
      'Sodium        141      mmol/L   133 - 146',
      '',
      'Recheck U&E and sodium in 2 weeks. Prior sodium 135 mmol/L on 02-Sep-2026.',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Sodium', '141', '2026-11-19T09:05:00'],
      ['sodium', '135', '2026-09-02'],
    ]);
  });
});

describe('headings and messages that date the readings under or in them', () => {
  it('a heading naming results with its date in brackets dates the list under it (Italian, English, Spanish)', () => {
    for (const heading of [
      "Diapositiva 5 - Esami all'ingresso (14/03/2026)",
      'Admission bloods (14/03/2026)',
      'Análisis de control (14/03/2026)',
    ]) {
      const text = [heading, '  - Emoglobina — 10,9 g/dL', '  - Creatinina — 1,4 mg/dL'].join('\n');
      expect(dated(text).map((r) => r[2])).toEqual(['2026-03-14', '2026-03-14']);
    }
  });

  it('a bracketed date after an appointment word heads nothing', () => {
    const text = ['Next labs due (14/03/2027)', '  - Emoglobina — 10,9 g/dL'].join('\n');
    expect(dated(text).map((r) => r[2])).toEqual([null]);
  });

  it('a collection word right before the date names it, though the heading says reviewed', () => {
    const text = [
      'Visit date: 11/19/2026',
      '',
      'Labs reviewed today (drawn 11/12/2026)',
      'Potassium 4.9 mmol/L',
      'TSH 2.3 mIU/L',
    ].join('\n');
    expect(dated(text).map((r) => r[2])).toEqual(['2026-11-12', '2026-11-12']);
  });

  it("a message's results from this morning take its sent day in every sentence; SI units say day-first", () => {
    const text = [
      'From: Dr Lee',
      'Sent: 03/11/2026 09:12',
      '',
      'hi, your bloods from this morning are back: na 141 mmol/l, creat 90 umol/l. b12 a bit low at 170 ng/l.',
    ].join('\n');
    expect(dated(text).map((r) => r[2])).toEqual(['2026-11-03', '2026-11-03', '2026-11-03']);
  });

  it('a sent date alone dates nothing: a message without relative words keeps its readings undated', () => {
    const text = ['Sent: 03/11/2026 09:12', '', 'Average glucose: 162 mg/dL', 'GMI: 7.2%'].join('\n');
    expect(dated(text).map((r) => r[2])).toEqual([null, null]);
  });
});
