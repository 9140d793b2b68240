import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readHl7Observations } from '../../../shared/domain/extraction/hl7-v2';

// Fixtures written from the vendors' public descriptions (Clarity CSV with its metadata and alert rows, Dexcom API
// v3 `egvs` and `devices`, Health Connect records and Units, Oura API v2), not from the dev reports they fix.
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'd26', name), 'utf8');
const brief = (name: string) =>
  extractReadingsOffline(fixture(name)).map((r) => `${r.indicator}=${r.value} ${r.unit ?? '-'} @${r.measuredAt}`);

describe('Dexcom Clarity CSV: settings rows share the table', () => {
  it('skips the patient, device and every alert threshold row, keeps EGV and calibration, High as written', () => {
    expect(brief('clarity-g6-alerts.csv')).toEqual([
      'Glucose Value=165 mg/dL @2026-04-02T00:01:47',
      'Glucose Value=High mg/dL @2026-04-02T00:06:47',
      'Glucose Value=402 mg/dL @2026-04-02T00:09:00',
    ]);
  });

  it('gives nothing for an export holding only its patient and alert settings', () => {
    expect(brief('clarity-settings-only.csv')).toEqual([]);
  });

  it('keeps an off-scale word only in a glucose column', () => {
    const sheet = 'Date,Time,Systolic (mmHg),Diastolic (mmHg)\n2026-03-02,07:10,High,92\n';
    expect(extractReadingsOffline(sheet).some((r) => r.value === 'High')).toBe(false);
  });
});

describe('Dexcom API v3', () => {
  it('names egvs records by the request endpoint, dated by the local display time, without trend fields', () => {
    expect(brief('dexcom-v3-egvs.txt')).toEqual([
      'egvs=113 mg/dL @2026-10-01T08:05:12',
      'egvs=119 mg/dL @2026-10-01T08:10:12',
    ]);
  });

  it('gives nothing for a device answer of alert settings (thresholds with units and dates)', () => {
    expect(brief('dexcom-v3-alert-settings.json')).toEqual([]);
  });
});

describe('Health Connect records', () => {
  it('reads Units objects and unit-named fields under the record type, samples by their time, enums never', () => {
    expect(brief('health-connect-body.json')).toEqual([
      'HeightRecord=1.78 inMeters @2026-07-30T08:00:00',
      'BodyFatRecord=21.4 percentage @2026-07-30T08:01:00',
      'RespiratoryRateRecord=14.5 rate @2026-07-30T03:12:00',
      'BloodPressureRecord.systolic=118 inMillimetersOfMercury @2026-07-31T20:05:00',
      'BloodPressureRecord.diastolic=76 inMillimetersOfMercury @2026-07-31T20:05:00',
      'HeartRateRecord=58 beatsPerMinute @2026-07-31T06:02:00',
      'HeartRateRecord=63 beatsPerMinute @2026-07-31T06:08:00',
    ]);
  });

  it('reads a typed list whose values are {unit, value} objects; an exercise session gives nothing', () => {
    expect(brief('health-connect-typed-list.json')).toEqual([
      'temperature=36.4 celsius @2026-08-09T06:45:00',
      'weight=70.3 kilograms @2026-08-09T06:50:00',
    ]);
  });
});

describe('Health Connect flat lists and adversarial settings', () => {
  it('takes the record type from a flat list, for the record and its samples', () => {
    expect(brief('health-connect-flat.json')).toEqual([
      'BloodGlucoseRecord=104.0 inMilligramsPerDeciliter @2026-11-03T07:40:00',
      'HeartRateRecord=77 beatsPerMinute @2026-11-03T08:01:00',
      'StepsRecord=10211 count @null',
    ]);
  });

  it('gives nothing for dated app settings: goals, a target range, an alert threshold', () => {
    expect(brief('app-settings.json')).toEqual([]);
  });
});

describe('Oura API v2 answers under their requests', () => {
  it('names bpm samples by the heartrate endpoint; a sleep period is undated and its period index no row', () => {
    expect(brief('oura-heartrate-readiness.txt')).toEqual([
      'heartrate=49 bpm @2026-09-01T05:10:00',
      'heartrate=66 bpm @2026-09-01T06:20:00',
      'average_heart_rate=52.5 - @null',
      'lowest_heart_rate=47 - @null',
    ]);
  });
});

describe('JSON statistics and samples', () => {
  it('names a field holding only a statistic by the field (Oura daily_spo2)', () => {
    expect(brief('oura-daily-spo2.json')).toEqual([
      'breathing_disturbance_index=7 - @2026-03-09',
      'spo2_percentage=96.8 - @2026-03-09',
      'breathing_disturbance_index=4 - @2026-03-10',
      'spo2_percentage=97.4 - @2026-03-10',
    ]);
  });

  it("dates clock-only samples by their day's record when the day has no figures of its own (Polar)", () => {
    expect(brief('polar-continuous-hr.json')).toEqual([
      'heart_rate=63 - @2026-09-12T00:02:08',
      'heart_rate=61 - @2026-09-12T00:07:08',
    ]);
  });

  it("keeps reading a vendor's field the resolver does not know (a gate on known names cost 21 dev rows)", () => {
    const whoop =
      '{"records": [{"created_at": "2026-04-02T07:00:00Z", "score": {"recovery_score": 71, "strain": 12.4}}]}';
    expect(extractReadingsOffline(whoop).map((r) => `${r.indicator}=${r.value}`)).toEqual([
      'recovery_score=71',
      'strain=12.4',
    ]);
  });
});

describe('sheets: summary rows, yearless days, footnotes', () => {
  it('dates a yearless day by the row above, reads Mittelwert undated, skips the footnote', () => {
    expect(brief('bp-diary-de.tsv')).toEqual([
      'Systolisch=138 mmHg @2026-03-02T07:30:00',
      'Diastolisch=86 mmHg @2026-03-02T07:30:00',
      'Puls=72 bpm @2026-03-02T07:30:00',
      'Systolisch=134 mmHg @2026-03-03T07:45:00',
      'Diastolisch=84 mmHg @2026-03-03T07:45:00',
      'Puls=70 bpm @2026-03-03T07:45:00',
      'Systolisch=129 mmHg @2026-03-04T21:10:00',
      'Diastolisch=81 mmHg @2026-03-04T21:10:00',
      'Systolisch=133,7 mmHg @null',
      'Diastolisch=83,7 mmHg @null',
      'Puls=71 bpm @null',
    ]);
  });

  it('reads an Avg row of a daily report undated, under a note line', () => {
    expect(brief('garmin-avg-footnote.csv')).toEqual([
      'Resting Heart Rate=51 bpm @2026-10-05',
      'Resting Heart Rate=53 bpm @2026-10-06',
      'Resting Heart Rate=52 bpm @null',
    ]);
  });

  it('gives no reading from an invoice with dates, amounts, an average column and a Total row', () => {
    expect(brief('invoice.csv')).toEqual([]);
  });
});

describe('vendor CSV layouts already in reach', () => {
  it('reads Samsung Health blood pressure by its dotted columns, not its mean, ids or offsets', () => {
    expect(brief('samsung-blood-pressure.csv')).toEqual([
      'diastolic=82.0 - @2026-05-02T07:12:00',
      'pulse=67 - @2026-05-02T07:12:00',
      'systolic=128.0 - @2026-05-02T07:12:00',
      'diastolic=79.0 - @2026-05-03T21:40:00',
      'pulse=71 - @2026-05-03T21:40:00',
      'systolic=121.0 - @2026-05-03T21:40:00',
    ]);
  });

  it('reads a Withings blood-pressure CSV with quoted timestamps and a comment column', () => {
    expect(brief('withings-bp.csv')).toEqual([
      'Heart rate=64 - @2026-06-10T07:03:12',
      'Systolic=127 - @2026-06-10T07:03:12',
      'Diastolic=81 - @2026-06-10T07:03:12',
      'Heart rate=70 - @2026-06-09T21:48:40',
      'Systolic=133 - @2026-06-09T21:48:40',
      'Diastolic=85 - @2026-06-09T21:48:40',
    ]);
  });
});

describe('HL7 v2 comments', () => {
  const message = (obx: string) =>
    `MSH|^~\\&|LAB|H|EHR|H|202603051200||ORU^R01|1|P|2.5.1\rPID|1||123\rOBR|1|||24323-8^CMP^LN\r${obx}\r`;

  it('drops a text OBX named as a comment, however short its text', () => {
    expect(readHl7Observations(message('OBX|1|TX|48767-8^Annotation comment^LN||Hemolysed.||||||F'))).toEqual([]);
    expect(readHl7Observations(message('OBX|1|FT|^Lab remark||Received late||||||F'))).toEqual([]);
  });

  it('keeps a short text result that is not named as a comment', () => {
    const text = readHl7Observations(message('OBX|1|ST|5778-6^Color of Urine^LN||Yellow||||||F'));
    expect(text?.map((r) => `${r.indicator}=${r.value}`)).toEqual(['Color of Urine=Yellow']);
  });
});
