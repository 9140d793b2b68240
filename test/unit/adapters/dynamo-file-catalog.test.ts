import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoFileCatalog } from '../../../shared/adapters/dynamo/dynamo-file-catalog';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { readConfig } from '../../../shared/config/config';
import {
  FAILED_FILE_RECHECK_SECONDS,
  OCR_DEADLINE_SECONDS,
  PROCESSING_DEADLINE_SECONDS,
  type StoredFile,
} from '../../../shared/domain/files';
import type { DynamoServer } from '../../support/dynamo-servers';
import { dynamoServers as servers } from '../../support/record-store-fixture';

const NOW = 1_800_000_000_000;
const NOW_S = NOW / 1000;

function processingFile(subjectId: string, fileKey: string): StoredFile {
  return {
    subjectId,
    fileKey,
    filename: 'labs.csv',
    contentType: 'text/csv',
    bytes: 10,
    status: 'processing',
    failureReason: null,
    createdAt: NOW_S,
    retention: 'permanent',
    sessionId: null,
    expiresAt: null,
    textChars: null,
    abstract: '',
    recordCount: 0,
    recordIds: null,
    ocrJobId: null,
  };
}

const outcome = { textChars: 100, abstract: '4 readings', recordCount: 4 };

/** The processing watches of files: written, moved and deleted with the file's status, and met by the sweeper. */
describe.each(servers)('DynamoFileCatalog on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let files: DynamoFileCatalog;
  let records: DynamoRecordStore;
  const cfg = readConfig({
    HDS_TABLE_RECORDS: 'records-files-test',
    HDS_TABLE_ACCOUNTS: 'accounts-files-test',
    HDS_TABLE_RATE_LIMITS: 'rl-files-test',
  });

  beforeAll(async () => {
    server = await start();
    await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint }), cfg);
    doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: server.endpoint });
    files = new DynamoFileCatalog(doc, cfg.tables.records);
    records = new DynamoRecordStore(doc, cfg.tables.records);
  }, 90_000);
  afterAll(() => server?.stop());

  let n = 0;
  const subject = () => `sbj_files_${++n}_${Math.random().toString(36).slice(2)}`;
  const watchDue = async (subjectId: string, fileKey: string) => {
    const out = await doc.send(
      new GetCommand({
        TableName: cfg.tables.records,
        Key: { pk: subjectId, sk: `P#${fileKey}` },
        ConsistentRead: true,
      }),
    );
    return out.Item ? Number(out.Item.expiresAt) : null;
  };

  it('watches a processing file until it is processed, and records that only once', async () => {
    const s = subject();
    await files.put(processingFile(s, 'a.csv'));
    expect(await watchDue(s, 'a.csv')).toBe(NOW_S + PROCESSING_DEADLINE_SECONDS);
    expect(await files.finish(s, 'a.csv', outcome)).toBe(true);
    expect(await watchDue(s, 'a.csv')).toBeNull();
    expect(await files.get(s, 'a.csv', NOW)).toMatchObject({ status: 'processed', recordCount: 4 });
    expect(await files.finish(s, 'a.csv', outcome)).toBe(false);
    // A processed file is never failed afterwards.
    expect(await files.fail(s, 'a.csv', 'late', NOW)).toBeNull();
    expect(await files.get(s, 'a.csv', NOW)).toMatchObject({ status: 'processed', failureReason: null });
    expect(await files.fail(s, 'missing.csv', 'late', NOW)).toBeNull();
  });

  it('moves the watch when the OCR job starts; a failed file keeps its first reason and cannot be finished', async () => {
    const s = subject();
    await files.put(processingFile(s, 'scan.pdf'));
    await files.reserveRecordIds(s, 'scan.pdf', { first: 7, count: 3 });
    expect(await files.recordOcrJob(s, 'scan.pdf', 'job-1', NOW + 60_000)).toBe(true);
    expect(await watchDue(s, 'scan.pdf')).toBe(NOW_S + 60 + OCR_DEADLINE_SECONDS);

    const failed = await files.fail(s, 'scan.pdf', 'first reason', NOW + 120_000);
    expect(failed).toMatchObject({
      newlyFailed: true,
      file: { status: 'failed', failureReason: 'first reason', recordIds: { first: 7, count: 3 } },
    });
    expect(await watchDue(s, 'scan.pdf')).toBe(NOW_S + 120 + FAILED_FILE_RECHECK_SECONDS);
    const again = await files.fail(s, 'scan.pdf', 'second reason', NOW + 180_000);
    expect(again).toMatchObject({ newlyFailed: false, file: { status: 'failed', failureReason: 'first reason' } });
    expect(await watchDue(s, 'scan.pdf')).toBe(NOW_S + 120 + FAILED_FILE_RECHECK_SECONDS);
    expect(await files.finish(s, 'scan.pdf', outcome)).toBe(false);
    expect(await files.recordOcrJob(s, 'scan.pdf', 'job-2', NOW)).toBe(false);
    expect(await files.get(s, 'scan.pdf', NOW)).toMatchObject({ status: 'failed', failureReason: 'first reason' });
  });

  it('hands due watches to the watchdog, drops them once settled, and keeps them without one', async () => {
    const s = subject();
    await files.put(processingFile(s, 'stuck.csv'));
    await files.put(processingFile(s, 'done.csv'));
    await files.finish(s, 'done.csv', outcome);
    const due = NOW + (PROCESSING_DEADLINE_SECONDS + 1) * 1000;

    // Sweeping without the hook leaves the watch for a sweeper that has one.
    await records.sweepExpired(due, 10_000);
    expect(await watchDue(s, 'stuck.csv')).not.toBeNull();

    const onDueWatch = vi.fn(async (_subjectId: string, _fileKey: string, _maxItems: number) => ({
      deleted: 0,
      settled: false,
    }));
    await records.sweepExpired(due, 10_000, { onDueWatch });
    expect(onDueWatch.mock.calls.filter(([subjectId]) => subjectId === s)).toEqual([[s, 'stuck.csv', 10_000]]);
    expect(await watchDue(s, 'stuck.csv')).not.toBeNull();

    const settle = vi.fn(async (_subjectId: string, _fileKey: string, _maxItems: number) => ({
      deleted: 2,
      settled: true,
    }));
    await records.sweepExpired(due, 10_000, { onDueWatch: settle });
    expect(settle.mock.calls.some(([subjectId]) => subjectId === s)).toBe(true);
    expect(await watchDue(s, 'stuck.csv')).toBeNull();
    // The file itself is the catalogue's: the sweeper never deletes an unexpired one.
    expect(await files.get(s, 'stuck.csv', due)).toMatchObject({ status: 'processing' });
  });

  it('keeps a watch moved while the watchdog was settling it', async () => {
    const s = subject();
    await files.put(processingFile(s, 'moved.csv'));
    const due = NOW + (PROCESSING_DEADLINE_SECONDS + 1) * 1000;
    await records.sweepExpired(due, 10_000, {
      onDueWatch: async (subjectId, fileKey) => {
        if (subjectId === s) await files.fail(subjectId, fileKey, 'failed meanwhile', due);
        return { deleted: 0, settled: true };
      },
    });
    expect(await watchDue(s, 'moved.csv')).toBe(Math.floor(due / 1000) + FAILED_FILE_RECHECK_SECONDS);
  });

  it('removes the watch with the entry', async () => {
    const s = subject();
    await files.put(processingFile(s, 'gone.csv'));
    await files.remove(s, 'gone.csv');
    expect(await watchDue(s, 'gone.csv')).toBeNull();
  });
});
