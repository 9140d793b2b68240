import { describe, expect, it } from 'vitest';
import { datedHeading, findDates, reportDate, withTimeAfter } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { tidyReading } from '../../../shared/domain/extraction/range-tidy';
import type { ExtractedReading } from '../../../shared/domain/extraction/types';

const isoOf = (text: string) => findDates(text, 'month-first').map((d) => d.iso);

describe('date shapes', () => {
  it('reads a month name between slashes or dashes, day first or month first', () => {
    expect(isoOf('Collected : 12/Apr/2026 07:58 AM')).toEqual(['2026-04-12']);
    expect(isoOf('Sample collected: 02-Mar-2026 09:20')).toEqual(['2026-03-02']);
    expect(isoOf('MAR-17-2026 14:22 FROM: LAB')).toEqual(['2026-03-17']);
    expect(isoOf('Fecha: 5/ene/2026')).toEqual(['2026-01-05']);
  });

  it('reads slashes spaced out by OCR, with a four-digit year only', () => {
    expect(isoOf('COLLECTED : 03 / 17 / 2026')).toEqual(['2026-03-17']);
    expect(isoOf('ratio 3 / 4 / 12')).toEqual([]);
  });

  it('reads full-width digits, keeping positions in the original line', () => {
    const line = '受診日：２０２６年３月５日';
    const [date] = findDates(line, 'month-first');
    expect(date?.iso).toBe('2026-03-05');
    expect(line.slice(date?.start, date?.end)).toBe('２０２６年３月５日');
    expect(isoOf('２０２６／０２／１８')).toEqual(['2026-02-18']);
  });
});

describe('the collection date among a report’s dates', () => {
  const pick = (lines: string[], order: 'month-first' | 'day-first' = 'day-first') => reportDate(lines, order);

  it('reads a caption padded to its colon, and prefers it to the reported date', () => {
    expect(pick(['Collected   : 12/Apr/2026 07:58 AM             Reported   : 12/Apr/2026 06:41 PM'])).toBe(
      '2026-04-12T07:58:00',
    );
    expect(pick(['Lab No.  : 4021   Collected On    : 06/Mar/2026 08:12AM', 'Reported On : 07/Mar/2026'])).toBe(
      '2026-03-06T08:12:00',
    );
  });

  it('takes the check-up day of a Japanese report over its report day', () => {
    expect(pick(['受診日：２０２６年０４月０８日　　報告日：２０２６年０４月１０日'])).toBe('2026-04-08');
  });

  it('knows sampling captions in many languages', () => {
    expect(pick(['Datum Abnahme: 03.02.2026   Befund: 05.02.2026'])).toBe('2026-02-03');
    expect(pick(['Fecha de toma: 14/01/2026   Fecha de impresión: 16/01/2026'])).toBe('2026-01-14');
    expect(pick(['采样时间：2026-03-01 08:10   报告时间：2026-03-02'])).toBe('2026-03-01T08:10:00');
    expect(pick(['Data pobrania: 11.02.2026   Data wydruku: 12.02.2026'])).toBe('2026-02-11');
    expect(pick(['Afnamedatum: 09-02-2026   Uitslag: 10-02-2026'])).toBe('2026-02-09');
    expect(pick(['Specimen collected on 2026-02-20   Printed 2026-02-22'])).toBe('2026-02-20');
  });

  it('reads a caption alone on its line with the date on the next line', () => {
    expect(pick(['Date Collected:', '03/04/2026 10:15', 'Date Reported:', '03/05/2026'], 'month-first')).toBe(
      '2026-03-04T10:15:00',
    );
    expect(pick(['Date Collected:', '', 'Patient: Smith'], 'month-first')).toBeNull();
  });

  it('dates a summary over a period by the period’s end', () => {
    expect(pick(['14 Days: March 29, 2026 - April 11, 2026'], 'month-first')).toBe('2026-04-11');
    expect(pick(['Zeitraum: 01.03.2026 bis 14.03.2026', 'Exportiert am 15.03.2026'])).toBe('2026-03-14');
    expect(pick(['Collected: 01/03/2026', 'Period: 01/02/2026 to 28/02/2026'])).toBe('2026-03-01');
  });

  it('never takes a birth date', () => {
    expect(pick(['DOB: 12/15/1964   Printed: 02/07/2026'], 'month-first')).toBe('2026-02-07');
    expect(pick(['Geburtsdatum: 02.05.1956', 'Befund vom 03.02.2026'])).toBe('2026-02-03');
    expect(pick(['Geboortedatum: 02-05-1956   Datum: 03-02-2026'])).toBe('2026-02-03');
    expect(pick(['Data urodzenia: 02.05.1956'])).toBeNull();
    expect(pick(['Födelsedatum: 1956-05-02'])).toBeNull();
  });
});

describe('a collection date written in prose', () => {
  it('reads `results from <date>` over the message header date', () => {
    const lines = ['Date: Thu, 5 Mar 2026 10:12:44 -0600', 'Dr. Kim has reviewed your lab results from March 4, 2026.'];
    expect(reportDate(lines, 'month-first')).toBe('2026-03-04');
  });

  it('gives a date without its year the year of the message, or the year before', () => {
    expect(
      reportDate(['Sent: Tuesday, April 14, 2026 9:12 AM', 'Your labs from April 10 are back.'], 'month-first'),
    ).toBe('2026-04-10');
    expect(reportDate(['Sent: 3 January 2026', 'Your bloods taken on 28 December were fine'], 'day-first')).toBe(
      '2025-12-28',
    );
    expect(reportDate(['Your labs from April 10 are back.'], 'month-first')).toBeNull();
    expect(reportDate(['Sent: April 14, 2026', 'See you on April 20.'], 'month-first')).toBeNull();
  });
});

describe('a heading carrying its section’s date', () => {
  it('reads an upper-case heading or a collection caption with one date and its time', () => {
    expect(datedHeading('OBSERVATIONS ON DISCHARGE (19/02/2026 08:00)', 'day-first')).toBe('2026-02-19T08:00:00');
    expect(datedHeading('              Sample collected: 18-Nov-2025 08:55', 'day-first')).toBe('2025-11-18T08:55:00');
    expect(datedHeading('Bloods on admission (collected 14/02/2026 23:05):', 'day-first')).toBe('2026-02-14T23:05:00');
    expect(datedHeading('PRÉLÈVEMENT DU 03/02/2026', 'day-first')).toBe('2026-02-03');
  });

  it('leaves report, receipt and birth dates, rows with numbers and prose alone', () => {
    expect(datedHeading('Sample Type   : SERUM      Received On     : 06/Mar/2026 10:40AM', 'day-first')).toBeNull();
    expect(datedHeading('Printed: 09-Mar-2026 10:14', 'day-first')).toBeNull();
    expect(datedHeading('DATE OF BIRTH 04/11/1971', 'day-first')).toBeNull();
    expect(datedHeading('GLUCOSE 5.4 mmol/L 03/02/2026', 'day-first')).toBeNull();
    expect(datedHeading('Heart failure nurse clinic review 03/03/2026.', 'day-first')).toBeNull();
  });
});

describe('clock times after a date', () => {
  it('reads Italian ore, Dutch om, Scandinavian kl., a slash, and an attached AM/PM', () => {
    expect(withTimeAfter('2026-03-06', ' ore 08:21')).toBe('2026-03-06T08:21:00');
    expect(withTimeAfter('2026-03-06', ' om 14:05')).toBe('2026-03-06T14:05:00');
    expect(withTimeAfter('2026-03-06', ' kl. 9:30')).toBe('2026-03-06T09:30:00');
    expect(withTimeAfter('2026-03-02', ' / 07:45 CST')).toBe('2026-03-02T07:45:00');
    expect(withTimeAfter('2026-03-06', ' 06:45PM')).toBe('2026-03-06T18:45:00');
  });
});

const reading = (referenceRange: string | null, flag: string | null = null, unit: string | null = 'mg/dL') =>
  ({ indicator: 'X', value: '1', unit, referenceRange, flag, measuredAt: null }) satisfies ExtractedReading;
const tidy = (r: ExtractedReading) => {
  tidyReading(r);
  return [r.referenceRange, r.flag, r.unit];
};

describe('range tidy', () => {
  it('drops brackets around the whole band only', () => {
    expect(tidy(reading('(136-145)'))).toEqual(['136-145', null, 'mg/dL']);
    expect(tidy(reading('[3.5 - 5.1]'))).toEqual(['3.5 - 5.1', null, 'mg/dL']);
    expect(tidy(reading('Less than 25% (>180)', null, '%'))).toEqual(['Less than 25% (>180)', null, '%']);
  });

  it('moves a flag glued after the band into an empty flag', () => {
    expect(tidy(reading('<300 H'))).toEqual(['<300', 'H', 'mg/dL']);
    expect(tidy(reading('135-145 L'))).toEqual(['135-145', 'L', 'mg/dL']);
    expect(tidy(reading('3.5-5.1 HH'))).toEqual(['3.5-5.1', 'HH', 'mg/dL']);
    expect(tidy(reading('135-145 L', 'H'))).toEqual(['135-145 L', 'H', 'mg/dL']);
    expect(tidy(reading('Negative', null, null))).toEqual(['Negative', null, null]);
  });

  it('drops the reading’s unit and a (calc) note after a numeric band', () => {
    expect(tidy(reading('<100 mg/dL (calc)'))).toEqual(['<100', null, 'mg/dL']);
    expect(tidy(reading('<OR = 5.0 (calc)', null, null))).toEqual(['<OR = 5.0', null, null]);
    expect(tidy(reading('<5.7 % of total Hgb', null, '% of total Hgb'))).toEqual(['<5.7', null, '% of total Hgb']);
    expect(tidy(reading('<130 mg/dL', null, null))).toEqual(['<130', null, 'mg/dL']);
    expect(tidy(reading('<5.7 % of total Hgb', null, null))).toEqual(['<5.7', null, '% of total Hgb']);
    expect(tidy(reading('<5.7 see note', null, null))).toEqual(['<5.7 see note', null, null]);
    expect(tidy(reading('0,27 a 4,20', null, 'µUI/mL'))).toEqual(['0,27 a 4,20', null, 'µUI/mL']);
  });

  it('leaves huge or malformed ranges alone, quickly', () => {
    const huge = `${'1-'.repeat(50_000)}H`;
    const start = performance.now();
    expect(tidy(reading(huge))[0]).toBe(huge);
    expect(tidy(reading('(((((('))).toEqual(['((((((', null, 'mg/dL']);
    expect(performance.now() - start).toBeLessThan(50);
  });
});

describe('end to end', () => {
  it('reads a bracketed range beside a flag column and the collection date-time', () => {
    const text = [
      'Collected On    : 06/Mar/2026 08:12AM          Reported On : 06/Mar/2026 06:45PM',
      '',
      'SODIUM                    L      131       (136-145)     mmol/L',
    ].join('\n');
    const [row] = extractReadingsOffline(text);
    expect(row?.referenceRange).toBe('136-145');
    expect(row?.measuredAt).toBe('2026-03-06T08:12:00');
  });

  it('takes a date under its caption as that caption’s value, not as a section heading', () => {
    const text = [
      'Date Collected:',
      '03/04/2026 10:15 AM',
      'Date Reported:',
      '03/05/2026 09:02 AM',
      '',
      'Glucose                   132         mg/dL      70-99          H',
    ].join('\n');
    expect(extractReadingsOffline(text)[0]?.measuredAt).toBe('2026-03-04T10:15:00');
  });

  it('reads an NHS phrase flag after a bracketed range, without taking it into the next name', () => {
    const text = [
      '  Total white cell count 11.8 10*9/L [4 - 11] Above high reference limit',
      '  Red blood cell count 4.41 10*12/L [4.5 - 6.5] Below low reference limit',
      '  Serum potassium 5.4 mmol/L (3.5 - 5.3) Outside reference range',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.referenceRange, r.flag])).toEqual([
      ['Total white cell count', '4 - 11', 'Above high reference limit'],
      ['Red blood cell count', '4.5 - 6.5', 'Below low reference limit'],
      ['Serum potassium', '3.5 - 5.3', 'Outside reference range'],
    ]);
  });

  it('joins a transposed table’s low and high rows into its range, and reads units one per column', () => {
    const text = [
      'RENAL FUNCTION (one sample)                   Collected 2026-07-15',
      '             Na      K      Cl     HCO3    Urea    Creat',
      'Result       141     3.9    104    26      5.1     84',
      'Units        mmol/L  mmol/L mmol/L mmol/L  mmol/L  umol/L',
      'Ref low      135     3.5    98     22      2.5     60',
      'Ref high     145     5.1    107    29      7.8     110',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.unit, r.referenceRange])).toEqual([
      ['Na', 'mmol/L', '135-145'],
      ['K', 'mmol/L', '3.5-5.1'],
      ['Cl', 'mmol/L', '98-107'],
      ['HCO3', 'mmol/L', '22-29'],
      ['Urea', 'mmol/L', '2.5-7.8'],
      ['Creat', 'umol/L', '60-110'],
    ]);
  });

  it('does not throw nor slow down on a huge date-like line', () => {
    const line = `Collected: ${'12/Apr/2026 '.repeat(5000)}`;
    const start = performance.now();
    const more = `${'MAR-17-2026 ２０２６／０２／１８ '.repeat(3000)}\nDate Collected:\n${'03 / 17 / 2026 '.repeat(3000)}`;
    expect(() => extractReadingsOffline(`${line}\n${more}`)).not.toThrow();
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
