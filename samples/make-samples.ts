/**
 * Writes the sample files the README's examples upload: `npx tsx samples/make-samples.ts`. Every person, laboratory
 * and value in them is invented. The output is deterministic (fixed dates, seeded speckle, fixed PDF metadata), but
 * for the time stamps exceljs gives the workbook's zip entries. The approach is the tests' own
 * (test/support/document-fixtures.ts): pdf-lib for a text-layer PDF, @napi-rs/canvas for the photo, exceljs.
 */
import { writeFile } from 'node:fs/promises';
import { createCanvas } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const here = new URL('.', import.meta.url);
const LAB = 'Northfield Clinical Laboratory (fictional)';
const PATIENT = 'Patient: Sample Person (invented)   DOB: 1980-01-01   ID: SAMPLE-0001';

/** One line of a lab table: test, result, unit, reference range, flag. */
type Row = [test: string, result: string, unit: string, reference: string, flag: string];
const HEADER: Row = ['Test', 'Result', 'Unit', 'Reference', 'Flag'];

/** The report of lab-report.pdf: collected this year. */
const MARCH_PANEL: Row[] = [
  ['Glucose', '104', 'mg/dL', '70-99', 'H'],
  ['HbA1c', '5.9', '%', '4.0-5.6', 'H'],
  ['LDL Cholesterol', '131', 'mg/dL', '<100', 'H'],
  ['HDL Cholesterol', '52', 'mg/dL', '>40', ''],
  ['Triglycerides', '148', 'mg/dL', '<150', ''],
  ['TSH', '2.1', 'mIU/L', '0.4-4.0', ''],
  ['Vitamin D 25-OH', '24', 'ng/mL', '30-100', 'L'],
  ['Creatinine', '0.9', 'mg/dL', '0.6-1.2', ''],
];

/** The earlier report photographed in lab-report-photo.jpg, so the two make a series. */
const SEPTEMBER_PANEL: Row[] = [
  ['Glucose', '99', 'mg/dL', '70-99', ''],
  ['Total Cholesterol', '238', 'mg/dL', '<200', 'H'],
  ['LDL Cholesterol', '162', 'mg/dL', '<100', 'H'],
  ['HDL Cholesterol', '48', 'mg/dL', '>40', ''],
  ['TSH', '2.4', 'mIU/L', '0.4-4.0', ''],
  ['Vitamin D 25-OH', '19', 'ng/mL', '30-100', 'L'],
];

/** Column x positions in PDF points (pixels at 72 DPI). */
const COLUMNS = [50, 210, 290, 370, 470] as const;

function titleLines(collected: string): string[] {
  return [LAB, PATIENT, `Collected: ${collected} 08:15   Fasting: yes`];
}

/** A born-digital report: one A4 page with a real text layer, each cell its own text run. */
async function labReportPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // Fixed metadata, so the bytes do not change from run to run.
  const fixed = new Date('2026-03-13T09:00:00Z');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  doc.setProducer('samples/make-samples.ts');
  doc.setTitle('Laboratory report (invented sample)');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  let y = 780;
  for (const [i, line] of titleLines('2026-03-12').entries()) {
    page.drawText(line, { x: 50, y, size: i === 0 ? 16 : 10, font: i === 0 ? bold : font });
    y -= 22;
  }
  y -= 16;
  for (const row of [HEADER, ...MARCH_PANEL]) {
    for (const [i, cell] of row.entries()) {
      if (cell) page.drawText(cell, { x: COLUMNS[i] ?? 50, y, size: 11, font: row === HEADER ? bold : font });
    }
    y -= 20;
  }
  page.drawText('Comment: all values invented for the HDS samples; not a real person.', {
    x: 50,
    y: y - 16,
    size: 9,
    font,
  });
  page.drawText('Page 1 of 1', { x: 50, y: 40, size: 8, font });
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/**
 * A phone photo of the earlier report: the top of the page only, off-white paper, uneven light, speckle, tilted by
 * 1.5°, as JPEG, at 180 DPI in DejaVu Sans. tesseract.js reads every value of it; it reads `HbA1c` as `HbAlc` in this
 * font, so the photographed panel has no HbA1c.
 */
async function labReportPhoto(): Promise<Buffer> {
  const scale = 180 / 72;
  const width = Math.round(560 * scale);
  const height = Math.round(330 * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const light = ctx.createLinearGradient(0, 0, width, height);
  light.addColorStop(0, '#f6f3ea');
  light.addColorStop(1, '#d9d4c7');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  // Deterministic speckle (a linear congruential sequence), so the file is the same on every run.
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < 2500; i++) {
    ctx.fillStyle = `rgba(80,80,80,${(0.1 + next() * 0.25).toFixed(2)})`;
    ctx.fillRect(next() * width, next() * height, 1 + next() * 2, 1 + next() * 2);
  }
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((1.5 * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#262626';
  let y = 36;
  for (const [i, line] of titleLines('2025-09-18').entries()) {
    ctx.font = `${i === 0 ? 'bold ' : ''}${Math.round((i === 0 ? 15 : 9) * scale)}px DejaVu Sans`;
    ctx.fillText(line, 20 * scale, y * scale);
    y += 20;
  }
  y += 14;
  for (const row of [HEADER, ...SEPTEMBER_PANEL]) {
    ctx.font = `${row === HEADER ? 'bold ' : ''}${Math.round(11 * scale)}px DejaVu Sans`;
    for (const [i, cell] of row.entries()) ctx.fillText(cell, ((COLUMNS[i] ?? 50) - 30) * scale, y * scale);
    y += 20;
  }
  ctx.restore();
  return canvas.encode('jpeg', 70);
}

/** A wearable's export in long layout: one row per day and indicator. */
function wearableCsv(): Buffer {
  const lines = ['date,indicator,value,unit'];
  const restingHr = [61, 59, 62, 58, 60, 57, 59];
  const steps = [8412, 10233, 6120, 12045, 9310, 4870, 11002];
  const weight = [82.4, 82.1, 82.3, 81.9, 81.8, 81.9, 81.6];
  for (let d = 0; d < 7; d++) {
    const date = `2026-11-${String(16 + d).padStart(2, '0')}`;
    lines.push(`${date},Resting heart rate,${restingHr[d]},bpm`);
    lines.push(`${date},Steps,${steps[d]},steps`);
    lines.push(`${date},Body weight,${weight[d]?.toFixed(1)},kg`);
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** Lab results in wide layout: one row per date, one column per test, units in the headers. */
async function labsWideXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const fixed = new Date('2026-03-13T09:00:00Z');
  workbook.creator = 'samples/make-samples.ts';
  workbook.created = fixed;
  workbook.modified = fixed;
  const sheet = workbook.addWorksheet('Labs');
  sheet.addRow([
    'Date',
    'Glucose (mg/dL)',
    'HbA1c (%)',
    'LDL Cholesterol (mg/dL)',
    'HDL Cholesterol (mg/dL)',
    'TSH (mIU/L)',
    'Creatinine (mg/dL)',
  ]);
  const rows: [string, number, number, number, number, number | null, number][] = [
    ['2024-02-20', 97, 5.5, 171, 45, 2.8, 0.8],
    ['2024-10-03', 101, 5.6, 158, 47, null, 0.9],
    ['2025-04-15', 98, 5.6, 149, 49, 2.2, 0.8],
    ['2025-12-02', 103, 5.8, 138, 50, 2.0, 0.9],
  ];
  for (const [date, ...values] of rows) {
    const row = sheet.addRow([new Date(`${date}T08:00:00Z`), ...values]);
    row.getCell(1).numFmt = 'yyyy-mm-dd';
  }
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A plain-text follow-up report: `Test: value unit (range)` lines and a line of narrative. */
function reportTxt(): Buffer {
  return Buffer.from(
    [
      LAB,
      PATIENT,
      'Collected: 2026-06-04 07:50',
      '',
      'Follow-up panel',
      'Ferritin: 38 ng/mL (15-150)',
      'Hemoglobin: 13.6 g/dL (13.5-17.5)',
      'Vitamin B12: 412 pg/mL (200-900)',
      'Potassium: 4.3 mmol/L (3.5-5.1)',
      'Sodium: 139 mmol/L (135-145)',
      'CRP: 2.4 mg/L (<5)',
      '',
      'Comment: the patient reports feeling well. All values are invented for the HDS samples.',
      '',
    ].join('\n'),
    'utf8',
  );
}

const files: [string, Buffer][] = [
  ['lab-report.pdf', await labReportPdf()],
  ['lab-report-photo.jpg', await labReportPhoto()],
  ['wearable-export.csv', wearableCsv()],
  ['labs-wide.xlsx', await labsWideXlsx()],
  ['report.txt', reportTxt()],
];
for (const [name, bytes] of files) {
  await writeFile(new URL(name, here), bytes);
  console.log(`samples/${name}  ${(bytes.length / 1024).toFixed(1)} KB`);
}
