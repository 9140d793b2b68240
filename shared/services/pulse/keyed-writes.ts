import type { Subject } from '../../ports/subject-directory';
import type { Services } from '../container';
import { deleteKeyedReadings, type KeyedReading, writeKeyedReadings } from '../record-writer';

/**
 * Pulse readings into the Subject by natural key (design §10): permanent (engine writes, mcp-and-api-v1 §9.9),
 * written by the `api` channel (§4.1), so a step fetched twice (a redelivery, a replayed webhook) adds nothing.
 */
export async function writePulseReadings(services: Services, subject: Subject, keyed: KeyedReading[]) {
  return writeKeyedReadings(services, subject, keyed, {
    subjectKey: subject.key,
    source: 'api',
    retention: 'permanent',
    sessionId: null,
  });
}

/** The rows of a provider object the provider said was deleted. */
export function deletePulseReadings(services: Services, subject: Subject, keys: string[]): Promise<number> {
  return deleteKeyedReadings(services, subject.subjectId, keys);
}
