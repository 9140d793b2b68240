/**
 * Textract `GetDocumentAnalysis` answers built in test code, shaped as Textract returns them for a scanned lab
 * report analysed with `FeatureTypes: ['TABLES']`: a PAGE per page whose children are its LINEs and TABLEs, LINEs
 * made of WORDs, TABLEs made of CELLs (header cells typed `COLUMN_HEADER`, empty cells without children) whose
 * WORDs are the same blocks as the LINEs', and every block with a bounding box and polygon in page fractions.
 */
import type { Block } from '@aws-sdk/client-textract';

export interface ScannedPage {
  /** Text lines above the table, top to bottom. */
  lines: string[];
  /** A table below them, header row first. */
  table?: string[][];
}

/** A two-page lab report: chemistry on page 1, lipids on page 2, each a table under a few lines. */
export const LAB_REPORT_PAGES: readonly ScannedPage[] = [
  {
    lines: ['Riverside Clinical Laboratory', 'Patient: Jane Doe   DOB: 1980-04-12', 'Collected: 2024-03-01 08:30'],
    table: [
      ['Test', 'Result', 'Units', 'Reference Range', 'Flag'],
      ['Glucose', '104', 'mg/dL', '70-99', 'H'],
      ['Hemoglobin A1c', '6.1', '%', '4.0-5.6', 'H'],
    ],
  },
  {
    lines: ['Lipid panel'],
    table: [
      ['Test', 'Result', 'Units', 'Reference Range', 'Flag'],
      ['LDL Cholesterol', '131', 'mg/dL', '<100', 'H'],
      ['HDL Cholesterol', '52', 'mg/dL', '>39', ''],
    ],
  },
];

/** Left edges of the table's columns, as fractions of the page width. */
const COLUMN_LEFTS = [0.08, 0.36, 0.5, 0.64, 0.84];
const ROW_HEIGHT = 0.028;
const TEXT_HEIGHT = 0.012;
/** Average character width of 10-pt text on a letter page, as a fraction of the page width. */
const CHAR_WIDTH = 0.0085;

function geometry(left: number, top: number, width: number, height: number): Block['Geometry'] {
  return {
    BoundingBox: { Left: left, Top: top, Width: width, Height: height },
    Polygon: [
      { X: left, Y: top },
      { X: left + width, Y: top },
      { X: left + width, Y: top + height },
      { X: left, Y: top + height },
    ],
  };
}

/** Every block of the analysis, in the order Textract lists them (page by page, each PAGE block first). */
export function analysisBlocks(pages: readonly ScannedPage[] = LAB_REPORT_PAGES): Block[] {
  const blocks: Block[] = [];
  let next = 0;
  const id = (kind: string) => `${kind}-${(++next).toString(16).padStart(8, '0')}-4c1e-9a0b-3f7d2e6c8b51`;

  pages.forEach((content, index) => {
    const page = index + 1;
    const pageBlock: Block = {
      BlockType: 'PAGE',
      Id: id('page'),
      Page: page,
      Geometry: geometry(0, 0, 1, 1),
      Relationships: [{ Type: 'CHILD', Ids: [] }],
    };
    blocks.push(pageBlock);
    const pageChildren = pageBlock.Relationships?.[0]?.Ids ?? [];

    /** A LINE with its WORDs, whose ids a CELL may share. */
    const addLine = (text: string, left: number, top: number): string[] => {
      const wordIds: string[] = [];
      let x = left;
      for (const word of text.split(/\s+/).filter(Boolean)) {
        const wordId = id('word');
        wordIds.push(wordId);
        blocks.push({
          BlockType: 'WORD',
          Id: wordId,
          Page: page,
          Text: word,
          TextType: 'PRINTED',
          Confidence: 99.1,
          Geometry: geometry(x, top, word.length * CHAR_WIDTH, TEXT_HEIGHT),
        });
        x += (word.length + 1) * CHAR_WIDTH;
      }
      const lineId = id('line');
      pageChildren.push(lineId);
      blocks.push({
        BlockType: 'LINE',
        Id: lineId,
        Page: page,
        Text: text,
        Confidence: 99.3,
        Geometry: geometry(left, top, text.length * CHAR_WIDTH, TEXT_HEIGHT),
        Relationships: [{ Type: 'CHILD', Ids: wordIds }],
      });
      return wordIds;
    };

    for (const [i, text] of content.lines.entries()) addLine(text, 0.08, 0.05 + i * ROW_HEIGHT);
    if (!content.table) return;
    const tableTop = 0.08 + content.lines.length * ROW_HEIGHT;
    const tableId = id('table');
    const cellIds: string[] = [];
    const cells: Block[] = [];
    content.table.forEach((row, r) => {
      row.forEach((text, c) => {
        const left = COLUMN_LEFTS[c] ?? 0.9;
        const top = tableTop + r * ROW_HEIGHT;
        const width = (COLUMN_LEFTS[c + 1] ?? 0.95) - left;
        const wordIds = text ? addLine(text, left + 0.005, top + 0.008) : [];
        const cellId = id('cell');
        cellIds.push(cellId);
        cells.push({
          BlockType: 'CELL',
          Id: cellId,
          Page: page,
          RowIndex: r + 1,
          ColumnIndex: c + 1,
          RowSpan: 1,
          ColumnSpan: 1,
          Confidence: 96.4,
          Geometry: geometry(left, top, width, ROW_HEIGHT),
          ...(r === 0 ? { EntityTypes: ['COLUMN_HEADER' as const] } : {}),
          ...(wordIds.length ? { Relationships: [{ Type: 'CHILD' as const, Ids: wordIds }] } : {}),
        });
      });
    });
    pageChildren.push(tableId);
    blocks.push(
      {
        BlockType: 'TABLE',
        Id: tableId,
        Page: page,
        Confidence: 98.7,
        EntityTypes: ['STRUCTURED_TABLE'],
        Geometry: geometry(0.06, tableTop, 0.9, content.table.length * ROW_HEIGHT),
        Relationships: [{ Type: 'CHILD', Ids: cellIds }],
      },
      ...cells,
    );
  });
  return blocks;
}

/** The answers of `GetDocumentAnalysis` for a finished job, `perResult` blocks each, chained by `NextToken`. */
export function analysisResults(blocks: readonly Block[], pages: number, perResult = 40) {
  const results = [];
  for (let i = 0; i < blocks.length; i += perResult) {
    const more = i + perResult < blocks.length;
    results.push({
      JobStatus: 'SUCCEEDED' as const,
      DocumentMetadata: { Pages: pages },
      AnalyzeDocumentModelVersion: '1.0',
      Blocks: blocks.slice(i, i + perResult),
      ...(more ? { NextToken: `page-token-${i + perResult}` } : {}),
    });
  }
  return results;
}
