import { describe, expect, it } from 'vitest';
import {
  isEmptyCumulativeCell,
  splitPreviousResult,
  withoutNoEarlierNote,
} from '../../../shared/domain/extraction/cumulative';
import { localeDateOrder } from '../../../shared/domain/extraction/date-locale';
import { detectSlashOrder } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { isNoiseLine } from '../../../shared/domain/extraction/lines';

/** indicator, value, unit, range, flag, measuredAt. */
function rows(text: string): (string | null)[][] {
  return extractReadingsOffline(text).map((r) => [
    r.indicator,
    r.value,
    r.unit,
    r.referenceRange,
    r.flag,
    r.measuredAt,
  ]);
}

describe('long exports: one row per test and date', () => {
  it('tolerates patient, birth date, laboratory and order columns, and keeps the time column in the date', () => {
    const text = [
      'Patient;Geburtsdatum;Abnahmedatum;Abnahmezeit;Parameter;Ergebnis;Einheit;Referenzbereich;Bewertung;Labor;Auftragsnummer',
      '"Muster, Erika";01.02.1960;14.10.2025;07:50;HbA1c;7,4;%;4,0 - 6,0;hoch;Labor Nord;25101407712',
      '"Muster, Erika";01.02.1960;03.03.2026;07:45;Kalium;4,6;mmol/l;3,5 - 5,1;;Labor Nord;26030307905',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['HbA1c', '7,4', '%', '4,0 - 6,0', 'hoch', '2025-10-14T07:50:00'],
      ['Kalium', '4,6', 'mmol/l', '3,5 - 5,1', null, '2026-03-03T07:45:00'],
    ]);
  });

  it('reads a time written in the date cell', () => {
    const text = ['Date,Test,Result,Unit', '2026-02-03 07:50,Glucose,98,mg/dL'].join('\n');
    expect(rows(text)).toEqual([['Glucose', '98', 'mg/dL', null, null, '2026-02-03T07:50:00']]);
  });

  it('knows a combined date and time caption', () => {
    const text = ['Date/Time,Test,Result,Units', '2026-02-03 07:50,Glucose,98,mg/dL'].join('\n');
    expect(rows(text)).toEqual([['Glucose', '98', 'mg/dL', null, null, '2026-02-03T07:50:00']]);
  });

  it('reads export captions by their head word (Result Value, Abnormal Flag, Date de prélèvement)', () => {
    const us = [
      'Patient ID,Collection Date,Test Name,Result Value,Units,Reference Range,Abnormal Flag,Performing Lab',
      'P0042,03/14/2026,Glucose,112,mg/dL,65-99,H,Quest Diagnostics',
    ].join('\n');
    expect(rows(us)).toEqual([['Glucose', '112', 'mg/dL', '65-99', 'H', '2026-03-14']]);
    const fr = [
      'Date de prélèvement;Heure;Analyse;Résultat;Unité;Valeurs de référence;Interprétation',
      '02/03/2026;08:15;Créatinine;78;µmol/l;45 - 84;',
    ].join('\n');
    expect(rows(fr)).toEqual([['Créatinine', '78', 'µmol/l', '45 - 84', null, '2026-03-02T08:15:00']]);
  });

  it('does not read a sentence restating a value of the table above as a second reading', () => {
    const text = [
      '| Test | Your result | Unit | Normal range |',
      '|------|-------------|------|--------------|',
      '| Fasting glucose | 101 | mg/dL | 65–99 |',
      '',
      'A fasting glucose of 101 falls in the prediabetes band.',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([['Fasting glucose', '101']]);
  });

  it('reads the word after an emoji in a flag column', () => {
    const text = [
      '| Test | Your result | Unit | Normal range | Status |',
      '| Platelets | 139 | ×10³/µL | 140–400 | ⬇️ Low |',
      '| ALT | 41 | U/L | 9–46 | ✅ Normal |',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[4]])).toEqual([
      ['Platelets', 'Low'],
      ['ALT', null],
    ]);
  });

  it('still refuses a printed header with two captions it does not know', () => {
    const text = ['Foo   Bar   Test   Result', 'Alpha Beta  Glucose 98'].join('\n');
    expect(extractReadingsOffline(text).filter((r) => r.value === 'Beta')).toEqual([]);
  });
});

describe('wide exports: one column per test, one row per visit', () => {
  it('skips the patient and visit columns and dates each row', () => {
    const text = [
      'MRN,Patient,Visit Date,Visit Type,Weight (kg),HbA1c (%),LDL Cholesterol (mg/dL)',
      '4471023,"Alvarez, Maria",01/14/2026,Office visit,92.4,7.9,',
      '4471023,"Alvarez, Maria",04/15/2026,Telehealth,,7.2,94',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Weight', '92.4', 'kg', null, null, '2026-01-14'],
      ['HbA1c', '7.9', '%', null, null, '2026-01-14'],
      ['HbA1c', '7.2', '%', null, null, '2026-04-15'],
      ['LDL Cholesterol', '94', 'mg/dL', null, null, '2026-04-15'],
    ]);
  });

  it('keeps a time column and reads units from a second header row', () => {
    const text = [
      'Patient;Datum;Uhrzeit;HbA1c;Glucose;LDL-Cholesterin',
      ';;;%;mg/dl;mg/dl',
      'P-17;14.10.2025;07:50;7,4;142;',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['HbA1c', '7,4', '%', null, null, '2025-10-14T07:50:00'],
      ['Glucose', '142', 'mg/dl', null, null, '2025-10-14T07:50:00'],
    ]);
  });
});

describe('cumulative reports: times under dates, empty cells, several earlier results', () => {
  it('dates each column with the time printed under it, and skips ---- cells', () => {
    const text = [
      '                 Collected   2026-01-05   2026-01-19',
      '                             06:40        07:15',
      'Test                                                   Units   Reference',
      'Hemoglobin                   96 L         ----         g/L     115-155',
    ].join('\n');
    expect(rows(text)).toEqual([['Hemoglobin', '96', 'g/L', '115-155', 'L', '2026-01-05T06:40:00']]);
    expect(isEmptyCumulativeCell('----')).toBe(true);
    expect(isEmptyCumulativeCell('-------')).toBe(false);
  });

  it('reads every earlier result after one keyword, each with its date', () => {
    const found = splitPreviousResult('Haemoglobin 102 g/L L (prev 109 on 07/02/2026; 115 on 12/11/2025)', 'day-first');
    expect(found?.date).toBe('2026-02-07');
    expect(found?.older.map((o) => [o.measurement.value, o.date])).toEqual([['115', '2025-11-12']]);
    expect(splitPreviousResult('Hb 102 g/L (prev 109 on 07/02/2026; see note)', 'day-first')).toBeNull();
  });

  it('drops a note that there is no earlier result', () => {
    expect(withoutNoEarlierNote('Urine ACR 38.5 mg/mmol H (no previous) [<3.5]')).toBe(
      'Urine ACR 38.5 mg/mmol H [<3.5]',
    );
    expect(rows('Urine ACR   38.5 mg/mmol  H   (no previous)   [<3.5]')).toEqual([
      ['Urine ACR', '38.5', 'mg/mmol', '<3.5', 'H', null],
    ]);
  });
});

describe('date order from the document locale', () => {
  it('reads Indian, Australian and UK documents day-first when no day > 12 decides', () => {
    expect(localeDateOrder('SHREE SAI DIAGNOSTICS PVT. LTD.\nCollected On : 05/03/2026')).toBe('day-first');
    expect(localeDateOrder('Pune - 411 004')).toBe('day-first');
    expect(localeDateOrder('Test Name   Results   Units   Bio. Ref. Interval')).toBe('day-first');
    expect(localeDateOrder('Surry Hills NSW 2010   Ph +61 2 9555 0142')).toBe('day-first');
    expect(localeDateOrder('London SW1A 1AA')).toBe('day-first');
    expect(localeDateOrder('Sample received 14 Mar 2026')).toBe('day-first');
    expect(detectSlashOrder('Pvt. Ltd.\nCollected: 02/04/2026')).toBe('day-first');
  });

  it('reads US documents month-first, and says nothing without evidence', () => {
    expect(localeDateOrder('Quest Diagnostics, Tampa, FL 33612   CLIA 10D0642827')).toBe('month-first');
    expect(localeDateOrder('Reported Mar 14, 2026')).toBe('month-first');
    expect(localeDateOrder('Glucose 98 mg/dL')).toBeNull();
    expect(detectSlashOrder('Collected: 02/04/2026')).toBe('month-first');
  });

  it('lets an unambiguous date win over the locale', () => {
    expect(detectSlashOrder('Pvt. Ltd.\nDOB: 04/22/1968\nCollected: 02/04/2026')).toBe('month-first');
  });

  it('is linear on a huge document', () => {
    const huge = `${'7,4 haem 14 Mar 2026 +91 1 '.repeat(50_000)}\n`;
    const start = performance.now();
    expect(localeDateOrder(huge)).toBe('day-first');
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('phone numbers are not readings', () => {
  it('treats Ph before a country code or digit groups as a phone caption, not pH', () => {
    expect(isNoiseLine('12, Karve Road, Pune - 411 004   |   Ph: +91 20 2545 1180')).toBe(true);
    expect(isNoiseLine('Ph: 020 2545 1180')).toBe(true);
    expect(rows('pH   6.0      5.0 - 8.0')).toEqual([['pH', '6.0', null, '5.0 - 8.0', null, null]]);
  });
});

describe('malformed input', () => {
  it('never throws on truncated or huge exports', () => {
    const header = 'MRN,Patient,Visit Date,Weight (kg),HbA1c (%)';
    expect(() => extractReadingsOffline(`${header}\n4471023,"Alvarez`)).not.toThrow();
    expect(() => extractReadingsOffline('Patient;Abnahmedatum;Abnahmezeit;Parameter;Ergebnis\n;;;;')).not.toThrow();
    const big = `${header}\n${'1,"A, B",01/14/2026,92.4,7.9\n'.repeat(5000)}`;
    const start = performance.now();
    expect(extractReadingsOffline(big).length).toBe(10_000);
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
