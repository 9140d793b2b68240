import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readDeviceJson } from '../../../shared/domain/extraction/device-json';
import { printsLetterDigitCodes } from '../../../shared/domain/extraction/order-codes';
import { acceptQualifiedRecordName } from '../../../shared/domain/extraction/record-entries';
import { fullWeekdayAlternation } from '../../../shared/domain/extraction/weekdays';

const brief = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

describe('device and app JSON exports', () => {
  it('reads a record whose date comes after its values, nested in a value object', () => {
    const text = JSON.stringify({
      'activities-heart': [
        {
          value: { heartRateZones: [{ min: 30, max: 115, minutes: 1302, name: 'Out of Range' }], restingHeartRate: 61 },
          dateTime: '2026-03-04',
        },
      ],
    });
    expect(brief(text)).toEqual([['restingHeartRate', '61', null, '2026-03-04']]);
  });

  it('joins a separate time field to a month-first date, and skips ids and sources', () => {
    const text =
      '[{"logId": 1729410131000, "weight": 82.1, "fat": 21.40, "date": "10/20/26", "time": "07:02:11", "source": "Aria"}]';
    expect(brief(text)).toEqual([
      ['weight', '82.1', null, '2026-10-20T07:02:11'],
      ['fat', '21.40', null, '2026-10-20T07:02:11'],
    ]);
  });

  it('names a bare value by its type, with the unit the record writes', () => {
    const text =
      '{"records": [{"type": "HKQuantityTypeIdentifierHeartRate", "unit": "count/min", "creationDate": "2026-03-05 08:00:00 +0100", "startDate": "2026-03-05 07:58:10 +0100", "value": "72"}]}';
    expect(brief(text)).toEqual([['HKQuantityTypeIdentifierHeartRate', '72', 'count/min', '2026-03-05T07:58:10']]);
  });

  it('names a bare value by the key holding its records, but not by a generic container', () => {
    expect(brief('{"activities-steps": [{"dateTime": "2026-03-04", "value": "8042"}]}')).toEqual([
      ['activities-steps', '8042', null, '2026-03-04'],
    ]);
    expect(readDeviceJson('{"data": [{"day": "2026-03-04", "value": 82}]}')).toEqual([]);
  });

  it('reads Garmin and Oura day summaries by their day field, not their other times', () => {
    const garmin =
      '[{"userProfilePK": 99120, "restingHeartRate": 58, "maxHeartRate": 141, "wellnessStartTimeGmt": "2026-03-03T23:00:00.0", "calendarDate": "2026-03-04"}]';
    expect(brief(garmin)).toEqual([
      ['restingHeartRate', '58', null, '2026-03-04'],
      ['maxHeartRate', '141', null, '2026-03-04'],
    ]);
    const oura =
      '{"sleep": [{"summary_date": "2026-03-03", "period_id": 0, "hr_lowest": 52, "rmssd": 41, "bedtime_start": "2026-03-03T23:10:00+01:00"}]}';
    expect(brief(oura)).toEqual([
      ['hr_lowest', '52', null, '2026-03-03'],
      ['rmssd', '41', null, '2026-03-03'],
    ]);
  });

  it('keeps names that end like an id when they are not one (lipid, uricAcid)', () => {
    expect(brief('[{"date": "2026-03-04", "uricAcid": 5.1, "lipid": 3}]').map((r) => r[0])).toEqual([
      'uricAcid',
      'lipid',
    ]);
  });

  it('reads nothing from undated JSON, category values, or malformed and truncated JSON', () => {
    expect(readDeviceJson('{"weight": 82.1}')).toBeNull();
    expect(
      readDeviceJson('[{"date": "2026-03-04", "value": "HKCategoryValueSleepAnalysisAsleepCore", "type": "x"}]'),
    ).toEqual([]);
    expect(readDeviceJson('[{"date": "2026-03-04", "weight": 82.1')).toBeNull();
    expect(() => readDeviceJson(`${'['.repeat(5000)}{"date": "2026-03-04", "weight": 1}`)).not.toThrow();
  });

  it('stays linear on a large export', () => {
    const day = (i: number) =>
      `{"dateTime": "2026-03-${String((i % 28) + 1).padStart(2, '0')}", "value": {"restingHeartRate": ${50 + (i % 20)}}}`;
    const text = `{"activities-heart": [${Array.from({ length: 20000 }, (_, i) => day(i)).join(',')}]}`;
    const started = performance.now();
    expect(readDeviceJson(text)).toHaveLength(20000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('blood grouping in words', () => {
  it('reads the group and its Rhesus as one value, as written, in several languages', () => {
    expect(brief('Blood Group  O Positive\nHaemoglobin  13.2 g/dL  12.0 - 16.0')[0]).toEqual([
      'Blood Group',
      'O Positive',
      null,
      null,
    ]);
    expect(brief('ABO/Rh: A Rh(D) negativo')).toEqual([['ABO/Rh', 'A Rh(D) negativo', null, null]]);
    expect(brief('Blutgruppe:            0 Rh positiv')).toEqual([['Blutgruppe', '0 Rh positiv', null, null]]);
    expect(brief('Groupe sanguin : AB Rhésus négatif')).toEqual([['Groupe sanguin', 'AB Rhésus négatif', null, null]]);
  });

  it('reads it as a row under a results table header', () => {
    const text =
      'Test   Result   Unit   Reference\nBlood Group   O Rh(D) Positive\nHaemoglobin   13.2   g/dL   12.0 - 16.0';
    expect(brief(text).map((r) => r[1])).toEqual(['O Rh(D) Positive', '13.2']);
  });

  it('reads no group from prose after the caption', () => {
    expect(brief('Blood group: a form will be sent with the sample')).toEqual([]);
    expect(brief('Blood group request: O Positive donors needed')).toEqual([]);
  });
});

describe('GP online record entries dated on a line of their own', () => {
  it('dates each entry by the date line above it, and keeps a dash-qualified record name whole', () => {
    const text = [
      'Test results',
      '',
      '12 Mar 2026',
      'Serum potassium level 4.6 mmol/L',
      '',
      '3 February 2026',
      'Haemoglobin A1c level - IFCC standardised 51 mmol/mol',
      'Platelet count - observation',
      '301 10*9/L',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Serum potassium level', '4.6', 'mmol/L', '2026-03-12'],
      ['Haemoglobin A1c level - IFCC standardised', '51', 'mmol/mol', '2026-02-03'],
      ['Platelet count - observation', '301', '10*9/L', '2026-02-03'],
    ]);
  });

  it('takes a dash-qualified name whole only when the part before the dash is a known measurement', () => {
    const unit = { unit: 'mmol/mol', value: '51', referenceRange: null, flag: null, qualitative: false, rest: '' };
    expect(acceptQualifiedRecordName('Haemoglobin A1c level - IFCC standardised', unit)).toBe(true);
    expect(acceptQualifiedRecordName('Letter from clinic dated today - see notes', unit)).toBe(false);
    expect(acceptQualifiedRecordName('Haemoglobin A1c level - IFCC standardised', { ...unit, unit: 'mg' })).toBe(false);
  });
});

describe('a block of earlier results under its own caption', () => {
  const laudo = (caption: string) =>
    [
      'GLICOSE EM JEJUM',
      'Material: Soro        Método: Enzimático',
      '',
      '   Resultado:  112 mg/dL',
      '',
      '   Valores de referência: 70 a 99 mg/dL',
      '',
      `   ${caption}`,
      '   02/09/2025  -  104 mg/dL',
      '   14/03/2025 .........:   98 mg/dL',
      '',
      'Liberado por Dr. Paulo Meira',
    ].join('\n');

  it('reads each dated line as an earlier reading of the test above, however far below it', () => {
    for (const caption of ['Resultados anteriores:', 'Resultado anterior:', 'Valores anteriores']) {
      expect(brief(`Data da coleta: 10/03/2026\n${laudo(caption)}`)).toEqual([
        ['GLICOSE EM JEJUM', '112', 'mg/dL', '2026-03-10'],
        ['GLICOSE EM JEJUM', '104', 'mg/dL', '2025-09-02'],
        ['GLICOSE EM JEJUM', '98', 'mg/dL', '2025-03-14'],
      ]);
    }
  });

  it('ends the block at the first line that is no date and value, and opens none without a reading above', () => {
    const text = 'Resultados anteriores:\n02/09/2025  -  104 mg/dL';
    expect(brief(text).map((r) => r[0])).not.toContain('Resultados anteriores');
    const after = brief(`${laudo('Resultados anteriores:')}\nSódio  139 mmol/L  136 - 145\n01/01/2025 - 140 mmol/L`);
    expect(after.filter((r) => r[0] === 'Sódio')).toHaveLength(1);
  });
});

describe('Malay, Indonesian and Tagalog captions; Thai month-name dates', () => {
  it('reads a Malay table under Ujian / Keputusan / Unit / Julat Rujukan, dated by Tarikh Sampel', () => {
    const text = [
      'Tarikh Sampel: 4 Mac 2026',
      'Ujian            Keputusan   Unit      Julat Rujukan',
      'Glukosa Puasa    6.8         mmol/L    3.9 - 6.0',
    ].join('\n');
    expect(extractReadingsOffline(text)).toEqual([
      {
        indicator: 'Glukosa Puasa',
        value: '6.8',
        unit: 'mmol/L',
        referenceRange: '3.9 - 6.0',
        flag: null,
        measuredAt: '2026-03-04',
      },
    ]);
  });

  it('reads a Tagalog table under Pagsusuri / Resulta / Yunit / Normal na Saklaw, dated by Petsa ng Koleksyon', () => {
    const text = [
      'Petsa ng Koleksyon: Marso 4, 2026',
      'Pagsusuri            Resulta   Yunit    Normal na Saklaw',
      'Hemoglobin           128       g/L      120 - 160',
    ].join('\n');
    expect(brief(text)).toEqual([['Hemoglobin', '128', 'g/L', '2026-03-04']]);
  });

  it('joins an Indonesian collection time written after pukul', () => {
    const text = [
      'Tanggal Pengambilan: 4 Maret 2026 pukul 07:40',
      'Pemeriksaan   Hasil   Satuan   Nilai Rujukan',
      'Hemoglobin    13,2    g/dL     12 - 16',
    ].join('\n');
    expect(brief(text)).toEqual([['Hemoglobin', '13,2', 'g/dL', '2026-03-04T07:40:00']]);
  });

  it('reads Thai month names, full and abbreviated, with Buddhist-era years and a time after เวลา', () => {
    const text = [
      'วันที่เก็บตัวอย่าง: 4 มี.ค. 2569   เวลา 08:15 น.',
      'รายการตรวจ          ผลตรวจ     หน่วย      ค่าอ้างอิง',
      'HbA1c               6.9        %          4.0 - 6.0',
      '',
      'ผลครั้งก่อน วันที่ 12 กันยายน 2568',
      'HbA1c               7.4        %          4.0 - 6.0',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['HbA1c', '6.9', '%', '2026-03-04T08:15:00'],
      ['HbA1c', '7.4', '%', '2025-09-12'],
    ]);
  });

  it('does not read an abbreviation-like Thai dot sequence without a day and year as a date', () => {
    expect(brief('หมายเหตุ ก.พ. ตรวจซ้ำ\nHbA1c   6.9 %   4.0 - 6.0').map((r) => r[3])).toEqual([null]);
  });
});

describe('a home diary with a column per time of day, two readings per cell', () => {
  const diary = (title: string) =>
    [
      title,
      '',
      'Date          Morning           Evening',
      '13/03/2026    138/86  72        131/82 (68)',
      '14/03/2026    142/88  75        -',
      '',
      'Phone 0161 555 1234',
    ].join('\n');

  it('reads the pressure pair and the pulse of each cell, named and unit as the title gives them', () => {
    expect(brief(diary('Blood pressure (mmHg) and pulse (bpm) diary'))).toEqual([
      ['Blood pressure', '138/86', 'mmHg', '2026-03-13'],
      ['pulse', '72', 'bpm', '2026-03-13'],
      ['Blood pressure', '131/82', 'mmHg', '2026-03-13'],
      ['pulse', '68', 'bpm', '2026-03-13'],
      ['Blood pressure', '142/88', 'mmHg', '2026-03-14'],
      ['pulse', '75', 'bpm', '2026-03-14'],
    ]);
  });

  it('reads nothing when no title names the pressure', () => {
    expect(brief(diary('My diary')).filter((r) => r[1].includes('/'))).toEqual([]);
  });

  it('never throws on a truncated or huge row', () => {
    const text = `Blood pressure\nDate   Morning   Evening\n02/03/2026   ${'138/86 '.repeat(5000)}`;
    expect(() => extractReadingsOffline(text)).not.toThrow();
  });
});

describe('one table of weekday names', () => {
  it('gives each caller the languages it asks for', () => {
    const romance = new RegExp(`^(?:${fullWeekdayAlternation(['it', 'pt'])})$`, 'iu');
    expect(['Mercoledì', 'quarta-feira', 'Sábado'].every((day) => romance.test(day))).toBe(true);
    expect(romance.test('Mittwoch')).toBe(false);
  });

  it('still strips a weekday off a dated heading and reads a log weekday as day-first', () => {
    expect(brief('Mittwoch, 04.03.2026\nGlucose 104 mg/dL')).toEqual([['Glucose', '104', 'mg/dL', '2026-03-04']]);
  });
});

describe('a letters-and-digits code after a name', () => {
  it('counts a catalogue where the document prints two or more different codes', () => {
    expect(printsLetterDigitCodes('TSH III generacji (L69)\nFerrytyna (L19)')).toBe(true);
    expect(printsLetterDigitCodes('Haemoglobin (HB12)   13.2 g/dL')).toBe(false);
    expect(printsLetterDigitCodes('Vitamin (B12)\nCancer antigen (CA125)')).toBe(false);
  });

  it('keeps a lone two-capital code in the name, takes it off in a catalogue, and a one-capital code always', () => {
    expect(brief('Haemoglobin (HB12)   13.2 g/dL   12.0 - 16.0')[0]?.[0]).toBe('Haemoglobin (HB12)');
    const catalogue = 'Haemoglobin (HB12)   13.2 g/dL   12.0 - 16.0\nPSA (PS10)   1.2 ng/mL   0 - 4';
    expect(brief(catalogue).map((r) => r[0])).toEqual(['Haemoglobin', 'PSA']);
    expect(brief('Ferrytyna (L19)   23,4 ng/ml   13 - 150')[0]?.[0]).toBe('Ferrytyna');
  });
});
