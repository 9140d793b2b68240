import { DocumentError } from '../../adapters/documents/errors';
import { type AppleReading, ExportAggregator } from '../../domain/apple-health/aggregation';
import { exportAbstract, exportSummary } from '../../domain/apple-health/summary';
import { objectKey, STALLED_FILE_REASON, type StoredFile, textKey } from '../../domain/files';
import { log } from '../../log';
import type { Subject } from '../../ports/subject-directory';
import type { Services } from '../container';
import { FileProcessingError, failFile } from '../processing-failures';
import { type KeyedReading, writeKeyedReadings } from '../record-writer';
import { parseHealthExport } from './export-parser';
import { openExportXml } from './export-source';

/** Readings per keyed write: the writer's slice. */
const SLICE = 1000;

function toKeyed(r: AppleReading): KeyedReading {
  return {
    key: r.key,
    reading: {
      input: { indicator: r.indicator, value: r.value, unit: r.unit },
      time: r.time,
      endTime: r.endTime,
      comment: r.comment,
    },
  };
}

/**
 * Imports an Apple Health export (export.zip or export.xml) as the Subject's readings (`docs/design/wearables.md` §9):
 * the XML is streamed out of the stored object by ranged reads, parsed without a tree, aggregated per day, and written
 * by natural key, so a newer export adds only what is new and corrects what changed. The rows belong to the Subject
 * (not to the file's id range): deleting the export keeps them, and a failed import keeps the slices it wrote (a
 * retry completes them without copies). The file's text becomes the import's summary.
 */
export async function importAppleHealth(services: Services, file: StoredFile): Promise<StoredFile | null> {
  const { subjectId, fileKey } = file;
  const subject: Subject = { subjectId, accountId: '', key: '', createdAt: '' };
  const options = {
    subjectKey: '',
    source: 'upload' as const,
    retention: file.retention,
    sessionId: file.sessionId,
    fileKey,
  };
  const totals = { added: 0, changed: 0, unchanged: 0 };
  const write = async (readings: AppleReading[]) => {
    const outcome = await writeKeyedReadings(services, subject, readings.map(toKeyed), options);
    totals.added += outcome.added;
    totals.changed += outcome.changed;
    totals.unchanged += outcome.unchanged;
  };
  const aggregator = new ExportAggregator();
  try {
    const xml = await openExportXml(
      services.blobs,
      objectKey(subjectId, fileKey),
      services.config.appleHealthMaxXmlBytes,
    );
    await parseHealthExport(xml, aggregator, write, SLICE);
    let slice: AppleReading[] = [];
    for (const reading of aggregator.finish()) {
      slice.push(reading);
      if (slice.length >= SLICE) {
        await write(slice);
        slice = [];
      }
    }
    if (slice.length > 0) await write(slice);
  } catch (err) {
    if (err instanceof DocumentError) throw new FileProcessingError(err.message);
    throw err;
  }

  const text = exportSummary(aggregator);
  await services.blobs.put(textKey(subjectId, fileKey), Buffer.from(text, 'utf8'), 'text/plain; charset=utf-8');
  const recordCount = [...aggregator.written.values()].reduce((a, b) => a + b, 0);
  const outcome = { textChars: text.length, abstract: exportAbstract(aggregator), recordCount };
  if (!(await services.files.finish(subjectId, fileKey, outcome))) {
    log('warn', 'file no longer processing when its job ended', { subjectId });
    await failFile(services, file, STALLED_FILE_REASON);
    return null;
  }
  log('info', 'apple health export imported', { subjectId, records: recordCount, ...totals });
  return { ...file, ...outcome, status: 'processed' };
}
