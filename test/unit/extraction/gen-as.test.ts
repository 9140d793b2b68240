import { describe, expect, it } from 'vitest';
import { gregorianYear, rocDates } from '../../../shared/domain/extraction/asian-calendars';
import { findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');

describe('Asian year reckonings', () => {
  it('reads a Thai Buddhist-era year as its Gregorian year, and leaves other years alone', () => {
    expect(gregorianYear(2569)).toBe(2026);
    expect(gregorianYear(2026)).toBe(2026);
    expect(findDates('วันที่ 05/01/2568', 'day-first').map((d) => d.iso)).toEqual(['2025-01-05']);
    expect(findDates('2568-11-30', 'day-first').map((d) => d.iso)).toEqual(['2025-11-30']);
  });

  it('reads a Taiwanese ROC date only on a line written in Han characters', () => {
    expect(findDates('抽血日期：114/12/30 07:15', 'month-first').map((d) => d.iso)).toEqual(['2025-12-30']);
    expect(findDates('民國114年1月2日', 'month-first').map((d) => d.iso)).toEqual(['2025-01-02']);
    expect(rocDates('Sample ratio 115/06/03')).toEqual([]);
    expect(findDates('Lot 115/06/03', 'month-first')).toEqual([]);
  });

  it('dates a Thai report by its collection caption, day first, with its time', () => {
    const thai = [
      'วันที่เจาะเลือด : 03/04/2569 06:50      วันที่รายงานผล : 03/04/2569 10:02',
      'รายการตรวจ          ผลการตรวจ     หน่วย      ค่าอ้างอิง',
      'Uric acid            6.1           mg/dL      2.6 - 6.0',
    ].join('\n');
    expect(extractReadingsOffline(thai).map((r) => r.measuredAt)).toEqual(['2026-04-03T06:50:00']);
  });

  it('dates a Taiwanese report by its 採檢 caption in the ROC calendar, never by the ROC birth date', () => {
    const taiwan = [
      '姓名：林小明   出生日期：061/02/09   採檢時間：114/11/20 09:05',
      '檢驗項目            結果      單位      參考值',
      '鉀 Potassium        4.1       mmol/L    3.5-5.1',
    ].join('\n');
    expect(extractReadingsOffline(taiwan).map((r) => r.measuredAt)).toEqual(['2025-11-20T09:05:00']);
  });
});

describe('a clock time written before its date', () => {
  it('takes the Vietnamese sampling time (`08:20 ngày 14/04/2026`) and an English `at 07:10 on`', () => {
    const vietnamese =
      'Thời gian lấy mẫu: 06:45 ngày 02/03/2026     Thời gian nhận mẫu: 07:30 ngày 02/03/2026\nGlucose: 5,9 mmol/L (3,9 - 6,4)';
    expect(extractReadingsOffline(vietnamese).map((r) => r.measuredAt)).toEqual(['2026-03-02T06:45:00']);
    const english = 'Collected: 07:10 on 14/03/2026\nPotassium: 4.2 mmol/L (3.5-5.1)';
    expect(extractReadingsOffline(english).map((r) => r.measuredAt)).toEqual(['2026-03-14T07:10:00']);
  });
});

describe('table captions of South-East Asian reports', () => {
  it('reads an Indonesian table whose test name holds a number (`Glukosa 2 Jam PP`)', () => {
    const text = [
      'PEMERIKSAAN                 HASIL        NILAI RUJUKAN      SATUAN',
      'Glukosa 2 Jam PP            152 *        < 140              mg/dL',
      'Kalium                      4,0          3,5 - 5,1          mmol/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Glukosa 2 Jam PP', '152', 'mg/dL', '< 140', '*'],
      ['Kalium', '4,0', 'mmol/L', '3,5 - 5,1', null],
    ]);
  });

  it('reads a Vietnamese table with a row-number column and dash-led differential rows', () => {
    const text = [
      'STT  Tên xét nghiệm               Kết quả    Chỉ số bình thường   Đơn vị',
      '1    Số lượng bạch cầu (WBC)      11,2       4 - 10               G/L',
      '2    Thành phần bạch cầu (%)',
      '     - Trung tính (NEUT%)         78,5       45 - 75              %',
      '     - Lympho (LYM%)              14,0       20 - 35              %',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Số lượng bạch cầu (WBC)', '11,2', 'G/L', '4 - 10', null],
      ['Trung tính (NEUT%)', '78,5', '%', '45 - 75', null],
      ['Lympho (LYM%)', '14,0', '%', '20 - 35', null],
    ]);
  });

  it('still drops a Markdown bullet from a list item', () => {
    expect(rows('- Ferritin: 9 ng/mL')).toEqual([['Ferritin', '9', 'ng/mL', null, null]]);
  });
});

describe('a caption over indented rows is no wrapped name', () => {
  it('keeps each row its own name under a mixed-case panel caption', () => {
    const text = [
      'PEMERIKSAAN                  HASIL        NILAI RUJUKAN      SATUAN',
      'Elektrolit Serum',
      '  Natrium                    138          135 - 145          mmol/L',
      '  Klorida                    101          98 - 107           mmol/L',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.indicator)).toEqual(['Natrium', 'Klorida']);
  });

  it('still joins a name that hangs over one indented line before the next test at the name column', () => {
    const text = [
      'Test                         Result   Units    Range',
      'Thyroid Peroxidase',
      '  Antibodies                 112      IU/mL    < 35',
      'TSH                          2.1      mIU/L    0.4 - 4.0',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.indicator)).toEqual(['Thyroid Peroxidase Antibodies', 'TSH']);
  });
});

describe('a flag column is never a test', () => {
  it('keeps flagged lipid rows whole after a comment line that looks like a second page column', () => {
    const text = [
      'TEST                    RESULT   FLAG   UNITS     REFERENCE RANGE',
      'Creatinine              131      H      umol/L    64 - 104',
      'eGFR                    55              mL/min/1.73m2',
      '   eGFR 45-59: mildly decreased (KDIGO G3a), review renally cleared drugs.',
      '',
      'LIPIDS',
      'Total cholesterol       6.1      H      mmol/L    < 5.0',
      'Triglycerides           1.9      H      mmol/L    < 1.7',
      'LDL cholesterol         4.02     H      mmol/L    < 3.00',
    ].join('\n');
    const found = extractReadingsOffline(text);
    expect(found.map((r) => r.indicator)).not.toContain('H');
    expect(found.find((r) => r.indicator === 'Triglycerides')).toMatchObject({
      unit: 'mmol/L',
      referenceRange: '< 1.7',
      flag: 'H',
    });
  });
});

describe('bands and criteria are not readings', () => {
  it('skips a `Non diabetic` band of an interpretation table', () => {
    const text =
      'HbA1c   5.4   %   < 5.7\nInterpretation (ADA):\n   Non-diabetic     < 5.7 %\n   Prediabetes      5.7 - 6.4 %';
    expect(extractReadingsOffline(text).map((r) => r.value)).toEqual(['5.4']);
  });

  it('skips a diagnostic criterion in a note, in Thai and in English', () => {
    const thai = 'Glucose 98 mg/dL (70 - 100)\nหมายเหตุ : FBS >= 126 mg/dL ใช้วินิจฉัยโรคเบาหวาน';
    expect(extractReadingsOffline(thai).map((r) => r.value)).toEqual(['98']);
    const english = 'Glucose 98 mg/dL (70 - 100)\nNote: FBS >= 126 mg/dL on two occasions is diagnostic of diabetes';
    expect(extractReadingsOffline(english).map((r) => r.value)).toEqual(['98']);
  });
});

describe('second round: dual units, device exports, treatment thresholds', () => {
  it('reads the first (SI) group of a table that prints every result in two unit systems', () => {
    const text = [
      '                   SI UNITS                        CONVENTIONAL UNITS',
      'TEST          RESULT    REFERENCE VALUES      RESULT    REFERENCE VALUES',
      'POTASSIUM     5.3 H     3.5 - 5.1 mmol/L      20.7 H    13.7 - 19.9 mg/dL',
      'ALBUMIN       41        35 - 50 g/L           4.1       3.5 - 5.0 g/dL',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['POTASSIUM', '5.3', 'mmol/L', '3.5 - 5.1', 'H'],
      ['ALBUMIN', '41', 'g/L', '35 - 50', null],
    ]);
  });

  it("reads a device's CSV export dated by `Measurement Date`, skipping its yes/no and device-model columns", () => {
    const text = [
      'Measurement Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm),Irregular Heartbeat Detected,Device,Notes',
      '21/10/2026,06:55,127,79,64,No,BP7450,',
      '22/10/2026,07:02,133,84,,Yes,BP7450,cuff loose',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt])).toEqual([
      ['Systolic', '127', 'mmHg', '2026-10-21T06:55:00'],
      ['Diastolic', '79', 'mmHg', '2026-10-21T06:55:00'],
      ['Pulse', '64', 'bpm', '2026-10-21T06:55:00'],
      ['Systolic', '133', 'mmHg', '2026-10-22T07:02:00'],
      ['Diastolic', '84', 'mmHg', '2026-10-22T07:02:00'],
    ]);
  });

  it('skips a threshold that warrants treatment in a comment', () => {
    const text = 'TSH 5.9 mIU/L (0.27 - 4.20) H\nComment: TSH > 10 mIU/L usually warrants treatment.';
    expect(extractReadingsOffline(text).map((r) => r.value)).toEqual(['5.9']);
  });
});

describe('third round: Hebrew captions, per-row test dates, JSON keys', () => {
  it('dates an Israeli report by its Hebrew date-taken caption, day first, never by the birth date', () => {
    const text = [
      'תאריך לידה: 07/06/1975   תאריך לקיחה: 02/10/2026 07:40   תאריך הפקה: 02/10/2026 12:00',
      'Test / בדיקה        Result / תוצאה    Units / יחידות    Range / טווח תקין',
      'Ferritin            14                ng/mL             10-291',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.measuredAt)).toEqual(['2026-10-02T07:40:00']);
  });

  it('dates each row of a portal history by its `Date of Test` column', () => {
    const text = [
      'Test                 Result   Unit     Reference Range   Date of Test',
      'HbA1c                6.8      %        4.0 - 6.0         3 Feb 2026',
      'HbA1c                7.2      %        4.0 - 6.0         5 Aug 2025',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.value, r.measuredAt])).toEqual([
      ['6.8', '2026-02-03'],
      ['7.2', '2025-08-05'],
    ]);
  });

  it('names a reading of an unknown JSON export by its key, without the quotes', () => {
    const text = '[{\n  "logId" : 1729410131000,\n  "weight" : 79.4,\n  "bmi" : 24.9,\n  "source" : "Aria"\n}]';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value])).toEqual([
      ['weight', '79.4'],
      ['bmi', '24.9'],
    ]);
  });
});

describe('malformed and huge input', () => {
  it('reads long runs of ROC-like numbers, dash rows and Buddhist-era dates quickly and without throwing', () => {
    const han = `採檢時間：${'115/06/03 '.repeat(5000)}`;
    const dashes = Array.from({ length: 800 }, (_, i) => `     - Mono (MONO%)   ${i % 9},${i % 7}   4 - 10   %`).join(
      '\n',
    );
    const thai = `วันที่เก็บตัวอย่าง : ${'12/03/2569 '.repeat(3000)}`;
    const started = performance.now();
    for (const text of [han, dashes, thai, '民國年月日', '- ', '115/'])
      expect(() => extractReadingsOffline(text)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(8000);
  });
});
