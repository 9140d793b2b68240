import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readBloodBankLine } from '../../../shared/domain/extraction/blood-bank';
import { earlierLead, isCurrentResultsCaption } from '../../../shared/domain/extraction/earlier-sentence';
import { readMessageList } from '../../../shared/domain/extraction/message-lists';
import { readMorningEveningRow } from '../../../shared/domain/extraction/morning-evening-rows';
import { scaledDecimal } from '../../../shared/domain/extraction/withings-json';

const brief = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

describe('an earlier result with its own dated lead', () => {
  it('dates a sentence by its lead, not by the report', () => {
    const text = 'Befund vom 20.11.2026\nHbA1c 6,8 % (4,0 - 6,0) H\nVorbefund vom 14.10.2026: HbA1c 7,1 %';
    expect(brief(text)).toEqual([
      ['HbA1c', '6,8', '%', '2026-11-20'],
      ['HbA1c', '7,1', '%', '2026-10-14'],
    ]);
  });

  it('dates a month without a day on its first day, in English and Spanish leads', () => {
    const text =
      'Report date: 2026-11-20\nPrevious (03/2026): LDL 3.4 mmol/L\nResultado anterior 12/09/2026: Colesterol total 212 mg/dL';
    expect(brief(text)).toEqual([
      ['LDL', '3.4', 'mmol/L', '2026-03-01'],
      ['Colesterol total', '212', 'mg/dL', '2026-09-12'],
    ]);
  });

  it('dates a block under a dated caption, and gives the report date back under Current results', () => {
    const text = [
      'Report date: 2026-11-20',
      'Previous results (2024-05-01)',
      'Creatinine 88 umol/L (60-110)',
      'Current results',
      'Creatinine 92 umol/L (60-110)',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Creatinine', '88', 'umol/L', '2024-05-01'],
      ['Creatinine', '92', 'umol/L', '2026-11-20'],
    ]);
  });

  it('needs a date right after the lead and a name after the date', () => {
    expect(earlierLead('Previous result: 1.3 on 02/01/2026', 'day-first')).toBeNull();
    expect(earlierLead('Previous (03/2026): 3.4', 'day-first')).toBeNull();
    expect(earlierLead('Previously well, seen 03/2026: no change', 'day-first')).toBeNull();
    expect(earlierLead('Vorwert vom 02.05.2026: Kreatinin 0,94 mg/dl', 'day-first')).toEqual({
      date: '2026-05-02',
      rest: 'Kreatinin 0,94 mg/dl',
    });
    expect(isCurrentResultsCaption('Current results')).toBe(true);
    expect(isCurrentResultsCaption('Current results are reassuring and no change is needed')).toBe(false);
  });

  it('never throws on a huge lead line', () => {
    expect(() => extractReadingsOffline(`Vorbefund vom 14.10.2026: ${'HbA1c 7,1 % '.repeat(5000)}`)).not.toThrow();
  });
});

describe('ranges written with their unit', () => {
  const fields = (text: string) =>
    extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange] as const);

  it('reads a name holding its collection period, the unit coming from the range', () => {
    const text =
      'Diuresis 24 hs               1450            800 - 2000 ml/24 hs\nProteinuria de 24 horas  0,12  < 0,15 g/24 hs';
    expect(fields(text)).toEqual([
      ['Diuresis 24 hs', '1450', 'ml/24 hs', '800 - 2000'],
      ['Proteinuria de 24 horas', '0,12', 'g/24 hs', '< 0,15'],
    ]);
  });

  it('keeps the value unit and the bare band when both write the unit', () => {
    expect(fields('Potassium: 4.2 (3.5-5.1 mmol/L)\nTotal cholesterol 214   < 200 mg/dL   H')).toEqual([
      ['Potassium', '4.2', 'mmol/L', '3.5-5.1'],
      ['Total cholesterol', '214', 'mg/dL', '< 200'],
    ]);
  });

  it('still refuses a name with a number that is no period in it', () => {
    expect(fields('Room 24 bed 3  1450')).toEqual([]);
  });
});

describe('blood bank results', () => {
  const value = (line: string) => readBloodBankLine(line)?.measurement.value ?? null;

  it('reads serology words, Kell and Rhesus phenotypes after a blood bank test', () => {
    expect(value('Antibody screen: Negative')).toBe('Negative');
    expect(value('Direct antiglobulin test (DAT)   Negative (IgG, C3d)')).toBe('Negative (IgG, C3d)');
    expect(value('DAT   2+')).toBe('2+');
    expect(value('Kell                      K negative')).toBe('K negative');
    expect(value('Rhesus-Formel:         CcD.ee')).toBe('CcD.ee');
    expect(value('Rh phenotype   R1r (CcDee)')).toBe('R1r (CcDee)');
    expect(value('Phénotype Rhésus :   CcDEe')).toBe('CcDEe');
    expect(value('Crossmatch result   Compatible')).toBe('Compatible');
    expect(value('Kreuzprobe:  verträglich')).toBe('verträglich');
    expect(value('Rh(D)   Positive')).toBe('Positive');
  });

  it('reads no unit number, product, count of units or pointer as a result', () => {
    expect(value('Unit number      G071 426 158 942 A    Product: Red cells in SAGM')).toBeNull();
    expect(value('Units crossmatched: 2')).toBeNull();
    expect(value('Crossmatch: 2 units')).toBeNull();
    expect(value('Antibody screen: see comment')).toBeNull();
    expect(value('Rh phenotype   RRR')).toBeNull();
    expect(value('Kell: not tested')).toBeNull();
  });

  it('never dates readings by when a sample stays valid', () => {
    const text =
      'Sample received: 14/10/2026 10:32\nAntibody screen   Negative\nSample valid until: 17/10/2026 23:59\nHb 78 g/L (115-165) L';
    expect(brief(text)).toEqual([
      ['Antibody screen', 'Negative', null, '2026-10-14T10:32:00'],
      ['Hb', '78', 'g/L', '2026-10-14T10:32:00'],
    ]);
  });
});

describe('doses, criteria and risk scores are no readings', () => {
  const names = (text: string) => extractReadingsOffline(text).map((r) => `${r.indicator} ${r.value}`);

  it('skips a dose without a caption but keeps a drug level and a 24-hour urine amount', () => {
    expect(names('Warfarin 5 mg\nLevothyroxin 75 µg\nWarfarin level 2.1 mg/L\nProteinuria 24h 150 mg')).toEqual([
      'Warfarin level 2.1',
      'Proteinuria 24h 150',
    ]);
  });

  it('skips a criterion under its category but keeps a category with a single result', () => {
    expect(names('Diabetes: HbA1c >= 6.5 %\nPrädiabetes: HbA1c 5,7 - 6,4 %\nDiabetes: HbA1c 58 mmol/mol')).toEqual([
      'HbA1c 58',
    ]);
  });

  it('skips risk scores', () => {
    expect(names('QRISK3 score 12.4 %\n10-year CVD risk 12.4 %\nPROCAM-Score 14 %\nHbA1c 7.2 %')).toEqual([
      'HbA1c 7.2',
    ]);
  });
});

describe('device exports: Withings measure groups and Fitbit Takeout files', () => {
  const withUnit = (text: string) =>
    extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

  it('reads Withings type codes, value × 10^unit written exactly, dated in the export time zone', () => {
    const text = JSON.stringify({
      status: 0,
      body: {
        timezone: 'Europe/Paris',
        measuregrps: [
          {
            grpid: 1,
            date: 1793599960,
            category: 1,
            measures: [
              { value: 78150, type: 1, unit: -3 },
              { value: 2385, type: 6, unit: -2 },
              { value: 3, type: 135, unit: 0 },
            ],
          },
          {
            grpid: 2,
            date: 1793651465,
            measures: [
              { value: 138, type: 10, unit: 0 },
              { value: 74, type: 11, unit: 0 },
            ],
          },
        ],
      },
    });
    expect(withUnit(text)).toEqual([
      ['Weight', '78.150', 'kg', '2026-11-02T07:12:40'],
      ['Fat Ratio', '23.85', '%', '2026-11-02T07:12:40'],
      ['Systolic Blood Pressure', '138', 'mmHg', '2026-11-02T21:31:05'],
      ['Heart Pulse', '74', 'bpm', '2026-11-02T21:31:05'],
    ]);
  });

  it('writes small and negative powers exactly and refuses absurd ones', () => {
    expect(scaledDecimal(5, -3)).toBe('0.005');
    expect(scaledDecimal(-125, -1)).toBe('-12.5');
    expect(scaledDecimal(12, 2)).toBe('1200');
    expect(scaledDecimal(1, -400)).toBeNull();
  });

  it('names a Fitbit Takeout bare value by the file name printed with it', () => {
    const text =
      'resting_heart_rate-2026-11-01.json\n[{"dateTime":"11/01/26 00:00:00","value":{"date":"11/01/26","value":61.84,"error":6.71}}]';
    expect(withUnit(text)).toEqual([['resting_heart_rate', '61.84', null, '2026-11-01T00:00:00']]);
  });

  it('never throws on a truncated or malformed measure group', () => {
    expect(() => extractReadingsOffline('{"body":{"measuregrps":[{"date":"x","measures":[{"value":')).not.toThrow();
    expect(() =>
      extractReadingsOffline('{"date":1,"body":{"measuregrps":[{"date":-5,"measures":[{"value":1e400,"type":1}]}]}}'),
    ).not.toThrow();
  });
});

describe('untitled morning/evening diaries and unitless message lists', () => {
  it('reads a dated AM/PM row as BP and pulse, and refuses implausible pairs or extra words', () => {
    const text = [
      'Date: 20/10/2026',
      'Mon 12/10  AM 132/84 72  PM 128/80',
      'Tue 13/10  AM 12/84 72',
      'Wed 14/10  AM 136/86 then walked',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['BP', '132/84', null, '2026-10-12'],
      ['pulse', '72', null, '2026-10-12'],
      ['BP', '128/80', null, '2026-10-12'],
    ]);
    expect(readMorningEveningRow('Room 12/10  AM 132/84', 'day-first', '2026-10-20')).toBeNull();
  });

  it('reads a list of three or more unmistakable abbreviations with plausible numbers', () => {
    expect(readMessageList('bed 12 bloods back: na 131, k 5.9, cr 412')?.map((r) => r.name)).toEqual(['na', 'k', 'cr']);
    expect(readMessageList('also crp 86; wcc 13.4; plt 188')?.length).toBe(3);
  });

  it('refuses short lists, implausible numbers and words that are no tests', () => {
    expect(readMessageList('na 139, k 4.1')).toBeNull();
    expect(readMessageList('na 139, k 41, cr 88')).toBeNull();
    expect(readMessageList('I ate 3 eggs, 2 apples, 1 pear')).toBeNull();
    expect(readMessageList('bed 12, ward 7, room 3')).toBeNull();
    expect(readMessageList(`na 139, ${'k 4.1, '.repeat(200)}cr 88`)).toBeNull();
  });
});

describe('the prose reader bounds its name look-ups per document', () => {
  it('reads a long document of distinct unknown lines in bounded time, and nothing from it', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
    const lines = Array.from(
      { length: 2000 },
      (_, i) =>
        `the ${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} note ${i} was ${i % 97} today`,
    );
    const started = performance.now();
    expect(extractReadingsOffline(lines.join('\n'))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('still reads prose after a long unknown stretch in a normal-sized letter', () => {
    const text = `${'We discussed diet and exercise at length today.\n'.repeat(30)}Her potassium was 4.1 mmol/L today.`;
    expect(extractReadingsOffline(text).map((r) => `${r.indicator} ${r.value}`)).toEqual(['potassium 4.1']);
  });
});
