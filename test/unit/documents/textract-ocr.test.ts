import {
  type Block,
  DetectDocumentTextCommand,
  GetDocumentAnalysisCommand,
  StartDocumentAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentTooLargeError } from '../../../shared/adapters/documents/errors';
import {
  collectTextractAnalysis,
  startTextractAnalysis,
  TEXTRACT_SYNC_MAX_BYTES,
  TextractJobError,
  TextractOcr,
} from '../../../shared/adapters/documents/textract-ocr';
import { analysisBlocks, analysisResults } from '../../support/textract-fixtures';
import { readingsIn } from './helpers';

const textract = mockClient(TextractClient);
const client = new TextractClient({ region: 'eu-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });

beforeEach(() => textract.reset());

const box = (left: number, top: number, width = 0.1, height = 0.015) => ({
  Geometry: { BoundingBox: { Left: left, Top: top, Width: width, Height: height } },
});

function line(id: string, text: string, left: number, top: number, wordIds: string[] = [], page = 1): Block {
  return {
    Id: id,
    BlockType: 'LINE',
    Text: text,
    Page: page,
    ...box(left, top),
    Relationships: [{ Type: 'CHILD', Ids: wordIds }],
  };
}

function word(id: string, text: string, left: number, top: number, page = 1): Block {
  return { Id: id, BlockType: 'WORD', Text: text, Page: page, ...box(left, top) };
}

function cell(id: string, row: number, column: number, wordIds: string[], page = 1): Block {
  return {
    Id: id,
    BlockType: 'CELL',
    RowIndex: row,
    ColumnIndex: column,
    Page: page,
    Relationships: wordIds.length ? [{ Type: 'CHILD', Ids: wordIds }] : [],
  };
}

describe('TextractOcr (DetectDocumentText)', () => {
  it('returns the lines top to bottom, cells of one row kept on one line in their columns', async () => {
    textract.on(DetectDocumentTextCommand).resolves({
      Blocks: [
        { BlockType: 'PAGE', Id: 'p' },
        line('l4', '104', 0.3, 0.2),
        line('l1', 'City Medical Laboratory', 0.05, 0.05),
        line('l3', 'Glucose', 0.05, 0.201),
        line('l5', 'mg/dL', 0.45, 0.199),
        line('l6', '70-99', 0.6, 0.2),
        line('l2', 'Test Result Unit Reference', 0.05, 0.15),
        word('w1', 'City', 0.05, 0.05),
      ],
    });
    const text = await new TextractOcr(client).recognize(Buffer.from('png bytes'));
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('City Medical Laboratory');
    expect(lines[2]).toMatch(/^Glucose {2,}104 {2,}mg\/dL {2,}70-99$/);
    const call = textract.commandCalls(DetectDocumentTextCommand)[0];
    expect(call?.args[0].input).toEqual({ Document: { Bytes: Buffer.from('png bytes') } });
  });

  it('refuses images above the synchronous 10 MB limit without calling Textract', async () => {
    const big = Buffer.alloc(TEXTRACT_SYNC_MAX_BYTES + 1);
    await expect(new TextractOcr(client).recognize(big)).rejects.toBeInstanceOf(DocumentTooLargeError);
    expect(textract.commandCalls(DetectDocumentTextCommand)).toHaveLength(0);
  });
});

describe('Textract async analysis', () => {
  it('starts StartDocumentAnalysis with TABLES and an SNS notification channel', async () => {
    textract.on(StartDocumentAnalysisCommand).resolves({ JobId: 'job-1' });
    const jobId = await startTextractAnalysis(client, {
      bucket: 'hds-files',
      key: 'uploads/2024/03/01/abc/report.pdf',
      snsTopicArn: 'arn:aws:sns:eu-central-1:123456789012:textract-done',
      roleArn: 'arn:aws:iam::123456789012:role/textract-publish',
      jobTag: 'file-abc',
      clientRequestToken: 'file-abc',
    });
    expect(jobId).toBe('job-1');
    expect(textract.commandCalls(StartDocumentAnalysisCommand)[0]?.args[0].input).toEqual({
      DocumentLocation: { S3Object: { Bucket: 'hds-files', Name: 'uploads/2024/03/01/abc/report.pdf' } },
      FeatureTypes: ['TABLES'],
      NotificationChannel: {
        SNSTopicArn: 'arn:aws:sns:eu-central-1:123456789012:textract-done',
        RoleArn: 'arn:aws:iam::123456789012:role/textract-publish',
      },
      JobTag: 'file-abc',
      ClientRequestToken: 'file-abc',
    });
  });

  it('collects every result page and renders tables as tab-separated rows in page order', async () => {
    const table: Block = {
      Id: 't1',
      BlockType: 'TABLE',
      Page: 1,
      ...box(0.05, 0.3, 0.9, 0.2),
      Relationships: [
        { Type: 'CHILD', Ids: ['c11', 'c12', 'c13', 'c14', 'c21', 'c22', 'c23', 'c24', 'c31', 'c32', 'c33', 'c34'] },
      ],
    };
    const firstPage: Block[] = [
      { Id: 'p1', BlockType: 'PAGE', Page: 1 },
      line('title', 'City Medical Laboratory', 0.05, 0.05, ['wt']),
      line('collected', 'Collected: 2024-03-01', 0.05, 0.1, ['wc']),
      table,
      cell('c11', 1, 1, ['h1']),
      cell('c12', 1, 2, ['h2']),
      cell('c13', 1, 3, ['h3']),
      cell('c14', 1, 4, ['h4']),
      cell('c21', 2, 1, ['g1']),
      cell('c22', 2, 2, ['g2']),
      cell('c23', 2, 3, ['g3']),
      cell('c24', 2, 4, ['g4']),
    ];
    const secondPage: Block[] = [
      cell('c31', 3, 1, ['h5', 'h6']),
      cell('c32', 3, 2, ['k2']),
      cell('c33', 3, 3, ['k3']),
      cell('c34', 3, 4, []),
      ...[
        ['h1', 'Test'],
        ['h2', 'Result'],
        ['h3', 'Unit'],
        ['h4', 'Reference'],
        ['g1', 'Glucose'],
        ['g2', '104'],
        ['g3', 'mg/dL'],
        ['g4', '70-99'],
        ['h5', 'LDL'],
        ['h6', 'Cholesterol'],
        ['k2', '131'],
        ['k3', 'mg/dL'],
      ].map(([id, text]) => word(id as string, text as string, 0.1, 0.35)),
      // The table's words also appear as LINEs; they must not be printed twice.
      line('tl1', 'Glucose 104 mg/dL 70-99', 0.05, 0.35, ['g1', 'g2', 'g3', 'g4']),
      line('footer', 'Validated by Dr. Who', 0.05, 0.8, ['wf']),
      { Id: 'p2', BlockType: 'PAGE', Page: 2 },
      line('p2l1', 'Page 2: no further results', 0.05, 0.05, ['wp2'], 2),
    ];
    textract
      .on(GetDocumentAnalysisCommand, { JobId: 'job-1', NextToken: undefined })
      .resolves({ JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 2 }, Blocks: firstPage, NextToken: 'n2' })
      .on(GetDocumentAnalysisCommand, { JobId: 'job-1', NextToken: 'n2' })
      .resolves({ JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 2 }, Blocks: secondPage });

    const result = await collectTextractAnalysis(client, 'job-1');
    expect(textract.commandCalls(GetDocumentAnalysisCommand)).toHaveLength(2);
    expect(result.pages).toBe(2);
    expect(result.method).toBe('ocr');
    expect(result.text).toBe(
      [
        'City Medical Laboratory',
        'Collected: 2024-03-01',
        'Test\tResult\tUnit\tReference',
        'Glucose\t104\tmg/dL\t70-99',
        'LDL Cholesterol\t131\tmg/dL',
        'Validated by Dr. Who',
        '',
        'Page 2: no further results',
      ].join('\n'),
    );
    expect(result.tables).toEqual([
      {
        name: 'Page 1 table 1',
        rows: [
          ['Test', 'Result', 'Unit', 'Reference'],
          ['Glucose', '104', 'mg/dL', '70-99'],
          ['LDL Cholesterol', '131', 'mg/dL', ''],
        ],
      },
    ]);
    expect(readingsIn(result.text)).toEqual(['Glucose 104 mg/dL 70-99 -', 'LDL Cholesterol 131 mg/dL - -']);
  });

  it('fails a FAILED job for good and an unfinished one for retry', async () => {
    textract
      .on(GetDocumentAnalysisCommand, { JobId: 'bad' })
      .resolves({ JobStatus: 'FAILED', StatusMessage: 'UNSUPPORTED_DOCUMENT' })
      .on(GetDocumentAnalysisCommand, { JobId: 'early' })
      .resolves({ JobStatus: 'IN_PROGRESS' });
    await expect(collectTextractAnalysis(client, 'bad')).rejects.toMatchObject({
      name: 'TextractJobError',
      retryable: false,
      message: expect.stringContaining('UNSUPPORTED_DOCUMENT'),
      statusMessage: 'UNSUPPORTED_DOCUMENT',
    });
    const early = await collectTextractAnalysis(client, 'early').catch((e) => e);
    expect(early).toBeInstanceOf(TextractJobError);
    expect(early.retryable).toBe(true);
  });

  it('reads realistic lab-report blocks across result pages, and keeps only the pages the PDF reader would', async () => {
    const blocks = analysisBlocks();
    const results = analysisResults(blocks, 2, 25);
    expect(results.length).toBeGreaterThan(2);
    results.forEach((result, i) => {
      textract
        .on(GetDocumentAnalysisCommand, {
          JobId: 'job-lab',
          NextToken: i === 0 ? undefined : results[i - 1]?.NextToken,
        })
        .resolves(result);
    });

    const whole = await collectTextractAnalysis(client, 'job-lab');
    expect(textract.commandCalls(GetDocumentAnalysisCommand)).toHaveLength(results.length);
    expect(whole).toMatchObject({ pages: 2, method: 'ocr', warnings: [] });
    expect(whole.truncated).toBeUndefined();
    expect(whole.tables.map((t) => t.name)).toEqual(['Page 1 table 1', 'Page 2 table 1']);
    expect(whole.text).toContain('Hemoglobin A1c\t6.1\t%\t4.0-5.6\tH');
    expect(whole.text).toContain('HDL Cholesterol\t52\tmg/dL\t>39');

    const firstPage = await collectTextractAnalysis(client, 'job-lab', { maxPages: 1 });
    expect(firstPage).toMatchObject({ pages: 2, truncated: true });
    expect(firstPage.tables).toHaveLength(1);
    expect(firstPage.text).not.toContain('Lipid panel');
  });
});
