import { describe, expect, it } from 'vitest';
import { queueConsumer, scheduledJobs } from '../../../functions/routes';
import {
  FAILED_FILE_RECHECK_SECONDS,
  fileOfObjectKey,
  newFileKey,
  OCR_DEADLINE_SECONDS,
  objectKey,
  PROCESSING_DEADLINE_SECONDS,
  textKey,
} from '../../../shared/domain/files';

describe('object keys', () => {
  it('finds the file an object key names, for any file key minted', () => {
    const subjectId = 'sbj_0c4e2f8a9b1d4e6f8a0b2c4d6e8f0a1b';
    for (const name of ['scan.pdf', 'Befund März 2024.pdf', 'a/b\\c.tiff', '']) {
      const fileKey = newFileKey(name, Date.UTC(2026, 10, 21));
      expect(fileOfObjectKey(objectKey(subjectId, fileKey))).toEqual({ subjectId, fileKey });
    }
  });

  it('names no file for keys outside the files of a Subject', () => {
    expect(fileOfObjectKey('incoming/8169eba65009c924fd1d331c173a5168')).toBeNull();
    expect(fileOfObjectKey(textKey('sbj_1', 'uploads/2026/11/21/ab/scan.pdf'))).toBeNull();
    expect(fileOfObjectKey('subjects//files/uploads/x.pdf')).toBeNull();
    expect(fileOfObjectKey('subjects/sbj_1/files/')).toBeNull();
  });
});

describe('processing deadlines', () => {
  const extract = queueConsumer('extract-files');
  const collect = queueConsumer('collect-ocr');

  it('outlast every delivery of a job, so the watchdog never fails a file its queue still retries', () => {
    // The last delivery starts after every earlier one's invisibility ran out, and runs up to the function's timeout.
    const lastDeliveryEnds = (c: typeof extract) =>
      (c.maxReceiveCount - 1) * c.visibilityTimeoutSeconds + (c.needs.timeoutSeconds ?? 900);
    const backlog = 3600;
    expect(PROCESSING_DEADLINE_SECONDS).toBeGreaterThan(lastDeliveryEnds(extract) + backlog);
    // Textract's own queue comes on top of the completion's deliveries.
    expect(OCR_DEADLINE_SECONDS).toBeGreaterThan(PROCESSING_DEADLINE_SECONDS);
    expect(OCR_DEADLINE_SECONDS).toBeGreaterThan(lastDeliveryEnds(collect) + backlog);
  });

  it('look at a failed file again only once every job that was running on it has timed out', () => {
    for (const c of [extract, collect])
      expect(FAILED_FILE_RECHECK_SECONDS).toBeGreaterThan(c.needs.timeoutSeconds ?? 900);
    // The sweeper that meets the watches runs well within the shortest of these bounds.
    const sweep = scheduledJobs.find((j) => j.id === 'sweep-retention')!;
    expect(sweep.everyMinutes * 60).toBeLessThan(FAILED_FILE_RECHECK_SECONDS);
  });
});
