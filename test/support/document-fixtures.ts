/**
 * Documents generated in test code (no binary fixtures in the repo): one small lab panel rendered as a text PDF, a
 * scanned PDF, a photo-like PNG, XLSX workbooks in long and wide layouts, CSV and TXT. Every lab document states the
 * same four readings, `LAB_PANEL`, so tests check what `extractReadingsOffline` finds in each reader's text.
 */
import { createCanvas } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PanelRow {
  test: string;
  result: string;
  unit: string;
  reference: string;
  flag: string;
}

/** The panel every lab fixture states. */
export const LAB_PANEL: readonly PanelRow[] = [
  { test: 'Glucose', result: '104', unit: 'mg/dL', reference: '70-99', flag: 'H' },
  { test: 'Creatinine', result: '0.9', unit: 'mg/dL', reference: '0.6-1.2', flag: '' },
  { test: 'Hemoglobin', result: '13.8', unit: 'g/dL', reference: '12.0-15.5', flag: '' },
  { test: 'LDL Cholesterol', result: '131', unit: 'mg/dL', reference: '<100', flag: 'H' },
];

export const COLLECTED_DATE = '2024-03-01';

const TITLE_LINES = [
  'City Medical Laboratory',
  'Patient: Jane Doe   DOB: 1980-04-12',
  `Collected: ${COLLECTED_DATE} 08:30`,
];
const HEADER: PanelRow = { test: 'Test', result: 'Result', unit: 'Unit', reference: 'Reference', flag: 'Flag' };
const COMMENT = 'Comment: fasting sample.';
/** Column x positions in points (PDF) or pixels at 1x (images). */
const COLUMNS = [50, 210, 290, 370, 470] as const;

function cellsOf(row: PanelRow): string[] {
  return [row.test, row.result, row.unit, row.reference, row.flag];
}

/** The report as plain text, columns aligned with spaces. */
export function labReportText(): string {
  const widths = [19, 10, 9, 14, 4];
  const line = (row: PanelRow) =>
    cellsOf(row)
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('')
      .trimEnd();
  return [...TITLE_LINES, '', line(HEADER), ...LAB_PANEL.map(line), '', COMMENT, ''].join('\n');
}

/** A born-digital lab report: one A4 page with a real text layer, each cell drawn as its own text run. */
export async function textPdf(options: { pages?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let p = 0; p < (options.pages ?? 1); p++) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const [i, line] of TITLE_LINES.entries()) {
      page.drawText(line, { x: 50, y, size: i === 0 ? 16 : 11, font: i === 0 ? bold : font });
      y -= 22;
    }
    y -= 16;
    for (const row of [HEADER, ...LAB_PANEL]) {
      for (const [i, cell] of cellsOf(row).entries()) {
        if (cell) page.drawText(cell, { x: COLUMNS[i] ?? 50, y, size: 11, font: row === HEADER ? bold : font });
      }
      y -= 20;
    }
    page.drawText(COMMENT, { x: 50, y: y - 16, size: 10, font });
    page.drawText(`Page ${p + 1} of ${options.pages ?? 1}`, { x: 50, y: 40, size: 8, font });
  }
  return Buffer.from(await doc.save());
}

export interface RenderOptions {
  /** Pixels per PDF point: 200/72 renders at 200 DPI. */
  scale?: number;
  /** Degrees of rotation, as a hand-held photo has. */
  rotate?: number;
  /** Gray speckle and an off-white background, as a photo of paper has. */
  noise?: boolean;
}

/** The report rendered as a page image (A4 proportions), text drawn with the system's DejaVu Sans. */
export async function reportPng(options: RenderOptions = {}): Promise<Buffer> {
  const scale = options.scale ?? 200 / 72;
  const width = Math.round(595 * scale);
  const height = Math.round(842 * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = options.noise ? '#f1eee6' : '#ffffff';
  ctx.fillRect(0, 0, width, height);
  if (options.noise) {
    // Deterministic speckle (a linear congruential sequence), so the fixture is the same on every run.
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 4000; i++) {
      ctx.fillStyle = `rgba(90,90,90,${(0.15 + next() * 0.3).toFixed(2)})`;
      ctx.fillRect(next() * width, next() * height, 1 + next() * 2, 1 + next() * 2);
    }
  }
  ctx.save();
  if (options.rotate) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate((options.rotate * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
  }
  ctx.fillStyle = options.noise ? '#222222' : '#000000';
  ctx.textBaseline = 'alphabetic';
  let y = 62;
  for (const [i, line] of TITLE_LINES.entries()) {
    ctx.font = `${i === 0 ? 'bold ' : ''}${Math.round((i === 0 ? 16 : 11) * scale)}px DejaVu Sans`;
    ctx.fillText(line, 50 * scale, y * scale);
    y += 22;
  }
  y += 16;
  for (const row of [HEADER, ...LAB_PANEL]) {
    ctx.font = `${row === HEADER ? 'bold ' : ''}${Math.round(11 * scale)}px DejaVu Sans`;
    for (const [i, cell] of cellsOf(row).entries()) ctx.fillText(cell, (COLUMNS[i] ?? 50) * scale, y * scale);
    y += 20;
  }
  ctx.font = `${Math.round(10 * scale)}px DejaVu Sans`;
  ctx.fillText(COMMENT, 50 * scale, (y + 16) * scale);
  ctx.restore();
  return canvas.encode('png');
}

/** A photo-like PNG of the report: off-white paper, speckle, tilted by 1.5°. */
export async function reportPhotoPng(): Promise<Buffer> {
  return reportPng({ rotate: 1.5, noise: true });
}

/** A scanned report: a PDF whose pages are each an image of the report, with no text layer at all. */
export async function scannedPdf(options: { pages?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await reportPng({ scale: 150 / 72 }));
  for (let p = 0; p < (options.pages ?? 1); p++) {
    const page = doc.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await doc.save());
}

/** A born-digital report followed by a page holding only a footer line, as some portals print a last page. */
export async function textPdfWithFooterPage(): Promise<Buffer> {
  const doc = await PDFDocument.load(await textPdf());
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('End of report', { x: 50, y: 40, size: 8, font });
  return Buffer.from(await doc.save());
}

async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A lab export in long layout: a title row, then `Date | Test | Result | Unit | Reference range`, one row per
 * reading (numbers and dates as typed cells, a one-decimal number format), a note row at the end; plus a second sheet
 * in German with the columns in another order.
 */
export async function longLayoutXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Results');
  sheet.addRow(['City Medical Laboratory – results export']);
  sheet.addRow(['Date', 'Test', 'Result', 'Unit', 'Reference range']);
  for (const row of LAB_PANEL) {
    const added = sheet.addRow([
      new Date(`${COLLECTED_DATE}T00:00:00Z`),
      row.test,
      Number(row.result),
      row.unit,
      row.reference,
    ]);
    added.getCell(1).numFmt = 'yyyy-mm-dd';
    added.getCell(3).numFmt = row.result.includes('.') ? '0.0' : '0';
  }
  sheet.addRow([]);
  sheet.addRow(['Note: values flagged by the laboratory are outside the reference range.']);

  const german = workbook.addWorksheet('Befunde');
  german.addRow(['Parameter', 'Einheit', 'Ergebnis', 'Referenzbereich', 'Datum']);
  const potassium = german.addRow(['Kalium', 'mmol/l', 4.2, '3,5-5,1', new Date('2024-02-14T07:45:00Z')]);
  potassium.getCell(5).numFmt = 'dd.mm.yyyy hh:mm';
  potassium.getCell(3).numFmt = '0.0';
  return workbookBuffer(workbook);
}

/**
 * A home-measurement log in wide layout: `Date | Weight (kg) | Glucose [mg/dL] | Steps | Notes`, one row per day,
 * an empty cell, and an `Average` totals row computed by formulas.
 */
export async function wideLayoutXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Daily log');
  sheet.addRow(['Date', 'Weight (kg)', 'Glucose [mg/dL]', 'Steps', 'Notes']);
  const days: [string, number, number | null, number, string][] = [
    ['2024-03-01T07:30:00Z', 82.4, 104, 8012, 'after run'],
    ['2024-03-02T07:45:00Z', 82.1, null, 10230, ''],
    ['2024-03-03T07:15:00Z', 81.9, 98, 6540, ''],
  ];
  for (const [date, weight, glucose, steps, note] of days) {
    const row = sheet.addRow([new Date(date), weight, glucose, steps, note]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm';
    row.getCell(2).numFmt = '0.0';
  }
  const average = sheet.addRow([
    'Average',
    { formula: 'AVERAGE(B2:B4)', result: 82.13333333 },
    { formula: 'AVERAGE(C2:C4)', result: 101 },
    { formula: 'AVERAGE(D2:D4)', result: 8260.666667 },
  ]);
  average.getCell(2).numFmt = '0.0';
  average.getCell(4).numFmt = '0';
  return workbookBuffer(workbook);
}

/** A lab export as CSV in long layout; `delimiter` `;` gives the German-Excel flavour with decimal commas. */
export function labCsv(delimiter: ',' | ';' | '\t' = ','): Buffer {
  const decimal = (value: string) => (delimiter === ';' ? value.replaceAll('.', ',') : value);
  const quote = (cell: string) =>
    cell.includes(delimiter) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell;
  const lines = [
    ['Date', 'Test', 'Result', 'Unit', 'Reference range', 'Flag'],
    ...LAB_PANEL.map((row) => [
      COLLECTED_DATE,
      row.test,
      decimal(row.result),
      row.unit,
      decimal(row.reference),
      row.flag,
    ]),
    ['', 'Comment: fasting sample, drawn at 08:30', '', '', '', ''],
  ];
  return Buffer.from(`${lines.map((cells) => cells.map(quote).join(delimiter)).join('\r\n')}\r\n`, 'utf8');
}

/** The report as a UTF-8 text file with a byte-order mark (as Windows Notepad saves it). */
export function labTxt(): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(labReportText().replace(/\n/g, '\r\n'), 'utf8')]);
}

/** A baseline, uncompressed 8-bit grayscale TIFF (little-endian), the simplest TIFF scanners write. */
function grayscaleTiff(gray: Buffer, width: number, height: number): Buffer {
  // [tag, type (3 SHORT, 4 LONG), value]; StripOffsets (273) is patched to the pixel data's offset.
  const entries: [number, number, number][] = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 3, height],
    [279, 4, width * height],
  ];
  const dataOffset = 8 + 2 + entries.length * 12 + 4;
  const header = Buffer.alloc(dataOffset);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  header.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(1, at + 4);
    const stored = tag === 273 ? dataOffset : value;
    if (type === 3) header.writeUInt16LE(stored, at + 8);
    else header.writeUInt32LE(stored, at + 8);
  });
  return Buffer.concat([header, gray]);
}

/** One line of the panel (`Glucose 104 mg/dL 70-99 H`) as a small PNG, JPEG or TIFF, for format coverage. */
export async function panelLineImage(format: 'png' | 'jpeg' | 'tiff'): Promise<Buffer> {
  const width = 900;
  const height = 120;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = '32px DejaVu Sans';
  ctx.fillText('Glucose 104 mg/dL 70-99 H', 20, 70);
  if (format === 'png') return canvas.encode('png');
  if (format === 'jpeg') return canvas.encode('jpeg', 90);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const gray = Buffer.alloc(width * height);
  for (let i = 0; i < gray.length; i++) gray[i] = rgba[i * 4] ?? 255;
  return grayscaleTiff(gray, width, height);
}
