import { nowMs } from '../../shared/clock';
import { parseDocumented } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { parseWith, requireObject } from '../../shared/http/validation';
import { writeReadings } from '../../shared/services/record-writer';
import { httpRoute } from '../routes';
import { CreateDataBodySchema, CreateDataSchema, RecordInputSchema } from './create-data.schema';

/** POST /v1/data: a batch of structured readings, all stored or none. */
export const handler = apiKeyRoute(httpRoute('create-data'), {}, async ({ req, json, services, tenancy }) => {
  const body = requireObject(json());
  const { subjectKey, inputs, retention, sessionId } = parseDocumented(CreateDataBodySchema, body, () => {
    const subjectKey = subjectKeyOf(req, body);
    const { records } = parseWith(CreateDataSchema, body);
    const inputs = records.map((r, i) => parseWith(RecordInputSchema, r, `records[${i}]`));
    return { subjectKey, inputs, ...retentionParams(body) };
  });
  const writtenAt = new Date(nowMs()).toISOString();
  const { subject, records: stored } = await writeReadings(
    services,
    tenancy,
    inputs.map((r) => ({
      input: { indicator: r.indicator, value: r.value, unit: r.unit, referenceRange: r.reference_range, flag: r.flag },
      time: r.time ?? r.measured_at ?? r.start_time ?? writtenAt,
      endTime: r.end_time ?? null,
      comment: r.source ?? '',
    })),
    { subjectKey, source: 'api', retention, sessionId },
  );
  return {
    body: {
      status: 'ok',
      ingested: stored.length,
      standardized: stored.filter((r) => r.loincCode !== null).length,
      subject: subject.key,
    },
  };
});
