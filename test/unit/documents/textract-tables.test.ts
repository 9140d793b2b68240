import { describe, expect, it } from 'vitest';
import { renderAnalysis } from '../../../shared/adapters/documents/textract-ocr';
import { readingsFromTable } from '../../../shared/domain/spreadsheets';
import { analysisBlocks } from '../../support/textract-fixtures';

describe('readings from Textract tables', () => {
  it("keep the report's flag column, as written, beside value, unit and range", () => {
    const { tables } = renderAnalysis(analysisBlocks());
    const readings = tables.flatMap(readingsFromTable);
    expect(readings.map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag])).toEqual([
      ['Glucose', '104', 'mg/dL', '70-99', 'H'],
      ['Hemoglobin A1c', '6.1', '%', '4.0-5.6', 'H'],
      ['LDL Cholesterol', '131', 'mg/dL', '<100', 'H'],
      ['HDL Cholesterol', '52', 'mg/dL', '>39', null],
    ]);
  });

  it('take an L flag with no range at all, so the reading is still marked', () => {
    const pages = [
      {
        lines: ['Hematology'],
        table: [
          ['Test', 'Result', 'Units', 'H/L'],
          ['Ferritin', '9', 'ng/mL', 'L'],
        ],
      },
    ];
    const { tables } = renderAnalysis(analysisBlocks(pages));
    expect(tables.flatMap(readingsFromTable)).toMatchObject([
      { indicator: 'Ferritin', flag: 'L', referenceRange: null },
    ]);
  });
});
