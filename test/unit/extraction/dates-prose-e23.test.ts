import { describe, expect, it } from 'vitest';
import { sentenceDate } from '../../../shared/domain/extraction/sentence-dates';
import { readAs } from './support/read-fields';

const dated = (text: string) => readAs(text, 'indicator', 'value', 'measuredAt');

describe('a prose reading dated by a date its own sentence writes (sentence-dates.ts)', () => {
  it('takes the date of a sentence calling the result an earlier one, in several languages', () => {
    expect(
      sentenceDate('Repeat U&E in 1 week. Previous sodium 139 mmol/L on 03-Mar-2026.', 'sodium', '139', 'day-first'),
    ).toBe('2026-03-03');
    expect(sentenceDate('Vorige uitslag glucose 6,1 mmol/L (02-07-2026).', 'glucose', '6,1', 'day-first')).toBe(
      '2026-07-02',
    );
    expect(
      sentenceDate('Bitte Kontrolle. Vorwert vom 01.09.2026: Natrium 139 mmol/l.', 'Natrium', '139', 'day-first'),
    ).toBe('2026-09-01');
    expect(sentenceDate('上次（2026年5月2日）：血糖 6.1 mmol/L', '血糖', '6.1', 'day-first')).toBe('2026-05-02');
  });

  it('takes a date joined right after the reading by a word or a bracket', () => {
    expect(sentenceDate('Ferritina 22 ng/mL em 03/04/2026', 'Ferritina', '22', 'day-first')).toBe('2026-04-03');
    expect(sentenceDate('HbA1c 48 mmol/mol (14/03/2026)', 'HbA1c', '48', 'day-first')).toBe('2026-03-14');
  });

  it('leaves a date that looks ahead, or one before the reading that no earlier word introduces', () => {
    expect(sentenceDate('Potassium 5.1 mmol/L, repeat on 12/12/2026', 'Potassium', '5.1', 'day-first')).toBeNull();
    expect(sentenceDate('Seen 12/03/2026, glucose 6.1 mmol/L', 'glucose', '6.1', 'day-first')).toBeNull();
    expect(sentenceDate('Next appointment 02/18/2027: TSH 2.1', 'TSH', '2.1', 'month-first')).toBeNull();
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

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'measuredAt');

describe('GP record entries, fax dates and CGM periods', () => {
  it('an entry date line with its title and who filed it dates the rows under it, each entry its own', () => {
    const text = [
      'Date: 04/03/2026          Full blood count          Filed by: Dr A Khan',
      '  Haemoglobin                 131 g/L     [130 - 180]',
      '',
      'Date: 18/03/2026          Lipid profile             Entered by: Nurse R Hill',
      '  Serum cholesterol           5.1 mmol/L',
    ].join('\n');
    expect(dated(text).map((r) => r[2])).toEqual(['2026-03-04', '2026-03-18']);
  });

  it('a SNOMED name wrapped onto the next line by a qualifier joins it; a lower-case caption does not', () => {
    const text = [
      'Date: 04/03/2026          Renal                     Filed by: Dr A Khan',
      '  eGFR using creatinine (CKD-EPI)   56 mL/min/1.73m*2  [>90.0]',
      '  per 1.73 square metres',
      '  Haemoglobin A1c level - IFCC      52 mmol/mol    [20.0 - 41.0]',
      '  standardised',
      '  Calcium                           2.41 mmol/L',
      '  corrected',
    ].join('\n');
    expect(dated(text).map((r) => r[0])).toEqual([
      'eGFR using creatinine (CKD-EPI) per 1.73 square metres',
      'Haemoglobin A1c level - IFCC standardised',
      'Calcium corrected',
    ]);
  });

  it("reads a fax's collection date written with O for 0 under a COLL caption", () => {
    const text = [
      ' PATIENT: D0E, JANE          DOB: O1/15/1950',
      ' COLL: O3/O5/2026 O7:1O    REC: 03/05/2026 O8:02',
      '',
      ' TEST              RESULT     FLAG   UNITS       REF RANGE',
      ' S0dium             134        L     mmol/L      136-145',
    ].join('\n');
    expect(dated(text)).toEqual([['S0dium', '134', '2026-03-05T07:10:00']]);
  });

  it('a CGM period whose start has no year is dated at its end', () => {
    for (const period of ['14 days: August 31 - September 13, 2026', 'Period: 31 Aug – 13 Sep 2026']) {
      const text = [period, '', 'Average Glucose                     167 mg/dL', 'Generated: 14/09/2026 19:02'];
      expect(dated(text.join('\n')).map((r) => r[2])).toEqual(['2026-09-13']);
    }
  });
});

describe('prose readings in letters and messages', () => {
  it('reads a value after a when-phrase between the name and the verb, timed by the phrase', () => {
    const text = [
      'Admission Date: 11/02/2026',
      '',
      'She received vitamin K. Repeat INR drawn at 23:10 that evening was 1.4. EGD was clean.',
      'Her potassium taken on the ward was 5.9 mmol/L.',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['INR', '1.4', '2026-11-02T23:10:00'],
      ['potassium', '5.9', '2026-11-02'],
    ]);
  });

  it('a goal or target phrase after a name is no when-phrase', () => {
    expect(dated('Plan: INR at goal is 2.5 on warfarin.\nHbA1c in three months should be 48.')).toEqual([]);
  });

  it('takes a unit wrapped onto the next prose line, and a therapeutic range in brackets opening it', () => {
    const text = [
      'Admission labs were notable for an INR of 6.8, PT 68.4',
      'seconds, hemoglobin 7.9 g/dL. Digoxin level on 22/09/2026 was 0.6 nmol/L',
      '(therapeutic 0.6-1.3). CRP peaked at 212 mg/L and fell.',
    ].join('\n');
    expect(rows(text).map((r) => r.slice(0, 4))).toEqual([
      ['INR', '6.8', null, null],
      ['PT', '68.4', 'seconds', null],
      ['hemoglobin', '7.9', 'g/dL', null],
      ['Digoxin level', '0.6', 'nmol/L', '0.6-1.3'],
      ['CRP', '212', 'mg/L', null],
    ]);
  });

  it('dates a drug level by the yearless day its sentence joins to it, in the letter’s year', () => {
    const text = [
      'Admitted: 19/09/2026 14:20      Discharged: 25/09/2026 11:00',
      '',
      'Vancomycin trough was 9.6 mg/L on 21/09 (target 15-20); a repeat Vancomycin trough on 23/09 was 15.2 mg/L.',
      'Blood cultures 2/2 grew MSSA. Lactate 2.1 mmol/L.',
    ].join('\n');
    const found = dated(text);
    expect(found.slice(0, 2)).toEqual([
      ['Vancomycin trough', '9.6', '2026-09-21'],
      ['Vancomycin trough', '15.2', '2026-09-23'],
    ]);
    expect(found[2]?.[2]).not.toBe('2026-02-02');
  });

  it('reads a worded result closing a sentence of running text; a plan or diagnosis is no test', () => {
    const text = [
      'Pantoprazole was started. H. pylori stool antigen: Negative.',
      'Swabs were sent. Influenza A PCR: Detected',
      'Reviewed in clinic. Diagnosis: Negative.',
    ].join('\n');
    expect(rows(text).map((r) => r.slice(0, 2))).toEqual([
      ['H. pylori stool antigen', 'Negative'],
      ['Influenza A PCR', 'Detected'],
    ]);
  });

  it('keeps a bracket the name opens (Lp(a)), and reads a bracketed earlier result without a day undated', () => {
    const text = [
      'Date: Thu, 5 Nov 2026 17:48:22 -0500',
      '',
      'His fasting labs from October 29 look better: LDL is now 71 mg/dL (was 148 in July),',
      'Lp(a) came back at 187 nmol/L. Weight 212 lb (down from 218 at my visit).',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['LDL', '71', '2026-10-29'],
      ['LDL', '148', null],
      ['Lp(a)', '187', '2026-10-29'],
      ['Weight', '212', '2026-10-29'],
    ]);
  });

  it('a dose spelled with its amount word is no reading', () => {
    const text = [
      'Medications on discharge:',
      '  Digoxin 62.5 microgram orally daily (unchanged)',
      '  Lithium 0.8 mmol/L',
    ];
    expect(dated(text.join('\n')).map((r) => r[0])).toEqual(['Lithium']);
  });
});

describe('a pasted table in a chat', () => {
  it('a drawn-on line under the table dates its rows; the pronoun one is no value; a question after a range is none of it', () => {
    const text = [
      '[10/14/26, 9:41 PM] Priya: pasting my results here:',
      '',
      '| Test | Result | Range |',
      '|---|---|---|',
      '| FSH | 9.8 mIU/mL | 3.5–12.5 |',
      '| AMH | 0.82 ng/mL | 1.0–3.5 (for my age?) |',
      '',
      'drawn on Oct 2 (cycle day 3). the AMH one is flagged LOW in the portal',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['FSH', '9.8', 'mIU/mL', '3.5–12.5', '2026-10-02'],
      ['AMH', '0.82', 'ng/mL', '1.0–3.5', '2026-10-02'],
    ]);
  });
});

describe('home logs, courses in prose, doses on monitoring sheets', () => {
  it('a time with a glued a/p is morning or evening; a day between name and colon dates the reading', () => {
    const text = [
      'Date      Time     SYS   DIA   Pulse',
      '4/8/26    7:05a    136   85    73',
      '4/9/26    9:40p    131   83    68',
      '',
      'weight 4/9: 212.4 lb',
    ].join('\n');
    const found = dated(text);
    expect(found.find((r) => r[1] === '131')?.[2]).toBe('2026-04-09T21:40:00');
    expect(found.find((r) => r[1] === '136')?.[2]).toBe('2026-04-08T07:05:00');
    expect(found.at(-1)).toEqual(['weight', '212.4', '2026-04-09']);
    expect(dated('Blutzucker-Tagebuch\nGewicht 09.04.2026: 96,1 kg')).toEqual([['Gewicht', '96,1', '2026-04-09']]);
  });

  it('reads a course from one value to another with the range bracketed after the name', () => {
    const text = [
      'Admitted: 14/04/2026 22:15',
      '',
      'High-sensitivity troponin I (normal <16) rose from 48 ng/L on admission to 2,140 ng/L at 6 hours.',
      'Creatinine (ref 60-110) went from 124 to 131 umol/L overnight.',
    ].join('\n');
    expect(rows(text).map((r) => r.slice(0, 4))).toEqual([
      ['High-sensitivity troponin I', '48', 'ng/L', '<16'],
      ['High-sensitivity troponin I', '2,140', 'ng/L', '<16'],
      ['Creatinine', '124', 'umol/L', '60-110'],
      ['Creatinine', '131', 'umol/L', '60-110'],
    ]);
  });

  it('a device named inside the when-phrase is not the test', () => {
    const text = 'my fasting sugar on the glucometer was 6.4 mmol/L and my weight this morning was 82.3 kg';
    expect(rows(text).map((r) => r.slice(0, 3))).toEqual([
      ['fasting sugar', '6.4', 'mmol/L'],
      ['weight', '82.3', 'kg'],
    ]);
  });

  it('a dose row of a monitoring table and a bound with what to do are no readings; the hormone rows are', () => {
    const text = [
      'STIMULATION MONITORING                  Stim day 6      Stim day 8',
      ' Date                                  09/09/2026      11/09/2026',
      ' LH (IU/L)                             2.3             1.4',
      ' Gonal-f dose                          225 IU          150 IU',
      ' Menopur dosage                        75 IU           150 IU',
      '',
      ' Progesterone >4.8 nmol/L on trigger day: consider freeze-all',
      ' Oestradiol >15000 pmol/L at trigger: cancel cycle',
    ].join('\n');
    expect(dated(text).map((r) => r.slice(0, 2))).toEqual([
      ['LH', '2.3'],
      ['LH', '1.4'],
    ]);
  });
});

describe('goal captions and one-time profiles', () => {
  it('a value after a goal caption is no reading', () => {
    expect(dated('Plan\nGoal: LDL 3.1 mmol/L\nTarget: HbA1c 53 mmol/mol\nLDL 3.4 mmol/L')).toEqual([
      ['LDL', '3.4', null],
    ]);
  });

  it("one clock time after a name's colon times the reading; ward glucose names read in a profile; doses stay out", () => {
    const text = [
      '12.03.2026',
      'BZ-Tagesprofil: 7:00 Uhr 98 mg/dl | 11:00 Uhr 164 mg/dl',
      'Glucose: 07:00 5.4 mmol/L',
      'Insulin: 07:00 8 units',
      'BM: 07:00 2 tablets',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['BZ', '98', '2026-03-12T07:00:00'],
      ['BZ', '164', '2026-03-12T11:00:00'],
      ['Glucose', '5.4', '2026-03-12T07:00:00'],
    ]);
  });
});
