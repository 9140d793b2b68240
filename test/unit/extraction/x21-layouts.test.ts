import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { deviceBlockTime, isRuleLine } from '../../../shared/domain/extraction/device-block-time';
import { headingTime, isPlainHeading } from '../../../shared/domain/extraction/flowsheet-cells';
import { sideBySideGroups } from '../../../shared/domain/extraction/side-by-side';

const brief = (text: string) =>
  extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt] as const);

describe('readings side by side on one line', () => {
  it('cuts a fixed-width line by its words, not by its gaps', () => {
    expect(
      sideBySideGroups('  Urea pre      24.6  mmol/L      Urea post     6.8 mmol/L      URR  72 %   (target >65%)'),
    ).toEqual(['Urea pre 24.6 mmol/L', 'Urea post 6.8 mmol/L', 'URR 72 %']);
  });

  it('takes a unit-like word followed by a number as the next name', () => {
    expect(sideBySideGroups('Na 139 mmol/L  K 4.1 mmol/L  Cl 101 mmol/L')).toEqual([
      'Na 139 mmol/L',
      'K 4.1 mmol/L',
      'Cl 101 mmol/L',
    ]);
    expect(sideBySideGroups('BP 128/82 HR 74 SpO2 97% T 36.8')).toEqual(['BP 128/82', 'HR 74', 'SpO2 97%', 'T 36.8']);
  });

  it('leaves prose, comma lists, rows led by a value and dates to the other readers', () => {
    expect(sideBySideGroups('BP 112/68 mmHg, HR 74 bpm, SpO2 96% RA')).toBeNull();
    expect(sideBySideGroups('08:00    148      80       76')).toBeNull();
    expect(sideBySideGroups('Tel 0207 123 4567')).toBeNull();
    expect(sideBySideGroups('Date: 16/11/2026 Time 07:05')).toBeNull();
    expect(sideBySideGroups('the creatinine was 88 and it was repeated later today')).toBeNull();
  });

  it('reads each group that is a reading, dated with the report', () => {
    const text = ['Date: 16/11/2026', '  Urea pre      24.6  mmol/L      Urea post     6.8 mmol/L      URR  72 %'].join(
      '\n',
    );
    expect(brief(text)).toEqual([
      ['Urea pre', '24.6', 'mmol/L', '2026-11-16'],
      ['Urea post', '6.8', 'mmol/L', '2026-11-16'],
      ['URR', '72', '%', '2026-11-16'],
    ]);
  });

  it('never throws on a huge line of alternating words and numbers', () => {
    const line = 'Na 1 '.repeat(20_000);
    expect(() => sideBySideGroups(line)).not.toThrow();
    expect(sideBySideGroups(line)).toBeNull();
    const started = Date.now();
    for (let k = 0; k < 200; k++) sideBySideGroups(line);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sideBySideGroups('Na 139 mmol/L K'.slice(0, 9))).toBeNull();
  });
});

describe("a nursing note's timed observations", () => {
  it('times the block under `Obs at 02:00` until the next caption', () => {
    expect(headingTime('Obs at 02:00')).toBe('02:00');
    expect(headingTime('Vital signs @ 14:30:')).toBe('14:30');
    expect(headingTime('Obs were stable at 02:00 overnight')).toBeNull();
    expect(isPlainHeading('Morning bloods:')).toBe(true);
    const text = [
      'Date: 21/11/2026',
      'Obs at 02:00',
      'BP 128/82 mmHg HR 74 bpm',
      'Morning bloods:',
      'Na 139 mmol/L  K 4.1 mmol/L',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['BP', '128/82', 'mmHg', '2026-11-21T02:00:00'],
      ['HR', '74', 'bpm', '2026-11-21T02:00:00'],
      ['Na', '139', 'mmol/L', '2026-11-21'],
      ['K', '4.1', 'mmol/L', '2026-11-21'],
    ]);
  });
});

describe('rows labelled by a time of day', () => {
  it("dates each cell with the report's day and the row's time, passing over machine settings and notes", () => {
    const text = [
      'Date: 16/11/2026',
      'INTRADIALYTIC OBS',
      '  Time     Sys BP   Dia BP   Pulse   Qb    VP    TMP    Comments',
      '  08:00    148      80       76      350   160   120',
      '  09:00    121      68       84      350   170   135    c/o cramp L calf, UF paused 10 min',
      '',
      'Seen by: A. Nurse',
    ].join('\n');
    expect(brief(text)).toEqual([
      ['Sys BP', '148', null, '2026-11-16T08:00:00'],
      ['Dia BP', '80', null, '2026-11-16T08:00:00'],
      ['Pulse', '76', null, '2026-11-16T08:00:00'],
      ['Sys BP', '121', null, '2026-11-16T09:00:00'],
      ['Dia BP', '68', null, '2026-11-16T09:00:00'],
      ['Pulse', '84', null, '2026-11-16T09:00:00'],
    ]);
  });

  it('reads an hourly chart with a unit row, and ends the table at a row that is not a time', () => {
    const text = [
      'ICU chart',
      'Date: 2026-03-02',
      'Hora    FC     SpO2   Temp',
      '        lpm    %      °C',
      '06:00   92     95     37.9',
      '07:00   88     97     37.4',
      'Firma: Dr. R. Soto',
    ].join('\n');
    const read = brief(text);
    expect(read).toContainEqual(['SpO2', '95', '%', '2026-03-02T06:00:00']);
    expect(read).toContainEqual(['Temp', '37.4', '°C', '2026-03-02T07:00:00']);
    expect(read).toHaveLength(4);
  });
});

describe("a point-of-care device's time inside its block", () => {
  it('times the readings under `Time:` up to the rule after them, not a later device block', () => {
    expect(deviceBlockTime('    Time: 14:22', '    Date: 10/02/2026', 'month-first')).toBe('14:22');
    expect(deviceBlockTime('Time to result: 8 min', 'Date: 10/02/2026', 'month-first')).toBeNull();
    expect(isRuleLine('    -----------------------')).toBe(true);
    expect(isRuleLine('TC - 231')).toBe(false);
    const text = [
      '   Cholestech LDX(R)',
      '    Date: 10/02/2026',
      '    Time: 14:22',
      '    -----------------------',
      '    TC        231  mg/dL',
      '    HDL        42  mg/dL',
      '    -----------------------',
      '',
      '       A1CNow+ (R)',
      '    A1C        6.1 %',
    ].join('\n');
    const read = brief(text);
    expect(read[0]?.[3]).toMatch(/T14:22:00$/);
    expect(read[1]?.[3]).toMatch(/T14:22:00$/);
    expect(read[2]?.[0]).toBe('A1C');
    expect(read[2]?.[3]).not.toMatch(/T/);
  });
});
