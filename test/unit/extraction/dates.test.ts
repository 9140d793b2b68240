import { describe, expect, it } from 'vitest';
import { detectSlashOrder, findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

function datesOf(text: string, options?: { defaultDate?: string | null }): (string | null)[] {
  return extractReadingsOffline(text, options).map((r) => r.measuredAt);
}

describe('date formats', () => {
  it.each([
    ['2026-03-12', 'month-first', '2026-03-12'],
    ['12.03.2026', 'month-first', '2026-03-12'],
    ['12.03.26', 'month-first', '2026-03-12'],
    ['03/12/2026', 'month-first', '2026-03-12'],
    ['03/12/2026', 'day-first', '2026-12-03'],
    ['14/03/2026', 'month-first', '2026-03-14'],
    ['03/14/2026', 'day-first', '2026-03-14'],
    ['Mar 4, 2026', 'month-first', '2026-03-04'],
    ['9 March 2026', 'month-first', '2026-03-09'],
    ['12. März 2026', 'day-first', '2026-03-12'],
    ['9 de marzo de 2026', 'day-first', '2026-03-09'],
    ['2 août 2026', 'day-first', '2026-08-02'],
  ] as const)('%s (%s) → %s', (text, order, iso) => {
    expect(findDates(text, order).map((d) => d.iso)).toEqual([iso]);
  });

  it('does not take times, ranges, phone numbers or impossible dates for dates', () => {
    expect(findDates('10:30 4.0-10.5 555-0142 31.02.2026 45/12/2026', 'day-first')).toEqual([]);
  });

  it('settles ambiguous slash dates from an unambiguous one in the same document, else from its language', () => {
    expect(detectSlashOrder('DOB: 23/06/1972\nCollected: 10/03/2026')).toBe('day-first');
    expect(detectSlashOrder('DOB: 04/22/1968\nCollected: 03/12/2026')).toBe('month-first');
    expect(detectSlashOrder('Collected: 03/12/2026')).toBe('month-first');
    expect(detectSlashOrder('Prélevé le 09/03/2026')).toBe('day-first');
  });
});

describe('report-level dates', () => {
  it('dates readings with the collection date, not the date of birth or the report date', () => {
    const text = [
      'Date of Birth: 04/22/1968',
      'Date Collected: 03/12/2026 0845    Date Received: 03/12/2026    Date Reported: 03/13/2026',
      'Glucose 104 mg/dL 65-99 H',
    ].join('\n');
    // The collection time printed military (`0845`) is the readings' (session 24, x24).
    expect(datesOf(text)).toEqual(['2026-03-12T08:45:00']);
  });

  it('reads German, Spanish and French collection labels', () => {
    expect(datesOf('Geb.-Datum: 14.07.1983\nEingang: 12.03.2026\nEntnahme: 11.03.2026\nKalium 4,1 mmol/l')).toEqual([
      '2026-03-11',
    ]);
    expect(datesOf('Fecha de nacimiento: 23/06/1972\nFecha de extracción: 10/03/2026\nGlucosa 96 mg/dL')).toEqual([
      '2026-03-10',
    ]);
    expect(datesOf('Née le 02/09/1965\nPrélevé le 09/03/2026 à 08h05\nSodium 140 mmol/l (136 - 145)')).toEqual([
      '2026-03-09T08:05:00',
    ]);
  });

  it('keeps the clock time written after the collection date', () => {
    expect(datesOf('Collected: 03/14/2026 8:15:30 PM\nGlucose 104 mg/dL')).toEqual(['2026-03-14T20:15:30']);
    expect(datesOf('Collected: 03/14/2026 12:05 a.m.\nGlucose 104 mg/dL')).toEqual(['2026-03-14T00:05:00']);
    expect(datesOf('Sample Collected on (SCT) : 14 Mar 2026 07:42\nTSH 2.1 mIU/L')).toEqual(['2026-03-14T07:42:00']);
    expect(datesOf('Entnahme: 11.03.2026, 08:10 Uhr\nKalium 4,1 mmol/l')).toEqual(['2026-03-11T08:10:00']);
    // A word after the time is no half of the day: `Printed`, a zone, `Approved`.
    expect(datesOf('Collected: 2026-03-14 08:15 Printed 2026-03-15\nGlucose 104 mg/dL')).toEqual([
      '2026-03-14T08:15:00',
    ]);
    expect(datesOf('Collected: 2026-03-14 09:42 PDT\nGlucose 104 mg/dL')).toEqual(['2026-03-14T09:42:00']);
    expect(datesOf('Collected: 2026-03-14 12:10 Approved\nGlucose 104 mg/dL')).toEqual(['2026-03-14T12:10:00']);
    expect(datesOf('Collected: 2026-03-14 9:05pm\nGlucose 104 mg/dL')).toEqual(['2026-03-14T21:05:00']);
    // A number that is no clock time, and no time at all, leave the date alone.
    expect(datesOf('Collected: 2026-03-14 25:70\nGlucose 104 mg/dL')).toEqual(['2026-03-14']);
    expect(datesOf('Collected: 2026-03-14\nGlucose 104 mg/dL')).toEqual(['2026-03-14']);
  });

  it('uses a plain "Date:" line and a bare date line', () => {
    expect(datesOf('Date: 2026-03-12\nGlucose 104 mg/dL')).toEqual(['2026-03-12']);
    expect(datesOf('03/12/2026\nGlucose 104 mg/dL')).toEqual(['2026-03-12']);
  });

  it('uses options.defaultDate only when the document states no date', () => {
    expect(datesOf('Glucose 104 mg/dL', { defaultDate: '2026-01-01' })).toEqual(['2026-01-01']);
    expect(datesOf('Date: 2026-03-12\nGlucose 104 mg/dL', { defaultDate: '2026-01-01' })).toEqual(['2026-03-12']);
    expect(datesOf('Glucose 104 mg/dL')).toEqual([null]);
  });

  it('dates journal entries by the day heading above them and by a leading date', () => {
    const text = [
      'Monday 9 March 2026',
      'Morning glucose was 104 mg/dL.',
      'Tuesday 10 March 2026',
      'Weight 81.2 kg',
      '2026-03-11: BP 128/82',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.measuredAt])).toEqual([
      ['glucose', '2026-03-09'],
      ['Weight', '2026-03-10'],
      ['BP', '2026-03-11'],
    ]);
  });
});
