import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readDelimitedExport } from '../../../shared/domain/extraction/delimited-exports';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'v25', name), 'utf8');
const brief = (name: string) =>
  extractReadingsOffline(fixture(name)).map((r) => `${r.indicator}=${r.value} ${r.unit ?? '-'} @${r.measuredAt}`);

describe('delimited device and spreadsheet exports, read by their header', () => {
  it('reads a LibreView export in mmol/L: historic, scan and ketone columns; insulin rows give nothing', () => {
    expect(brief('libreview-mmol.csv')).toEqual([
      'Historic Glucose=6.4 mmol/L @2026-02-03T21:00:00',
      'Scan Glucose=7.1 mmol/L @2026-02-03T21:15:00',
      'Ketone=0.3 mmol/L @2026-02-03T21:20:00',
    ]);
  });

  it('reads German (semicolons, decimal commas) and Spanish LibreView exports', () => {
    expect(brief('libreview-de.csv')).toEqual([
      'Historischer Glukosewert=6,2 mmol/L @2026-07-14T06:02:00',
      'Historischer Glukosewert=6,5 mmol/L @2026-07-14T06:17:00',
      'Glukose-Scan=6,9 mmol/L @2026-07-14T06:31:00',
    ]);
    expect(brief('libreview-es.csv')).toEqual([
      'Historial de glucosa=104 mg/dL @2026-07-14T07:00:00',
      'Escaneo de glucosa=112 mg/dL @2026-07-14T07:20:00',
    ]);
  });

  it('reads Dexcom Clarity EGV and calibration glucose, not its metadata, insulin or carb rows', () => {
    expect(brief('dexcom-clarity.csv')).toEqual([
      'Glucose Value=128 mg/dL @2026-05-03T07:01:12',
      'Glucose Value=135 mg/dL @2026-05-03T07:06:12',
      'Glucose Value=131 mg/dL @2026-05-03T07:12:30',
    ]);
  });

  it('reads Samsung Health columns by their last dotted segment', () => {
    expect(brief('samsung-heart-rate.csv')).toEqual([
      'heart_rate=62 - @2026-06-01T06:31:00',
      'heart_rate=88 - @2026-06-01T12:05:00',
    ]);
  });

  it('reads blood pressure monitors with a date and a time column (Omron, iHealth tab-separated, 12-hour clock)', () => {
    expect(brief('omron-connect.csv')).toHaveLength(9);
    expect(brief('omron-connect.csv').slice(3, 6)).toEqual([
      'Systolic=135 mmHg @2026-04-10T21:40:00',
      'Diastolic=86 mmHg @2026-04-10T21:40:00',
      'Pulse=71 bpm @2026-04-10T21:40:00',
    ]);
    expect(brief('ihealth-bp.tsv').slice(3)).toEqual([
      'SYS=126 mmHg @2026-04-18T21:15:00',
      'DIA=79 mmHg @2026-04-18T21:15:00',
      'Pulse=68 bpm @2026-04-18T21:15:00',
    ]);
  });

  it('reads watch and scale exports (Garmin daily summary, Withings quoted timestamps); empty cells give nothing', () => {
    expect(brief('garmin-connect.csv')).toEqual([
      'Resting Heart Rate=54 bpm @2026-08-01',
      'Steps=10234 - @2026-08-01',
      'Weight=74.2 kg @2026-08-01',
      'Body Fat=18.5 % @2026-08-01',
      'Resting Heart Rate=56 bpm @2026-08-02',
      'Steps=8120 - @2026-08-02',
    ]);
    expect(brief('withings-weight.csv')).toHaveLength(10);
    expect(brief('withings-weight.csv')[0]).toBe('Weight=82.35 kg @2026-02-03T07:21:44');
  });

  it('reads a semicolon sheet with decimal commas, never its insulin column', () => {
    expect(brief('gsheets-semicolon.csv')).toEqual([
      'Blutzucker=6,8 mmol/L @2026-03-03T07:30:00',
      'Gewicht=78,4 kg @2026-03-03T07:30:00',
      'Blutzucker=9,1 mmol/L @2026-03-03T12:10:00',
      'Blutzucker=6,2 mmol/L @2026-03-04T07:25:00',
      'Gewicht=78,1 kg @2026-03-04T07:25:00',
    ]);
  });

  it('reads a tab-pasted home log whose rows mix date formats', () => {
    expect(brief('home-log-tabs.tsv')).toEqual([
      'Systolic=132 mmHg @2026-07-14T06:45:00',
      'Diastolic=85 mmHg @2026-07-14T06:45:00',
      'Glucose=101 mg/dL @2026-07-14T06:45:00',
      'Systolic=128 mmHg @2026-07-15T07:00:00',
      'Diastolic=83 mmHg @2026-07-15T07:00:00',
      'Glucose=97 mg/dL @2026-07-16T06:50:00',
    ]);
  });

  it('gives nothing for a bank statement, an insulin-only log or an inventory', () => {
    for (const name of ['bank-statement.csv', 'insulin-only-log.csv', 'inventory.csv']) {
      expect(readDelimitedExport(fixture(name))).toBeNull();
      expect(brief(name)).toEqual([]);
    }
  });

  it('leaves a table it cannot read whole (a blood pressure cell, a chat around it, a yearless date) to the line reader', () => {
    expect(readDelimitedExport('Date,Time,BP (mmHg),Pulse (bpm)\n2026-07-01,07:00,134/82,66\n')).toBeNull();
    expect(readDelimitedExport('Date,Glucose (mg/dL)\n2026-07-01,101\nThanks, see you Monday, Ann\n')).toBeNull();
    expect(readDelimitedExport('Date,Glucose (mg/dL)\n07/02,101\n')).toBeNull();
  });

  it('reads a two-column export whose ISO timestamps a sniffer alone would take for decimal commas', () => {
    const text = 'Timestamp,Glucose (mg/dL)\n2026-01-01T08:00:00,101\n2026-01-01T09:15:00,120\n';
    expect(readDelimitedExport(text)?.map((r) => `${r.indicator}=${r.value}@${r.measuredAt}`)).toEqual([
      'Glucose=101@2026-01-01T08:00:00',
      'Glucose=120@2026-01-01T09:15:00',
    ]);
    expect(readDelimitedExport('Timestamp,Glucose (mg/dL)\n2026-01-01T08:00:00,101\nFine, thanks\n')).toBeNull();
  });

  it('does not read trailing comments of a wide export as rows', () => {
    const text =
      '# Club export\ndate,CK (U/L),Ferritin (ug/L)\n2026-07-06,212,64\n# CK >1000 U/L within 48h: protocol\n';
    expect(readDelimitedExport(text)?.map((r) => `${r.indicator}=${r.value}`)).toEqual(['CK=212', 'Ferritin=64']);
  });
});
