import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { yearlessCellDate } from '../../../shared/domain/extraction/yearless-dates';
import { readAs } from './support/read-fields';

const rowsOf = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'measuredAt');

describe('a wide export: metadata lines, then a date column and a column per test', () => {
  const flowsheet = [
    '"Patient","DOE, JANE","HIN","1234 567 890 ON","DOB","1958-04-02"',
    '"Flowsheet","Renal","Provider","Dr. A. B.","Exported","2026-03-01 09:00"',
    '"Date","Creatinine (umol/L)","eGFR (mL/min/1.73m2)","BP (mmHg)","Foot exam","Comments"',
    '"2025-06-10","98","61","138/82","Done","Ramipril 5 mg started"',
    '"2025-12-02","","58","","",""',
    '"Target","<100",">60","<130/80","Annually",""',
  ].join('\n');

  it('reads each filled test cell, dated by its row, with the unit of its column header', () => {
    expect(rowsOf(flowsheet)).toEqual([
      ['Creatinine', '98', 'umol/L', '2025-06-10'],
      ['eGFR', '61', 'mL/min/1.73m2', '2025-06-10'],
      ['BP', '138/82', 'mmHg', '2025-06-10'],
      ['eGFR', '58', 'mL/min/1.73m2', '2025-12-02'],
    ]);
  });

  it('reads no goal of the Target row, nor a word in a column no test names, nor a comment', () => {
    const values = extractReadingsOffline(flowsheet).map((r) => r.value);
    for (const notAReading of ['<100', '>60', '<130/80', 'Annually', 'Done', '5']) {
      expect(values).not.toContain(notAReading);
    }
  });

  it('reads the same table with a Goal row in semicolon-separated cells', () => {
    const semicolons = flowsheet.replaceAll('","', ';').replaceAll('"', '').replace('Target', 'Goal');
    expect(rowsOf(semicolons).map((r) => r[1])).toEqual(['98', '61', '138/82', '58']);
  });

  it('keeps the wide export of one lead date column that has no notes column', () => {
    const plain = 'Date,HbA1c (%),Glucose (mg/dL)\n2026-01-05,7.1,132\n2026-04-05,6.8,';
    expect(rowsOf(plain)).toEqual([
      ['HbA1c', '7.1', '%', '2026-01-05'],
      ['Glucose', '132', 'mg/dL', '2026-01-05'],
      ['HbA1c', '6.8', '%', '2026-04-05'],
    ]);
  });
});

describe('a Markdown table of home readings in a patient message', () => {
  const message = [
    'Sent Mar 9, 2026 8:14 PM',
    'Here is my log:',
    '| Day      | Time    | Systolic (mmHg) | Diastolic (mmHg) | Pulse (bpm) |',
    '|----------|:-------:|-----------------|------------------|-------------|',
    '| Mon 3/2  | 7:05 AM | 148             | 91               | 72          |',
    '| Wed 3/4  | 9:30 PM | 131             | 82               |             |',
    '',
    'My target is under 130/80.',
  ].join('\n');

  it('reads each reading, dated by its yearless day (the year of the message) and its AM/PM time', () => {
    expect(rowsOf(message)).toEqual([
      ['Systolic', '148', 'mmHg', '2026-03-02T07:05:00'],
      ['Diastolic', '91', 'mmHg', '2026-03-02T07:05:00'],
      ['Pulse', '72', 'bpm', '2026-03-02T07:05:00'],
      ['Systolic', '131', 'mmHg', '2026-03-04T21:30:00'],
      ['Diastolic', '82', 'mmHg', '2026-03-04T21:30:00'],
    ]);
  });

  it('reads a Date column of named days too', () => {
    const named = message
      .replace('Mon 3/2 ', 'Mar 2   ')
      .replace('Wed 3/4 ', 'Mar 4   ')
      .replace('Day     ', 'Date    ');
    expect(rowsOf(named).map((r) => r[3])).toContain('2026-03-04T21:30:00');
  });

  it('is no table without its header: a message with a yearless date and no header reads nothing', () => {
    expect(extractReadingsOffline('Sent Mar 9, 2026\n| Mon 3/2 | 7:05 AM | 148 | 91 |')).toEqual([]);
  });
});

describe('yearless log dates', () => {
  it('take the year of the anchor date, or the year before when they would fall after it', () => {
    expect(yearlessCellDate('Mon 3/2', 'month-first', '2026-03-09')).toBe('2026-03-02');
    expect(yearlessCellDate('Tue 30/12', 'day-first', '2026-01-04')).toBe('2025-12-30');
    expect(yearlessCellDate('2 Mar', 'month-first', '2026-03-09')).toBe('2026-03-02');
    expect(yearlessCellDate('Dec 30th', 'month-first', '2026-01-04')).toBe('2025-12-30');
  });

  it('refuse anything else: no anchor, an impossible day, a number, a longer text', () => {
    expect(yearlessCellDate('3/2', 'month-first', null)).toBeNull();
    expect(yearlessCellDate('2/30', 'month-first', '2026-03-09')).toBeNull();
    expect(yearlessCellDate('148', 'month-first', '2026-03-09')).toBeNull();
    expect(yearlessCellDate('3/2 after lunch', 'month-first', '2026-03-09')).toBeNull();
  });
});

describe('a goal in words is no reading', () => {
  it('reads the CGM summary but not the goal line after it', () => {
    const summary = '> Average Glucose: 158 mg/dL\n> Time in Range (70–180 mg/dL): 64%\n> Goal: Time in Range over 70%';
    expect(extractReadingsOffline(summary).map((r) => r.value)).toEqual(['158', '64']);
  });
});

describe('malformed input', () => {
  it('a huge wide export with ragged rows and rule lines neither throws nor slows down', () => {
    const header = '"Date","A1C (%)","LDL-C (mmol/L)","Comments"';
    const rows = Array.from({ length: 5000 }, (_, k) =>
      k % 7 === 0 ? '|---|---|' : `"2025-0${(k % 9) + 1}-1${k % 10}","7.${k % 10}"${k % 3 === 0 ? '' : ',"2.1","x"'}`,
    );
    const started = performance.now();
    expect(() => extractReadingsOffline([header, ...rows, '"Target",'].join('\n'))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('home logs in other shapes', () => {
  it('reads a log whose date cell also holds the time, under a Date & time caption', () => {
    const log = [
      'Sent Mar 9, 2026',
      '| Date & time | BP (mmHg) | Pulse (bpm) |',
      '|---|---|---|',
      '| Mon 3/2 7:05 AM | 148/91 | 72 |',
      '| Tue 3/3 at 6:50 pm | 142/88 | 68 |',
    ].join('\n');
    expect(rowsOf(log)).toEqual([
      ['BP', '148/91', 'mmHg', '2026-03-02T07:05:00'],
      ['Pulse', '72', 'bpm', '2026-03-02T07:05:00'],
      ['BP', '142/88', 'mmHg', '2026-03-03T18:50:00'],
      ['Pulse', '68', 'bpm', '2026-03-03T18:50:00'],
    ]);
  });

  it('reads a log of one measurement when its column gives the unit', () => {
    const log = 'Sent Mar 9, 2026\n| Date | Time | Glucose (mg/dL) |\n| --- | --- | --- |\n| March 3 | 19:00 | 141 |';
    expect(rowsOf(log)).toEqual([['Glucose', '141', 'mg/dL', '2026-03-03T19:00:00']]);
  });

  it('takes no one-column table without a unit, nor a dotted number for a day', () => {
    expect(extractReadingsOffline('Sent Mar 9, 2026\n| Date | Glucose |\n| 3/3 | 141 |')).toEqual([]);
    expect(yearlessCellDate('7.2', 'day-first', '2026-03-09')).toBeNull();
    expect(yearlessCellDate('7.2.', 'day-first', '2026-03-09')).toBe('2026-02-07');
  });
});
