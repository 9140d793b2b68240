import { standardizeReading } from '#standardization';
import { nowMs } from '../clock';
import { readingKey, toolWrittenKeys, turnUserText } from '../domain/agent/consolidation';
import { parseTimestamp } from '../domain/timestamps';
import { log } from '../log';
import type { ConsolidationCounts, StoredResponse } from '../ports/conversation-store';
import { SubjectErasedError } from '../ports/record-store';
import type { Services } from './container';
import { type ReadingToStore, writeReadingsToSubject } from './record-writer';

/** Tag (`comment`) of the rows consolidation writes, beside `source: consolidation`. */
export const JOURNAL_COMMENT = 'journal';

/** The queue message `create-response` sends after storing an agent turn. */
export interface ConsolidationJob {
  type: 'consolidate';
  subjectId: string;
  responseId: string;
}

/**
 * `consolidated` also when an earlier delivery of the job finished the turn (`again`): its stored counts are returned
 * so the caller can announce them, as that delivery may have died before it did.
 */
export type ConsolidationOutcome =
  | { status: 'skipped'; reason: 'gone' | 'done' }
  | ({ status: 'consolidated'; again: boolean } & ConsolidationCounts);

/**
 * Consolidation of one stored agent turn (the journal recipe): what the person said in that turn is read for
 * readings, stored as rows with `source: consolidation` (retention `permanent`: they stay until deleted through
 * `/v1/data`), and for durable memories, stored per Subject under the turn's conversation. Safe to run again: the
 * turn's row ids are reserved on the response once and its memories replace their earlier copy, so a redelivered
 * job rewrites rather than adds; a finished turn is marked and skipped. A response deleted (or a Subject erased)
 * before or while this runs leaves nothing behind that its deletion would have removed.
 */
export async function consolidateResponse(services: Services, job: ConsolidationJob): Promise<ConsolidationOutcome> {
  const response = await services.conversations.get(job.subjectId, job.responseId, nowMs());
  if (response?.mode !== 'agent') return { status: 'skipped', reason: 'gone' };
  if (response.consolidated) {
    return response.consolidation
      ? { status: 'consolidated', again: true, ...response.consolidation }
      : { status: 'skipped', reason: 'done' };
  }
  const text = turnUserText(response.transcript, response.turnStart);
  let records = 0;
  let memories = 0;
  try {
    if (text) {
      const written = await storeReadings(services, response, text);
      if (written === null) return { status: 'skipped', reason: 'gone' };
      records = written;
    }
    const found = text ? await services.model.memoryExtractor.extract(text) : [];
    const source = { conversationId: response.conversationId, responseId: response.id, createdAt: response.createdAt };
    memories = (await services.memories.add(job.subjectId, source, found)).length;
  } catch (err) {
    if (err instanceof SubjectErasedError) return { status: 'skipped', reason: 'gone' };
    throw err;
  }
  const counts: ConsolidationCounts = { records, memories, atMs: nowMs() };
  if (!(await services.conversations.markConsolidated(job.subjectId, job.responseId, counts))) {
    // Deleted while this ran: if that ended its conversation, the memories just stored go the way its others went.
    if (!(await services.conversations.hasLive(job.subjectId, response.conversationId, nowMs()))) {
      await services.memories.retractConversation(job.subjectId, response.conversationId);
    }
    return { status: 'skipped', reason: 'gone' };
  }
  log('info', 'turn consolidated', { subjectId: job.subjectId, records, memories });
  return { status: 'consolidated', again: false, ...counts };
}

/**
 * Readings of the turn's text as rows, leaving out those the turn's own `write_fhir_observation` calls stored.
 * Returns the rows written, or null when the response was deleted before its ids could be reserved.
 */
async function storeReadings(services: Services, response: StoredResponse, text: string): Promise<number | null> {
  const spokenAt = new Date(response.createdAt * 1000).toISOString();
  const alreadyWritten = toolWrittenKeys(response.response.tool_steps);
  const readings: { reading: ReadingToStore; rows: number }[] = [];
  for (const r of await services.model.readingExtractor.extract(text)) {
    const input = {
      indicator: r.indicator,
      value: r.value,
      unit: r.unit,
      referenceRange: r.referenceRange,
      flag: r.flag,
    };
    const time = (r.measuredAt && parseTimestamp(r.measuredAt)) || spokenAt;
    const rows = standardizeReading(input);
    if (rows.length === 0) continue;
    const duplicate = rows.every((s) =>
      alreadyWritten.has(
        readingKey({ loincCode: s.loincCode, indicator: s.indicator, value: s.parsedValue ?? s.value, time }),
      ),
    );
    if (!duplicate)
      readings.push({ reading: { input, time, endTime: null, comment: JOURNAL_COMMENT }, rows: rows.length });
  }
  let total = readings.reduce((n, r) => n + r.rows, 0);
  const { subjectId } = response;
  // Even with nothing to write the reservation is taken (empty): an earlier delivery may have written rows to remove.
  const first = total > 0 ? await services.records.allocateIds(subjectId, total) : 0;
  const range = await services.conversations.reserveConsolidationIds(subjectId, response.id, { first, count: total });
  if (!range) return null;
  // A redelivery keeps the first delivery's range; should the extractor (a model) find more this time, the last
  // readings are left out rather than written over another write's ids.
  while (total > range.count) total -= readings.pop()!.rows;
  const written = await writeReadingsToSubject(
    services,
    { subjectId, accountId: '', key: '', createdAt: '' },
    readings.map((r) => r.reading),
    {
      subjectKey: '',
      source: 'consolidation',
      retention: 'permanent',
      sessionId: null,
      reserveIds: async () => range.first,
    },
  );
  // Fewer rows than an earlier delivery reserved: whatever it wrote past them goes.
  if (written.length < range.count) {
    await services.records.deleteIdRange(subjectId, {
      first: range.first + written.length,
      count: range.count - written.length,
    });
  }
  return written.length;
}
