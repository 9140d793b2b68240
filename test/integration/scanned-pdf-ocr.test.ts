import {
  DetectDocumentTextCommand,
  GetDocumentAnalysisCommand,
  StartDocumentAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueConsumer } from '../../functions/routes';
import { loadHandler } from '../../infra/local/handlers';
import { lambdaContext } from '../../infra/local/lambda-context';
import { setClock } from '../../shared/clock';
import { OCR_DEADLINE_SECONDS, objectKey, STALLED_FILE_REASON } from '../../shared/domain/files';
import { ocrRequestToken } from '../../shared/services/scanned-pdf-ocr';
import { scannedPdf, textPdf } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { openUploadSocket } from '../support/sockets';
import { analysisBlocks, analysisResults } from '../support/textract-fixtures';

/**
 * Scanned PDFs on the Textract host (as on Lambda): the extraction job starts an asynchronous analysis and leaves the
 * file `processing`; the `collect-ocr` consumer finishes it from Textract's completion. Textract is the edge of the
 * world here, mocked at its SDK client; everything else (tables, bucket, queues, handlers) is the local runtime.
 */

const textract = mockClient(TextractClient);
const TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:Hds-Stateful-OcrResultsTopicC8C7788C-x9Lm2Qp4Rt7W';
const ROLE_ARN = 'arn:aws:iam::123456789012:role/Hds-Stateful-TextractPublishRole38CB24A5-Kd81PzQ0vN3e';

let h: Harness;
let accountId: string;
let key: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_OCR: 'textract', HDS_TEXTRACT_TOPIC_ARN: TOPIC_ARN, HDS_TEXTRACT_ROLE_ARN: ROLE_ARN },
  });
  ({ accountId, key } = await h.newAccount());
  api = client(h.url, key);
}, 120_000);
afterAll(() => h?.stop());
beforeEach(() => {
  textract.reset();
});

interface UploadedScan {
  user: string;
  id: string;
  subjectId: string;
  jobId: string;
}

/** Uploads a PDF for `user` and runs its extraction job, Textract answering `jobId` to the start. */
async function uploadPdf(user: string, pdf: Buffer, jobId = `job-${user}`): Promise<UploadedScan> {
  textract.on(StartDocumentAnalysisCommand).resolves({ JobId: jobId });
  const form = new FormData();
  form.append('user', user);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'scan.pdf');
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: string };
  await h.runtime.drainQueues();
  const subject = await h.runtime.services.subjects.find(accountId, user);
  return { user, id: body.id, subjectId: subject!.subjectId, jobId };
}

/** Textract's completion message for a file, as published on the OCR topic. */
function completion(scan: UploadedScan, overrides: { JobId?: string; Status?: string } = {}) {
  return {
    JobId: scan.jobId,
    Status: 'SUCCEEDED',
    API: 'StartDocumentAnalysis',
    JobTag: scan.subjectId,
    Timestamp: Date.now(),
    DocumentLocation: { S3ObjectName: objectKey(scan.subjectId, scan.id), S3Bucket: h.runtime.services.config.bucket },
    ...overrides,
  };
}

/** The SNS envelope a subscription without raw message delivery wraps the message in. */
function snsEnvelope(message: object): string {
  return JSON.stringify({
    Type: 'Notification',
    MessageId: '95df01b4-ee98-5cb9-9903-4c221d41eb5e',
    TopicArn: TOPIC_ARN,
    Message: JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
  });
}

async function deliver(body: string, receiveCount = 1, messageId = 'msg-1') {
  const event: SQSEvent = {
    Records: [
      {
        messageId,
        receiptHandle: `${messageId}-receipt`,
        body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'AIDAIT2UOQQY3AUEKVGXU',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:Hds-Stateful-OcrResultsQueue',
        awsRegion: 'us-east-1',
      },
    ],
  };
  const handler = await loadHandler(queueConsumer('collect-ocr'));
  return handler(event, lambdaContext('collect-ocr', 300));
}

/** Textract's answers for a finished analysis of the two-page lab report, three result pages chained by NextToken. */
function analysisSucceeds(jobId: string) {
  const results = analysisResults(analysisBlocks(), 2, 25);
  results.forEach((result, i) => {
    const NextToken = i === 0 ? undefined : results[i - 1]?.NextToken;
    textract.on(GetDocumentAnalysisCommand, { JobId: jobId, NextToken }).resolves(result);
  });
}

const fileOf = async (scan: UploadedScan) =>
  (await api.get(`/v1/files/${scan.id}?user=${encodeURIComponent(scan.user)}`)).body;
const rowsOf = async (scan: UploadedScan) =>
  (await api.get(`/v1/data?user=${encodeURIComponent(scan.user)}&limit=100`)).body.data as Record<string, unknown>[];

describe('a scanned PDF on the Textract host', () => {
  it('starts exactly one analysis of the stored object and leaves the file processing', async () => {
    const scan = await uploadPdf('scan-start', await scannedPdf({ pages: 2 }));
    const starts = textract.commandCalls(StartDocumentAnalysisCommand);
    expect(starts).toHaveLength(1);
    const token = ocrRequestToken(scan.subjectId, scan.id);
    expect(token).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(starts[0]?.args[0].input).toEqual({
      DocumentLocation: {
        S3Object: { Bucket: h.runtime.services.config.bucket, Name: objectKey(scan.subjectId, scan.id) },
      },
      FeatureTypes: ['TABLES'],
      NotificationChannel: { SNSTopicArn: TOPIC_ARN, RoleArn: ROLE_ARN },
      JobTag: scan.subjectId,
      ClientRequestToken: token,
    });
    expect(textract.commandCalls(DetectDocumentTextCommand)).toHaveLength(0);
    expect(await fileOf(scan)).toMatchObject({ status: 'processing', records: 0 });
    const stored = await h.runtime.services.files.get(scan.subjectId, scan.id, Date.now());
    expect(stored?.ocrJobId).toBe(scan.jobId);

    // A redelivered extraction job asks with the same token, which Textract answers with the job already started.
    await h.runtime.queue!.send('file-jobs', { type: 'extract-files', subjectId: scan.subjectId, fileKeys: [scan.id] });
    await h.runtime.drainQueues();
    const again = textract.commandCalls(StartDocumentAnalysisCommand);
    expect(again).toHaveLength(2);
    expect(again[1]?.args[0].input.ClientRequestToken).toBe(token);
    expect(await fileOf(scan)).toMatchObject({ status: 'processing' });
  });

  it('stores the text and coded readings of a finished analysis, and a redelivered completion adds no rows', async () => {
    const scan = await uploadPdf('scan-done', await scannedPdf({ pages: 2 }));
    analysisSucceeds(scan.jobId);
    expect(await deliver(JSON.stringify(completion(scan)))).toEqual({ batchItemFailures: [] });

    const file = await fileOf(scan);
    expect(file).toMatchObject({ status: 'processed', records: 4 });
    expect(file.extracted_text).toContain('Riverside Clinical Laboratory');
    expect(file.extracted_text).toContain('Hemoglobin A1c\t6.1\t%\t4.0-5.6\tH');
    expect(file.abstract).toMatch(/4 readings/);
    const rows = await rowsOf(scan);
    const codes = Object.fromEntries(rows.map((r) => [r.indicator, r.loinc_code]));
    expect(codes).toEqual({
      Glucose: '2345-7',
      'Hemoglobin A1c': '4548-4',
      'LDL Cholesterol': '2089-1',
      'HDL Cholesterol': '2085-9',
    });
    expect(rows.find((r) => r.indicator === 'Glucose')).toMatchObject({
      source: 'upload',
      parsed_value: '104',
      comment: 'scan.pdf',
    });

    // SQS delivers at least once; the SNS envelope form is read as well as the raw message.
    analysisSucceeds(scan.jobId);
    expect(await deliver(snsEnvelope(completion(scan)), 2)).toEqual({ batchItemFailures: [] });
    const again = await rowsOf(scan);
    expect(again.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(await fileOf(scan)).toMatchObject({ status: 'processed', records: 4 });
  });

  it("marks the file failed with Textract's reason when the analysis failed", async () => {
    const scan = await uploadPdf('scan-failed', await scannedPdf());
    textract
      .on(GetDocumentAnalysisCommand, { JobId: scan.jobId })
      .resolves({ JobStatus: 'FAILED', StatusMessage: 'UNSUPPORTED_DOCUMENT' });
    expect(await deliver(JSON.stringify(completion(scan, { Status: 'FAILED' })))).toEqual({ batchItemFailures: [] });
    const file = await fileOf(scan);
    expect(file.status).toBe('failed');
    expect(file.failure_reason).toBe('The scanned PDF could not be read by OCR: UNSUPPORTED_DOCUMENT');
    expect(await rowsOf(scan)).toEqual([]);
  });

  it('ignores a completion of a job the file does not wait for, or of an object that is no file', async () => {
    const scan = await uploadPdf('scan-other-job', await scannedPdf());
    analysisSucceeds('job-someone-else');
    expect(await deliver(JSON.stringify(completion(scan, { JobId: 'job-someone-else' })))).toEqual({
      batchItemFailures: [],
    });
    const elsewhere = { ...completion(scan), DocumentLocation: { S3ObjectName: 'incoming/abc', S3Bucket: 'x' } };
    expect(await deliver(JSON.stringify(elsewhere))).toEqual({ batchItemFailures: [] });
    expect(textract.commandCalls(GetDocumentAnalysisCommand)).toHaveLength(0);
    expect(await fileOf(scan)).toMatchObject({ status: 'processing', records: 0 });
  });

  it('retries an analysis still running, and fails the file on the last delivery, whose message is dead-lettered', async () => {
    const scan = await uploadPdf('scan-running', await scannedPdf());
    textract.on(GetDocumentAnalysisCommand, { JobId: scan.jobId }).resolves({ JobStatus: 'IN_PROGRESS' });
    const body = JSON.stringify(completion(scan));
    expect(await deliver(body, 1, 'early')).toEqual({ batchItemFailures: [{ itemIdentifier: 'early' }] });
    expect(await fileOf(scan)).toMatchObject({ status: 'processing' });

    // Reported failed on its last delivery too, so SQS moves it to the dead-letter queue rather than dropping it.
    const last = queueConsumer('collect-ocr').maxReceiveCount;
    expect(await deliver(body, last, 'early')).toEqual({ batchItemFailures: [{ itemIdentifier: 'early' }] });
    expect(await fileOf(scan)).toMatchObject({
      status: 'failed',
      failure_reason: 'processing failed repeatedly; upload the file again',
    });
  });

  it('waits 6 hours from the start of the analysis for its completion, then the watchdog fails the file', async () => {
    const start = Date.now();
    let now = start;
    const restore = setClock(() => now);
    try {
      const scan = await uploadPdf('scan-lost', await scannedPdf());
      // Beyond the bound of an extraction job, the analysis may still be running: the file keeps waiting.
      now = start + 3 * 3600_000;
      await h.runtime.runScheduled('sweep-retention');
      expect(await fileOf(scan)).toMatchObject({ status: 'processing' });

      now = start + OCR_DEADLINE_SECONDS * 1000 + 60_000;
      await h.runtime.runScheduled('sweep-retention');
      expect(await fileOf(scan)).toMatchObject({ status: 'failed', failure_reason: STALLED_FILE_REASON });

      // A completion arriving after the watchdog gave up changes nothing.
      analysisSucceeds(scan.jobId);
      expect(await deliver(JSON.stringify(completion(scan)))).toEqual({ batchItemFailures: [] });
      expect(textract.commandCalls(GetDocumentAnalysisCommand)).toHaveLength(0);
      expect(await fileOf(scan)).toMatchObject({ status: 'failed', records: 0 });
      expect(await rowsOf(scan)).toEqual([]);
    } finally {
      restore();
    }
  });

  it('skips a completion for a file deleted meanwhile', async () => {
    const scan = await uploadPdf('scan-deleted', await scannedPdf());
    expect((await api.delete(`/v1/files/${scan.id}?user=${scan.user}`)).status).toBe(200);
    expect(await deliver(JSON.stringify(completion(scan)))).toEqual({ batchItemFailures: [] });
    expect(textract.commandCalls(GetDocumentAnalysisCommand)).toHaveLength(0);
  });

  it('sends a malformed completion back to the queue, and on to the dead-letter queue', async () => {
    expect(await deliver('{"JobId": 42}', 1, 'junk')).toEqual({ batchItemFailures: [{ itemIdentifier: 'junk' }] });
  });

  it('fails the file at once, without starting anything, when the OCR topic is not configured', async () => {
    const config = h.runtime.services.config;
    const configured = config.textractNotifications;
    delete config.textractNotifications;
    try {
      const scan = await uploadPdf('scan-unconfigured', await scannedPdf());
      expect(textract.commandCalls(StartDocumentAnalysisCommand)).toHaveLength(0);
      expect(await fileOf(scan)).toMatchObject({
        status: 'failed',
        failure_reason: 'Scanned PDFs cannot be read on this deployment: document OCR is not configured',
      });
    } finally {
      config.textractNotifications = configured;
    }
  });
});

describe('a born-digital PDF on the Textract host', () => {
  it('is read from its text layer at once, with no analysis started', async () => {
    const file = await uploadPdf('text-pdf', await textPdf());
    expect(textract.commandCalls(StartDocumentAnalysisCommand)).toHaveLength(0);
    expect(await fileOf(file)).toMatchObject({ status: 'processed', records: 4 });
  });
});

describe('a scanned PDF sent over the WebSocket', () => {
  it('answers upload_end only when Textract has read it, with the file processed', async () => {
    const pdf = await scannedPdf({ pages: 2 });
    textract.on(StartDocumentAnalysisCommand).resolves({ JobId: 'job-socket' });
    const socket = await openUploadSocket(h.url, `key=${key}&user=socket-scan`);
    expect((await socket.next()).type).toBe('connection_established');
    socket.ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'scan',
        files: [{ filename: 'scan.pdf', contentType: 'application/pdf', size: pdf.length }],
      }),
    );
    socket.ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId: 'scan',
        filename: 'scan.pdf',
        chunk: pdf.toString('base64'),
        chunkIndex: 0,
        totalChunks: 1,
      }),
    );
    socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'scan' }));
    // Frames are handled in order: the answer to a probe proves the ones before it were.
    const probe = async (id: string) => {
      socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: id }));
      expect(await socket.next()).toMatchObject({ type: 'error', messageId: id });
    };
    await probe('probe-1');
    await h.runtime.drainQueues();
    // Assembled and handed to Textract: no upload_end_response went out before this probe's answer.
    await probe('probe-2');

    const subject = (await h.runtime.services.subjects.find(accountId, 'socket-scan'))!;
    const [file] = await h.runtime.services.files.list(subject.subjectId, Date.now());
    expect(file).toMatchObject({ status: 'processing' });
    const scan = { user: 'socket-scan', id: file!.fileKey, subjectId: subject.subjectId, jobId: 'job-socket' };
    analysisSucceeds(scan.jobId);
    expect(await deliver(JSON.stringify(completion(scan)), 1, 'msg-socket')).toEqual({ batchItemFailures: [] });

    const answer = await socket.next();
    expect(answer).toMatchObject({ type: 'upload_end_response', messageId: 'scan' });
    expect(answer.files).toMatchObject([{ id: scan.id, status: 'processed', records: 4 }]);
    // Answered once: nothing of the held answer is left.
    expect(await h.runtime.services.staging.heldReplyFor(subject.subjectId, scan.id)).toBeNull();
    socket.ws.close();
  });
});
