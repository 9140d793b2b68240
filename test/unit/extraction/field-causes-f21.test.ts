import { describe, expect, it } from 'vitest';
import { reportDate, withTimeAfter } from '../../../shared/domain/extraction/dates';
import { deviceBlockTime } from '../../../shared/domain/extraction/device-block-time';
import { datesEntriesByLines, entryDateLine } from '../../../shared/domain/extraction/entry-date-lines';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { judgementGrade } from '../../../shared/domain/extraction/judgement-grades';
import { detectHeader } from '../../../shared/domain/extraction/table-layout';
import { statusCellFlag } from '../../../shared/domain/extraction/value-marks';
import { headerRole } from '../../../shared/domain/extraction/vocabulary';
import { read } from './support/read-fields';

describe('check-up judgement grades in a flag column', () => {
  it('keeps a graded judgement as written, and a plain normal as no flag', () => {
    expect(judgementGrade('정상(A)')).toBe('정상(A)');
    expect(judgementGrade('정상(B)')).toBe('정상(B)');
    expect(judgementGrade('유질환의심')).toBe('유질환의심');
    expect(judgementGrade('要再検査')).toBe('要再検査');
    expect(judgementGrade('C（要経過観察）')).toBe('C（要経過観察）');
    expect(judgementGrade('정상')).toBe('');
    expect(judgementGrade('異常なし')).toBe('');
  });

  it('is no grade for a comment, a status word or a letter without its gloss', () => {
    expect(judgementGrade('Final')).toBeNull();
    expect(judgementGrade('C')).toBeNull();
    expect(judgementGrade('C（備考）')).toBeNull();
    expect(judgementGrade('재검사 바랍니다 다음 검진 시 확인')).toBeNull();
    expect(statusCellFlag('Final')).toBeNull();
    expect(statusCellFlag('유질환의심')).toBe('유질환의심');
  });

  it('reads a Korean long TSV export: judgement flags and the row date column', () => {
    const text = [
      '검진일자\t검사구분\t검사항목\t결과\t단위\t참고치\t판정',
      '2026.08.19\t계측검사\t허리둘레\t93\tcm\t90 미만\t유질환의심',
      '2026.08.19\t혈액검사\t혈색소\t15.1\tg/dL\t13~16.5\t정상(A)',
    ].join('\n');
    expect(read(text)).toEqual([
      {
        indicator: '허리둘레',
        value: '93',
        unit: 'cm',
        referenceRange: '90 미만',
        flag: '유질환의심',
        measuredAt: '2026-08-19',
      },
      {
        indicator: '혈색소',
        value: '15.1',
        unit: 'g/dL',
        referenceRange: '13~16.5',
        flag: '정상(A)',
        measuredAt: '2026-08-19',
      },
    ]);
  });

  it('knows CJK date captions as a date column', () => {
    expect(headerRole('검진일자')).toBe('date');
    expect(headerRole('採血日')).toBe('date');
    expect(headerRole('采样日期')).toBe('date');
  });
});

describe('header captions', () => {
  it('reads a caption with a bracketed population note by its caption, a bracketed unit stays the unit', () => {
    const layout = detectHeader(' Test               Result     Units      Ref (early follicular)', 'day-first');
    expect(layout?.columns.map((c) => c.role)).toEqual(['name', 'value', 'unit', 'range']);
    const unitHeader = detectHeader('Test        Result (mg/dL)      Reference range (adult)', 'day-first');
    expect(unitHeader?.columns.map((c) => [c.role, c.unit ?? null])).toEqual([
      ['name', null],
      ['value', 'mg/dL'],
      ['range', null],
    ]);
  });

  it('reads a fax OCR caption with l for I and 0 for O, and nothing else by it', () => {
    expect(headerRole('VALORI Dl RIFERIMENTO')).toBe('range');
    expect(headerRole('RlSULTAT0')).toBe('value');
    expect(headerRole('Dl')).toBeNull();
    expect(headerRole('Glucose 100')).toBeNull();
  });

  it('leaves a dash in the unit column as no unit', () => {
    const text = [
      '検査項目            単位        基準値          2026/06/12    2026/08/21',
      '尿蛋白（定性）      -           (-)             (-)           (±)',
    ].join('\n');
    expect(read(text).map((r) => [r.value, r.unit])).toEqual([
      ['(-)', null],
      ['(±)', null],
    ]);
  });
});

describe('collection times', () => {
  it('reads a time whose colon OCR spaced out', () => {
    expect(withTimeAfter('2026-11-17', '   godz. 07 :35')).toBe('2026-11-17T07:35:00');
    expect(withTimeAfter('2026-11-17', ' 07: 35')).toBe('2026-11-17T07:35:00');
    expect(withTimeAfter('2026-11-17', ' 7 35')).toBe('2026-11-17');
  });

  it('takes a Time: line stacked under its Date: line, for that block only', () => {
    expect(deviceBlockTime('    Time: 14:22', '    Date: 10/02/2026', 'month-first')).toBe('14:22');
    expect(deviceBlockTime('Uhrzeit: 08:15', 'Datum: 12.10.2026', 'day-first')).toBe('08:15');
    expect(deviceBlockTime('godz. 07:35', 'Data: 17.11.2026', 'day-first')).toBe('07:35');
    expect(deviceBlockTime('Time: 14:22  Lot 42', 'Date: 10/02/2026', 'month-first')).toBeNull();
    expect(deviceBlockTime('Time: 14:22', 'Glucose 5.4', 'month-first')).toBeNull();
    // A report's print time dates nothing that was collected (review of session 21).
    expect(deviceBlockTime('Time: 16:45', 'Date printed: 10/02/2026', 'month-first')).toBeNull();
    const printed = read('Date printed: 10/02/2026\nTime: 16:45\nGlucose 5.4 mmol/L\nHbA1c 48 mmol/mol');
    expect(printed.every((r) => !r.measuredAt?.includes('T16:45'))).toBe(true);
    const text = [
      'Date: 10/02/2026',
      'Time: 14:22',
      '',
      'TC        231  mg/dL',
      'HDL        42  mg/dL',
      '-----------------------',
      'Pharmacist-recorded vitals',
      'Weight       212 lb',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.measuredAt])).toEqual([
      ['TC', '2026-10-02T14:22:00'],
      ['HDL', '2026-10-02T14:22:00'],
      ['Weight', '2026-10-02'],
    ]);
  });

  it('takes `Blood taken` as a collection caption over a plain date', () => {
    const lines = ['BASELINE (cycle day 2)  -  Blood taken 03/09/2026 08:20', ' Date   09/09/2026   11/09/2026'];
    expect(reportDate(lines, 'day-first')).toBe('2026-09-03T08:20:00');
  });

  it('gives a section repeating the dates of a cumulative header the times printed under the first', () => {
    const text = [
      'TUMOUR MARKERS',
      'Date           12/03/26    18/06/26    Units    (Ref)',
      'Time              0915        1040',
      'CEA              3.1         4.8 H     ug/L     (<5.0)',
      '',
      'LIVER FUNCTION',
      'Date           12/03/26    18/06/26',
      'ALP               88          131 H    U/L      (30-110)',
    ].join('\n');
    const alp = read(text).filter((r) => r.indicator === 'ALP');
    expect(alp.map((r) => r.measuredAt)).toEqual(['2026-03-12T09:15:00', '2026-06-18T10:40:00']);
  });

  it('does not give a section other dates the times of the first', () => {
    const text = [
      'Date           12/03/26    18/06/26    Units    (Ref)',
      'Time              0915        1040',
      'CEA              3.1         4.8 H     ug/L     (<5.0)',
      '',
      'Date           13/03/26    18/06/26',
      'ALP               88          131 H    U/L      (30-110)',
    ].join('\n');
    const alp = read(text).filter((r) => r.indicator === 'ALP');
    expect(alp.map((r) => r.measuredAt)).toEqual(['2026-03-13', '2026-06-18']);
  });
});

describe('entries dated by their own Date: lines', () => {
  it('reads a captioned date line, and only one with nothing else on it', () => {
    expect(entryDateLine('Date: 18 June 2026', 'day-first')).toEqual({ caption: 'date', iso: '2026-06-18' });
    expect(entryDateLine('Date taken: 02/10/2025 09:40', 'day-first')).toEqual({
      caption: 'date taken',
      iso: '2025-10-02T09:40:00',
    });
    expect(entryDateLine('Date reported: 02/10/2025', 'day-first')).toBeNull();
    expect(entryDateLine('Date of birth: 02/10/1960', 'day-first')).toBeNull();
    expect(entryDateLine('Date: 02/10/2025 Glucose 5.4', 'day-first')).toBeNull();
  });

  it('needs one caption with two different dates', () => {
    expect(datesEntriesByLines(['Date: 3 September 2026', 'Date: 18 June 2026'], 'day-first')).toBe(true);
    expect(datesEntriesByLines(['Date: 3 September 2026', 'Date: 3 September 2026'], 'day-first')).toBe(false);
    expect(datesEntriesByLines(['Date: 3 September 2026', 'Collected: 2 September 2026'], 'day-first')).toBe(false);
  });

  it('dates each entry of a GP record by its Date: line', () => {
    const text = [
      'Serum urea and electrolytes',
      'Date: 3 September 2026',
      '',
      'Serum sodium',
      '138 mmol/L (133.0 - 146.0)',
      '',
      'Haemoglobin A1c level - IFCC standardised',
      'Date: 18 June 2026',
      '',
      'Haemoglobin A1c level - IFCC standardised',
      '44 mmol/mol (20.0 - 41.0)',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.measuredAt])).toEqual([
      ['Serum sodium', '2026-09-03'],
      ['Haemoglobin A1c level - IFCC standardised', '2026-06-18'],
    ]);
  });

  it('keeps the collection date of a report with one Date: line', () => {
    const text = ['Collected: 13/02/2026', 'Date: 15/02/2026', 'Glucose   5.4 mmol/L   (3.9 - 5.5)'].join('\n');
    expect(read(text)[0]?.measuredAt).toBe('2026-02-13');
  });
});

describe('a prose collection date wrapped to the next line', () => {
  it('reads `labs from` / `October 29` with the year of the message', () => {
    const text = [
      'Date: Thu, 5 Nov 2026 17:48:22 -0500',
      '',
      'I saw him today. His fasting labs from',
      'October 29 look much better. LDL 71 mg/dL.',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.measuredAt])).toEqual([['LDL', '2026-10-29']]);
  });
});

describe('a range row above a transposed table', () => {
  it('gives its range to the newest dated row below it (session 23 decision)', () => {
    const text = [
      'Date prélèvement;Créatinine (mg/dL);Potassium (mmol/L)',
      'Valeurs de référence;0,70-1,20;3,5-5,1',
      '04/09/2025;2,14;5,3',
      '13/11/2025;2,31;',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.value, r.referenceRange])).toEqual([
      ['Créatinine', '2,14', null],
      ['Potassium', '5,3', '3,5-5,1'],
      ['Créatinine', '2,31', '0,70-1,20'],
    ]);
  });
});

describe('malformed input', () => {
  it('neither throws nor slows on a huge run of Date: lines and captions', () => {
    const lines: string[] = [];
    for (let k = 0; k < 1000; k++) lines.push(`Date: ${(k % 28) + 1}/0${(k % 9) + 1}/2026`, 'Time:', '판정\t정상(');
    const started = performance.now();
    expect(() => extractReadingsOffline(lines.join('\n'))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(15000);
    expect(judgementGrade('정'.repeat(100000))).toBeNull();
    expect(entryDateLine(`Date: ${'1'.repeat(100000)}`, 'day-first')).toBeNull();
  });
});
