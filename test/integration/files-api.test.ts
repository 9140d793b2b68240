import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueConsumer } from '../../functions/routes';
import { setClock } from '../../shared/clock';
import {
  FAILED_FILE_RECHECK_SECONDS,
  objectKey,
  PROCESSING_DEADLINE_SECONDS,
  STALLED_FILE_REASON,
  textKey,
} from '../../shared/domain/files';
import { processFile } from '../../shared/services/file-processing';
import { storeUpload } from '../../shared/services/file-service';
import { REPEATED_FAILURE_REASON } from '../../shared/services/processing-failures';
import { writeReadingsToSubject } from '../../shared/services/record-writer';
import {
  labCsv,
  labTxt,
  longLayoutXlsx,
  reportPng,
  scannedPdf,
  textPdf,
  wideLayoutXlsx,
} from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';

let h: Harness;
let key: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount()).key;
  api = client(h.url, key);
}, 120_000);
afterAll(() => h?.stop());

async function upload(
  data: Buffer,
  filename: string,
  type: string,
  fields: Record<string, string> = {},
  bearer = key,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([data], { type }), filename);
  const res = await fetch(`${h.url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('POST /v1/files and extraction', () => {
  it.each([
    ['a text PDF', () => textPdf(), 'report.pdf', PDF],
    ['a CSV', async () => labCsv(), 'labs.csv', 'text/csv'],
    ['a TXT', async () => labTxt(), 'labs.txt', 'text/plain'],
    ['an XLSX in long layout', () => longLayoutXlsx(), 'export.xlsx', XLSX],
  ])('stores %s, extracts its text and readings with codes', async (_name, make, filename, type) => {
    const user = `files-${filename}`;
    const res = await upload(await make(), filename, type, { user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'file', filename, status: 'processing', subject: user });
    expect(res.body.id).toMatch(/^uploads\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]+\//);
    expect(typeof res.body.created_at).toBe('number');
    await h.runtime.drainQueues();

    const file = await api.get(`/v1/files/${res.body.id}?user=${encodeURIComponent(user)}`);
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({ object: 'file', id: res.body.id, status: 'processed' });
    expect(file.body.extracted_text).toContain('Glucose');
    expect(file.body.abstract).toMatch(/reading/);
    const rows = (await api.get(`/v1/data?user=${encodeURIComponent(user)}`)).body.data;
    const glucose = rows.find((r: any) => r.indicator === 'Glucose');
    expect(glucose).toMatchObject({ source: 'upload', loinc_code: '2345-7', parsed_value: '104' });
    expect(rows.length).toBeGreaterThanOrEqual(4);

    const list = await api.get(`/v1/files?user=${encodeURIComponent(user)}`);
    expect(list.body).toMatchObject({ object: 'list', subject: user });
    expect(list.body.data[0]).toMatchObject({
      id: res.body.id,
      file_key: res.body.id,
      filename,
      bytes: res.body.bytes,
    });
    expect(list.body.data[0].file_type).toBe(type);
  });

  it('reads a wide-layout spreadsheet into one row per cell', async () => {
    const res = await upload(await wideLayoutXlsx(), 'log.xlsx', XLSX, { user: 'wide' });
    await h.runtime.drainQueues();
    const rows = (await api.get('/v1/data?user=wide&limit=100')).body.data;
    expect(rows.filter((r: any) => r.loinc_code === '29463-7')).toHaveLength(3);
    expect(rows.some((r: any) => /average/i.test(r.indicator))).toBe(false);
    expect((await api.get(`/v1/files/${res.body.id}?user=wide`)).body.status).toBe('processed');
  });

  it('reads a photo of a report and a scanned PDF through OCR', async () => {
    for (const [data, name, type] of [
      [await reportPng(), 'photo.png', 'image/png'],
      [await scannedPdf(), 'scan.pdf', PDF],
    ] as const) {
      const res = await upload(data, name, type, { user: `ocr-${name}` });
      expect(res.status).toBe(200);
      await h.runtime.drainQueues();
      const file = (await api.get(`/v1/files/${res.body.id}?user=ocr-${name}`)).body;
      expect(file.status).toBe('processed');
      expect(file.extracted_text).toMatch(/Glucose/i);
      const rows = (await api.get(`/v1/data?user=ocr-${name}`)).body.data;
      expect(rows.some((r: any) => r.loinc_code === '2345-7')).toBe(true);
    }
  }, 120_000);

  it('refuses a missing, empty or unreadable file and writes nothing', async () => {
    const empty = await upload(Buffer.alloc(0), 'empty.pdf', PDF, { user: 'refused' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.param).toBe('file');
    const exe = await upload(
      Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
      'tool.exe',
      'application/octet-stream',
      { user: 'refused' },
    );
    expect(exe.status).toBe(415);
    const noFile = await fetch(`${h.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: (() => {
        const f = new FormData();
        f.append('user', 'refused');
        return f;
      })(),
    });
    expect(noFile.status).toBe(400);
    const badRetention = await upload(labCsv(), 'labs.csv', 'text/csv', { user: 'refused', retention: 'forever' });
    expect(badRetention.status).toBe(400);
    expect(badRetention.body.error.param).toBe('retention');
    expect((await api.get('/v1/files?user=refused')).body.data).toEqual([]);
  });

  it('turns every row of a CSV larger than an in-memory table into a reading', async () => {
    const lines = ['Date,Test,Result,Unit'];
    for (let i = 0; i < 20_050; i++)
      lines.push(`2025-01-${String((i % 28) + 1).padStart(2, '0')},Glucose,${80 + (i % 40)},mg/dL`);
    const res = await upload(Buffer.from(lines.join('\n')), 'many.csv', 'text/csv', { user: 'many-rows' });
    expect(res.status).toBe(200);
    await h.runtime.drainQueues();
    const file = (await api.get('/v1/files?user=many-rows')).body.data[0];
    expect(file).toMatchObject({ status: 'processed', records: 20_050 });
    // Past the offset bound, the rest is read by cursor: every row once.
    let seen = 0;
    let cursor = '';
    for (;;) {
      const page = await api.get(`/v1/data?user=many-rows&limit=1000${cursor}`);
      seen += page.body.data.length;
      if (!page.body.has_more) break;
      cursor = `&cursor=${page.body.next_cursor}`;
    }
    expect(seen).toBe(20_050);
  }, 120_000);

  it('never duplicates rows when an extraction job is delivered twice', async () => {
    const res = await upload(labCsv(), 'twice.csv', 'text/csv', { user: 'twice' });
    await h.runtime.drainQueues();
    const before = (await api.get('/v1/data?user=twice')).body.data;
    const subject = (await h.runtime.services.subjects.find((await accountOf(key))!, 'twice'))!;
    await h.runtime.queue!.send('file-jobs', {
      type: 'extract-files',
      subjectId: subject.subjectId,
      fileKeys: [res.body.id],
    });
    await h.runtime.drainQueues();
    const after = (await api.get('/v1/data?user=twice')).body.data;
    expect(after.map((r: any) => r.id).sort()).toEqual(before.map((r: any) => r.id).sort());
  });
});

/** A CSV of `rows` glucose readings, one per line. */
function glucoseCsv(rows: number): Buffer {
  const lines = ['Date,Test,Result,Unit'];
  for (let i = 0; i < rows; i++)
    lines.push(`2025-01-${String((i % 28) + 1).padStart(2, '0')},Glucose,${80 + (i % 40)},mg/dL`);
  return Buffer.from(lines.join('\n'));
}

/**
 * Makes the row writes of one file fail: `fails(n)` is asked on the n-th slice written from rows whose comment (the
 * file name) is `filename`. Returns the restore function and how many slices were asked about.
 */
function failSlicesOf(filename: string, fails: (n: number) => boolean) {
  const records = h.runtime.services.records;
  const putAll = records.putAll.bind(records);
  const slices = { n: 0 };
  records.putAll = async (subjectId, rows) => {
    if (rows[0]?.comment === filename && fails(++slices.n)) throw new Error('injected storage fault');
    return putAll(subjectId, rows);
  };
  return { slices, restore: () => Reflect.deleteProperty(records, 'putAll') };
}

/** Drains the file queue until `done` holds, through the redeliveries of failed jobs (the retry delay is 50 ms). */
async function drainUntil(done: () => Promise<boolean>) {
  await eventually(
    async () => {
      await h.runtime.drainQueues();
      return done();
    },
    { timeoutMs: 120_000, intervalMs: 50, what: 'the file queue settled' },
  );
}

describe('files that fail or never finish keep no rows', () => {
  it('deletes the slices a large CSV wrote when it fails part-way on its last delivery, and dead-letters the job', async () => {
    const user = 'fails-part-way';
    // Three slices of 1000 rows are written on every delivery, then the fourth fails.
    const { slices, restore } = failSlicesOf('broken.csv', (n) => n % 4 === 0);
    try {
      const res = await upload(glucoseCsv(20_050), 'broken.csv', 'text/csv', { user });
      expect(res.status).toBe(200);
      let seenRows = false;
      await drainUntil(async () => {
        const subject = await h.runtime.services.subjects.find((await accountOf(key))!, user);
        if (subject && (await h.runtime.services.records.count(subject.subjectId, Date.now())) > 0) seenRows = true;
        return (await api.get(`/v1/files/${res.body.id}?user=${user}`)).body.status !== 'processing';
      });
      const max = queueConsumer('extract-files').maxReceiveCount;
      expect(slices.n).toBe(4 * max);
      expect(seenRows).toBe(true);
      const file = (await api.get(`/v1/files/${res.body.id}?user=${user}`)).body;
      expect(file).toMatchObject({ status: 'failed', failure_reason: REPEATED_FAILURE_REASON, records: 0 });
      const rows = await api.get(`/v1/data?user=${user}`);
      expect(rows.body.data).toEqual([]);
      const dead = await h.runtime.queue!.deadLetters('file-jobs');
      expect(dead.some((m) => m.body.includes(res.body.id))).toBe(true);
    } finally {
      restore();
    }
  }, 180_000);

  it('fails a file still processing past its deadline and deletes its rows; fresh and finished files are left alone', async () => {
    const services = h.runtime.services;
    const accountId = (await accountOf(key))!;
    const start = Date.now();
    let now = start;
    const restoreClock = setClock(() => now);
    const lostJob = failSlicesOf('lost.csv', (n) => n >= 3);
    try {
      const finished = await upload(labCsv(), 'done.csv', 'text/csv', { user: 'watch-finished' });
      await h.runtime.drainQueues();
      expect((await api.get(`/v1/files/${finished.body.id}?user=watch-finished`)).body.status).toBe('processed');

      // A job that wrote two slices of 1000 rows and was then killed: nothing marks its file failed.
      const stalled = await services.subjects.findOrCreate(accountId, 'watch-stalled');
      const lostCsv = glucoseCsv(2_500);
      const lost = await storeUpload(services, stalled, csvUpload('lost.csv'), lostCsv, lostCsv.length, {
        queueExtraction: false,
      });
      await expect(processFile(services, stalled.subjectId, lost.fileKey)).rejects.toThrow('injected');
      expect(await services.records.count(stalled.subjectId, now)).toBe(2_000);

      now = start + (PROCESSING_DEADLINE_SECONDS - 600) * 1000;
      await h.runtime.runScheduled('sweep-retention');
      expect((await api.get(`/v1/files/${lost.fileKey}?user=watch-stalled`)).body.status).toBe('processing');
      // A file whose job was lost just now.
      const fresh = await services.subjects.findOrCreate(accountId, 'watch-fresh');
      const young = await storeUpload(services, fresh, csvUpload('young.csv'), labCsv(), labCsv().length, {
        queueExtraction: false,
      });

      now = start + (PROCESSING_DEADLINE_SECONDS + 60) * 1000;
      await h.runtime.runScheduled('sweep-retention');
      expect((await api.get(`/v1/files/${lost.fileKey}?user=watch-stalled`)).body).toMatchObject({
        status: 'failed',
        failure_reason: STALLED_FILE_REASON,
        records: 0,
      });
      expect((await api.get('/v1/data?user=watch-stalled')).body.data).toEqual([]);
      expect(await services.records.count(stalled.subjectId, now)).toBe(0);
      expect((await api.get(`/v1/files/${young.fileKey}?user=watch-fresh`)).body.status).toBe('processing');
      const done = (await api.get(`/v1/files/${finished.body.id}?user=watch-finished`)).body;
      expect(done).toMatchObject({ status: 'processed', records: 4 });
      expect((await api.get('/v1/data?user=watch-finished')).body.data).toHaveLength(4);

      // A job that was still running when the file failed: its later rows go at the second look, and its late
      // redelivery changes nothing.
      lostJob.restore();
      const range = (await services.files.get(stalled.subjectId, lost.fileKey, now))!.recordIds!;
      await writeReadingsToSubject(services, stalled, [lateReading(now)], {
        subjectKey: 'watch-stalled',
        source: 'upload',
        retention: 'permanent',
        sessionId: null,
        fileKey: lost.fileKey,
        reserveIds: async () => range.first,
      });
      expect(await services.records.count(stalled.subjectId, now)).toBe(1);
      expect(await processFile(services, stalled.subjectId, lost.fileKey)).toBeNull();
      now += (FAILED_FILE_RECHECK_SECONDS + 60) * 1000;
      await h.runtime.runScheduled('sweep-retention');
      expect(await services.records.count(stalled.subjectId, now)).toBe(0);
      expect((await api.get(`/v1/files/${lost.fileKey}?user=watch-stalled`)).body.status).toBe('failed');

      // The young file's own deadline: failed in its turn.
      now = start + 2 * PROCESSING_DEADLINE_SECONDS * 1000;
      await h.runtime.runScheduled('sweep-retention');
      expect((await api.get(`/v1/files/${young.fileKey}?user=watch-fresh`)).body.status).toBe('failed');
      expect((await api.get(`/v1/files/${finished.body.id}?user=watch-finished`)).body.status).toBe('processed');
    } finally {
      lostJob.restore();
      restoreClock();
    }
  }, 120_000);
});

function csvUpload(filename: string) {
  return { filename, contentType: 'text/csv', retention: 'permanent' as const, sessionId: null };
}

function lateReading(now: number) {
  return {
    input: { indicator: 'Glucose', value: '91', unit: 'mg/dL' },
    time: new Date(now).toISOString(),
    endTime: null,
    comment: 'lost.csv',
  };
}

describe('GET and DELETE /v1/files/{file_key}', () => {
  it('is gone from every read at once after delete, 404 for another Subject or a second delete, bytes purged', async () => {
    const res = await upload(labCsv(), 'gone.csv', 'text/csv', { user: 'deleter' });
    await h.runtime.drainQueues();
    const id = res.body.id;
    const other = client(h.url, (await h.newAccount('other')).key);
    expect((await other.get(`/v1/files/${id}?user=deleter`)).status).toBe(404);
    expect((await other.delete(`/v1/files/${id}?user=deleter`)).status).toBe(404);
    expect((await api.get(`/v1/files/${id}?user=someone-else`)).status).toBe(404);

    const del = await api.delete(`/v1/files/${id}?user=deleter`);
    expect(del.body).toEqual({ object: 'file', id, deleted: true, subject: 'deleter' });
    expect((await api.get(`/v1/files/${id}?user=deleter`)).status).toBe(404);
    expect((await api.get('/v1/files?user=deleter')).body.data).toEqual([]);
    expect((await api.delete(`/v1/files/${id}?user=deleter`)).status).toBe(404);
    await h.runtime.drainQueues();
    const subject = (await h.runtime.services.subjects.find((await accountOf(key))!, 'deleter'))!;
    expect(await h.runtime.services.blobs.size(objectKey(subject.subjectId, id))).toBeNull();
    expect(await h.runtime.services.blobs.size(textKey(subject.subjectId, id))).toBeNull();
  });
});

describe('file retention and erasure', () => {
  it('hides a time-bounded file at expiry and the sweeper purges its bytes', async () => {
    const start = Date.now();
    let now = start;
    const restore = setClock(() => now);
    try {
      const res = await upload(labCsv(), 'short.csv', 'text/csv', { user: 'ttl-files', retention: '1h' });
      await h.runtime.drainQueues();
      expect((await api.get('/v1/files?user=ttl-files')).body.data).toHaveLength(1);
      now = start + 3_601_000;
      expect((await api.get('/v1/files?user=ttl-files')).body.data).toEqual([]);
      expect((await api.get(`/v1/files/${res.body.id}?user=ttl-files`)).status).toBe(404);
      expect((await api.get('/v1/data?user=ttl-files')).body.data).toEqual([]);
      await h.runtime.runScheduled('sweep-retention');
      const subject = (await h.runtime.services.subjects.find((await accountOf(key))!, 'ttl-files'))!;
      expect(await h.runtime.services.blobs.size(objectKey(subject.subjectId, res.body.id))).toBeNull();
    } finally {
      restore();
    }
  });

  it('removes session files with the session and counts them', async () => {
    await upload(labCsv(), 's.csv', 'text/csv', { user: 'sess-files', retention: 'session', session_id: 'sf-1' });
    await upload(labCsv(), 'p.csv', 'text/csv', { user: 'sess-files' });
    await h.runtime.drainQueues();
    const res = await api.delete('/v1/sessions/sf-1?user=sess-files');
    // Four rows from the session file, the file itself, and the session row.
    expect(res.body.deleted).toBe(6);
    const left = (await api.get('/v1/files?user=sess-files')).body.data;
    expect(left.map((f: any) => f.filename)).toEqual(['p.csv']);
  });

  it('erases every file of a Subject at once and purges its objects', async () => {
    const res = await upload(labCsv(), 'mine.csv', 'text/csv', { user: 'erased-files' });
    await h.runtime.drainQueues();
    const subject = (await h.runtime.services.subjects.find((await accountOf(key))!, 'erased-files'))!;
    const erase = await api.delete('/v1/subjects/erased-files');
    expect(erase.body.deleted).toMatchObject({ files: 1, records: 4 });
    expect((await api.get('/v1/files?user=erased-files')).body.data).toEqual([]);
    await h.runtime.drainQueues();
    expect(await h.runtime.services.blobs.size(objectKey(subject.subjectId, res.body.id))).toBeNull();
  });
});

async function accountOf(secret: string): Promise<string | undefined> {
  const { hashSecret } = await import('../../shared/domain/api-keys');
  return (await h.runtime.services.accounts.findApiKeyByHash(hashSecret(secret)))?.accountId;
}

describe('presigned uploads (POST /v1/files/uploads)', () => {
  async function presign(body: Record<string, unknown>) {
    return api.post('/v1/files/uploads', body);
  }
  async function postToBucket(url: string, fields: Record<string, string>, data: Buffer, name: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([data]), name);
    return fetch(url, { method: 'POST', body: form });
  }

  it('lets a client upload straight to the bucket; the object becomes the Subject file and is extracted', async () => {
    const pdf = await textPdf();
    const ticket = await presign({
      user: 'presigned',
      filename: 'big-report.pdf',
      content_type: 'application/pdf',
      bytes: pdf.length,
    });
    expect(ticket.status).toBe(200);
    expect(ticket.body).toMatchObject({ object: 'file.upload', max_bytes: pdf.length, subject: 'presigned' });
    const stored = await postToBucket(ticket.body.url, ticket.body.fields, pdf, 'big-report.pdf');
    expect(stored.status).toBeLessThan(300);
    // The bucket's notification reaches the queue a moment after the POST answers, as S3's does.
    const file = await eventually(
      async () => {
        await h.runtime.drainQueues();
        const got = await api.get(`/v1/files/${ticket.body.id}?user=presigned`);
        return got.status === 200 && got.body.status === 'processed' && got;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: 'the presigned upload processed' },
    );
    expect(file.body).toMatchObject({
      id: ticket.body.id,
      filename: 'big-report.pdf',
      bytes: pdf.length,
      status: 'processed',
    });
    expect((await api.get('/v1/data?user=presigned')).body.data.some((r: any) => r.loinc_code === '2345-7')).toBe(true);
  });

  it('refuses an announced size over 100 MB, and drops an object larger than announced', async () => {
    const huge = await presign({ filename: 'huge.pdf', bytes: 100 * 1024 * 1024 + 1 });
    expect(huge.status).toBe(413);
    expect(huge.body.error.param).toBe('bytes');
    const ticket = await presign({ user: 'liar', filename: 'small.csv', content_type: 'text/csv', bytes: 10 });
    // s3rver does not enforce the policy's content-length-range as S3 does; the finalize step still refuses it.
    expect((await postToBucket(ticket.body.url, ticket.body.fields, labCsv(), 'small.csv')).status).toBeLessThan(300);
    // The bucket's notification reaches the queue a moment after the POST answers: once it has been handled, the
    // oversized object is gone from the bucket.
    const incoming: string = ticket.body.fields.key;
    await eventually(
      async () => {
        await h.runtime.drainQueues();
        return (await h.runtime.services.blobs.size(incoming)) === null;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: 'the oversized presigned object dropped' },
    );
    expect((await api.get('/v1/files?user=liar')).body.data).toEqual([]);
    expect(await h.runtime.queue!.deadLetters('uploads')).toEqual([]);
    const missing = await presign({ user: 'liar' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('filename');
  });
});

describe('POST /v1/files above the Lambda body limit, on the local runtime', () => {
  it('streams a large file into the bucket and answers like any upload', async () => {
    const data = Buffer.concat([labTxt(), Buffer.from('Follow-up notes: walked daily, slept well.\n'.repeat(170_000))]);
    expect(data.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await upload(data, 'seven-mb.txt', 'text/plain', { user: 'large-direct', retention: '1d' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'file',
      filename: 'seven-mb.txt',
      bytes: data.length,
      subject: 'large-direct',
    });
    await h.runtime.drainQueues();
    expect((await api.get(`/v1/files/${res.body.id}?user=large-direct`)).body.status).toBe('processed');
    const listed = (await api.get('/v1/files?user=large-direct')).body.data;
    expect(listed[0]).toMatchObject({ id: res.body.id, retention: '1d' });
    const refused = await upload(
      Buffer.concat([Buffer.from([0x4d, 0x5a, 0, 0]), Buffer.alloc(7 * 1024 * 1024)]),
      'big.exe',
      'application/octet-stream',
      { user: 'large-direct' },
    );
    expect(refused.status).toBe(415);
    const unauthorized = await upload(data, 'x.txt', 'text/plain', {}, `hds_live_${'z'.repeat(40)}`);
    expect(unauthorized.status).toBe(401);
  }, 120_000);
});
