import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';

const read = (text: string) => extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit] as const);

describe('review r24: a goal caption is not a SOAP findings section nor a morphology row', () => {
  it("reads the measured vitals of a note's Objective: line", () => {
    expect(read('Objective: BP 128/82, HR 76, Temp 98.6 F, SpO2 97%').map((r) => r[0])).toEqual([
      'BP',
      'HR',
      'Temp',
      'SpO2',
    ]);
    expect(read('OBJECTIVE:  Glucose 5.4 mmol/L')).toEqual([['Glucose', '5.4', 'mmol/L']]);
  });

  it('reads target cells in a smear', () => {
    expect(read('Target cells: 2 %')).toEqual([['Target cells', '2', '%']]);
  });

  it('still leaves a list of goals unread', () => {
    expect(read('Objectives: LDL-C 70 mg/dL, HbA1c 7 %')).toEqual([]);
    expect(read('Treatment target if statin indicated: LDL-C <2.0 mmol/L')).toEqual([]);
    expect(read('Objetivos: HbA1c 7 %')).toEqual([]);
  });
});
