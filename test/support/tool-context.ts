import type { HealthRecord } from '../../shared/domain/records';
import { standardizeReading } from '../../shared/domain/standardization';
import type { ToolContext } from '../../shared/services/agent/tools/types';
import type { Harness } from './harness';

/** The context the agent loop would build for (account, Subject key): the Subject resolved as `Tenancy.find` does. */
export async function toolContext(
  h: Harness,
  accountId: string,
  subjectKey: string,
  over: Partial<ToolContext> = {},
): Promise<ToolContext> {
  const services = h.runtime.services;
  const subject = await services.subjects.find(accountId, subjectKey);
  return {
    services,
    accountId,
    subjectKey,
    subjectId: subject?.subjectId ?? null,
    nowMs: Date.now(),
    sessionId: null,
    ephemeral: [],
    writeRetention: 'permanent',
    ...over,
  };
}

/** An inline reading (`retention: none`) as the request would carry it: standardized, never stored. */
export function inlineReading(
  id: number,
  input: { indicator: string; value: string | number; unit?: string; referenceRange?: string },
  time: string,
): HealthRecord {
  const s = standardizeReading(input)[0]!;
  return {
    id,
    subjectId: 'inline',
    indicator: s.indicator,
    value: s.value,
    parsedValue: s.parsedValue,
    parsedUnit: s.parsedUnit,
    loincCode: s.loincCode,
    canonicalName: s.canonicalName,
    fhirResourceId: `inline-${id}`,
    time,
    endTime: null,
    source: 'api',
    comment: '',
    referenceLow: s.referenceLow,
    referenceHigh: s.referenceHigh,
    referenceText: s.referenceText,
    abnormal: s.abnormal,
    sessionId: null,
    fileKey: null,
    retention: 'permanent',
    expiresAt: null,
    createdAt: time,
    fhir: {},
  };
}
