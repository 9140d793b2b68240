import type { Subject } from '../../ports/subject-directory';
import type { Services } from '../container';
import { writeReadingsToSubject } from '../record-writer';
import type { KeyedReading } from './registry';

/**
 * Pulse readings into the Subject, permanent (engine writes, mcp-and-api-v1 §9.9), written by the `api` channel
 * (design §4.1). Interim until the keyed upsert lands (design §10): written as plain rows, so a re-run of a step adds
 * copies; replaced by `writeKeyedReadings` at the merge.
 */
export async function writePulseReadings(services: Services, subject: Subject, keyed: KeyedReading[]): Promise<number> {
  if (keyed.length === 0) return 0;
  const rows = await writeReadingsToSubject(
    services,
    subject,
    keyed.map((k) => k.reading),
    { subjectKey: subject.key, source: 'api', retention: 'permanent', sessionId: null },
  );
  return rows.length;
}
