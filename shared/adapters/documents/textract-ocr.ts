import {
  type Block,
  DetectDocumentTextCommand,
  GetDocumentAnalysisCommand,
  type GetDocumentAnalysisCommandOutput,
  StartDocumentAnalysisCommand,
  type TextractClient,
} from '@aws-sdk/client-textract';
import type { DocumentTable, DocumentText, OcrEngine } from '../../domain/documents/types';
import type { OcrJobStart, OcrJobs } from '../../ports/ocr-jobs';
import { DocumentTooLargeError } from './errors';

/** Synchronous Textract calls take at most 10 MB (aws-limits §5); larger images need the async API or downscaling. */
export const TEXTRACT_SYNC_MAX_BYTES = 10 * 1024 * 1024;

/** Characters across a full page width when lines are laid out on a grid (about 10-pt text on A4). */
const GRID_COLUMNS = 120;

interface PlacedText {
  text: string;
  top: number;
  left: number;
  height: number;
}

function placed(block: Block, text: string): PlacedText {
  const box = block.Geometry?.BoundingBox;
  return { text, top: box?.Top ?? 0, left: box?.Left ?? 0, height: box?.Height ?? 0.01 };
}

/**
 * Lines in reading order: grouped into rows by vertical overlap (top to bottom), ordered left to right within a row,
 * and placed on a character grid, so cells Textract returns as separate LINEs keep their columns as runs of spaces
 * under the header (the fixed-width layout the reading extractor reads). Each row keeps its top edge.
 */
export function layoutRows(lines: readonly PlacedText[]): { top: number; text: string }[] {
  const sorted = [...lines].sort((a, b) => a.top - b.top || a.left - b.left);
  const rows: PlacedText[][] = [];
  for (const line of sorted) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && line.top + line.height / 2 < first.top + first.height) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => {
    let text = '';
    for (const line of row.sort((a, b) => a.left - b.left)) {
      if (text !== '') text += ' '.repeat(Math.max(2, Math.round(line.left * GRID_COLUMNS) - text.length));
      text += line.text;
    }
    return { top: row[0]?.top ?? 0, text };
  });
}

/**
 * OCR through Textract `DetectDocumentText`, for single images (PNG, JPEG, or a one-page TIFF) up to 10 MB.
 * Multi-page documents go through `startTextractAnalysis` / `collectTextractAnalysis` instead.
 */
export class TextractOcr implements OcrEngine {
  constructor(private readonly textract: TextractClient) {}

  async recognize(image: Buffer): Promise<string> {
    if (image.length > TEXTRACT_SYNC_MAX_BYTES) {
      throw new DocumentTooLargeError('Images larger than 10 MB cannot be read; send a smaller photo or a PDF');
    }
    const output = await this.textract.send(new DetectDocumentTextCommand({ Document: { Bytes: image } }));
    const lines = (output.Blocks ?? []).filter((block) => block.BlockType === 'LINE' && block.Text);
    return layoutRows(lines.map((block) => placed(block, block.Text ?? '')))
      .map((row) => row.text)
      .join('\n');
  }
}

/** The port's input under the adapter's historical name. */
export type StartTextractAnalysisInput = OcrJobStart;

/**
 * Starts an async `StartDocumentAnalysis` with `TABLES` on a stored PDF/TIFF (up to 500 MB, 3,000 pages). Completion
 * is announced on the SNS topic; the consumer of that notification calls `collectTextractAnalysis`. Never poll from
 * an HTTP request. Returns the JobId.
 */
export async function startTextractAnalysis(
  textract: TextractClient,
  input: StartTextractAnalysisInput,
): Promise<string> {
  const output = await textract.send(
    new StartDocumentAnalysisCommand({
      DocumentLocation: { S3Object: { Bucket: input.bucket, Name: input.key, Version: input.version } },
      FeatureTypes: ['TABLES'],
      NotificationChannel: { SNSTopicArn: input.snsTopicArn, RoleArn: input.roleArn },
      JobTag: input.jobTag,
      ClientRequestToken: input.clientRequestToken,
    }),
  );
  if (!output.JobId) throw new Error('Textract did not return a JobId');
  return output.JobId;
}

/** A Textract job that has not succeeded: `retryable` when it is still running (the notification came early). */
export class TextractJobError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Textract's own word on a failed job (`StatusMessage`), fit to show whoever uploaded the file. */
    readonly statusMessage?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

function childIds(block: Block | undefined): string[] {
  return (block?.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids ?? []);
}

function cellText(cell: Block, byId: Map<string, Block>): string {
  return childIds(cell)
    .map((id) => byId.get(id))
    .filter((child): child is Block => child?.BlockType === 'WORD')
    .map((word) => word.Text ?? '')
    .join(' ');
}

function tableRows(table: Block, byId: Map<string, Block>): string[][] {
  const rows: string[][] = [];
  for (const id of childIds(table)) {
    const cell = byId.get(id);
    if (cell?.BlockType !== 'CELL' || !cell.RowIndex || !cell.ColumnIndex) continue;
    const row = rows[cell.RowIndex - 1] ?? [];
    row[cell.ColumnIndex - 1] = cellText(cell, byId);
    rows[cell.RowIndex - 1] = row;
  }
  return rows.filter(Boolean).map((row) => Array.from(row, (cell) => cell ?? ''));
}

/**
 * Renders the blocks of an analysis as text, page by page: lines outside tables laid out in reading order, each
 * TABLE (placed where it sits on the page) as tab-separated rows of its CELLs; pages separated by a blank line.
 * Tables are also returned as `DocumentTable`s named `Page <n> table <m>`.
 */
export function renderAnalysis(blocks: readonly Block[]): { text: string; tables: DocumentTable[] } {
  const byId = new Map(blocks.filter((b) => b.Id).map((b) => [b.Id as string, b]));
  const wordsInTables = new Set<string>();
  for (const block of blocks) {
    if (block.BlockType !== 'CELL') continue;
    for (const id of childIds(block)) wordsInTables.add(id);
  }
  const pages = [...new Set(blocks.map((b) => b.Page ?? 1))].sort((a, b) => a - b);
  const tables: DocumentTable[] = [];
  const pageTexts = pages.map((page) => {
    const onPage = blocks.filter((b) => (b.Page ?? 1) === page);
    const lines = onPage.filter(
      (b) => b.BlockType === 'LINE' && b.Text && !childIds(b).some((id) => wordsInTables.has(id)),
    );
    const pieces = layoutRows(lines.map((b) => placed(b, b.Text ?? '')));
    let tableNumber = 0;
    for (const table of onPage.filter((b) => b.BlockType === 'TABLE')) {
      const rows = tableRows(table, byId);
      tables.push({ name: `Page ${page} table ${++tableNumber}`, rows });
      pieces.push({
        top: table.Geometry?.BoundingBox?.Top ?? 0,
        text: rows.map((row) => row.join('\t').replace(/\t+$/, '')).join('\n'),
      });
    }
    return pieces
      .sort((a, b) => a.top - b.top)
      .map((piece) => piece.text)
      .join('\n');
  });
  return { text: pageTexts.filter((text) => text !== '').join('\n\n'), tables };
}

/**
 * Collects a finished `StartDocumentAnalysis` job: follows `NextToken` through every result page of
 * `GetDocumentAnalysis` and renders the blocks with `renderAnalysis`. Throws `TextractJobError` when the job failed
 * (not retryable) or is still running (retryable). `PARTIAL_SUCCESS` is read, and its warnings returned.
 * With `maxPages`, blocks of later pages are left out and the result is `truncated`, as the PDF reader does.
 */
export async function collectTextractAnalysis(
  textract: TextractClient,
  jobId: string,
  options: { maxPages?: number } = {},
): Promise<DocumentText & { warnings: string[] }> {
  const blocks: Block[] = [];
  const warnings: string[] = [];
  let pages = 0;
  let nextToken: string | undefined;
  do {
    const output: GetDocumentAnalysisCommandOutput = await textract.send(
      new GetDocumentAnalysisCommand({ JobId: jobId, MaxResults: 1000, NextToken: nextToken }),
    );
    if (output.JobStatus === 'IN_PROGRESS') throw new TextractJobError(`Textract job ${jobId} is still running`, true);
    if (output.JobStatus === 'FAILED') {
      const reason = output.StatusMessage ?? 'no reason given';
      throw new TextractJobError(`Textract job ${jobId} failed: ${reason}`, false, reason);
    }
    pages = output.DocumentMetadata?.Pages ?? pages;
    blocks.push(...(output.Blocks ?? []));
    for (const warning of output.Warnings ?? []) {
      warnings.push(`${warning.ErrorCode ?? 'warning'} on pages ${(warning.Pages ?? []).join(', ')}`);
    }
    nextToken = output.NextToken;
  } while (nextToken);
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  const { text, tables } = renderAnalysis(blocks.filter((block) => (block.Page ?? 1) <= maxPages));
  return { text, method: 'ocr', pages, tables, warnings, ...(pages > maxPages ? { truncated: true } : {}) };
}

/** Textract's asynchronous analyses behind the OCR-jobs port. */
export class TextractOcrJobs implements OcrJobs {
  constructor(private readonly textract: TextractClient) {}

  start(input: OcrJobStart): Promise<string> {
    return startTextractAnalysis(this.textract, input);
  }

  collect(jobId: string, options?: { maxPages?: number }): Promise<DocumentText & { warnings: string[] }> {
    return collectTextractAnalysis(this.textract, jobId, options);
  }
}
