import { nowMs } from '../../shared/clock';
import { toWire } from '../../shared/domain/records';
import { parseDocumented } from '../../shared/http/documented';
import { userRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { ownSubjectKey } from '../../shared/http/tenancy';
import { requireObject } from '../../shared/http/validation';
import { writeReadings } from '../../shared/services/record-writer';
import { readingsToStore, recordInputsOf } from '../data/record-batch';
import { httpRoute } from '../routes';
import { CreateEngineHealthDataBodySchema } from './create-engine-health-data.schema';

/** POST /api/v1/data/health/data: readings into the user's own data through `POST /v1/data`'s writer, all or none. */
export const handler = userRoute(httpRoute('create-engine-health-data'), {}, async ({ json, services, tenancy }) => {
  const body = requireObject(json());
  const { subjectKey, inputs, retention, sessionId } = parseDocumented(CreateEngineHealthDataBodySchema, body, () => ({
    subjectKey: ownSubjectKey(body.user),
    inputs: recordInputsOf(body),
    ...retentionParams(body, { required: false, fallback: 'permanent' }),
  }));
  const { records } = await writeReadings(services, tenancy, readingsToStore(inputs, new Date(nowMs()).toISOString()), {
    subjectKey,
    source: 'api',
    retention,
    sessionId,
  });
  return {
    body: {
      written: records.length,
      standardized: records.filter((r) => r.loincCode !== null).length,
      records: records.map(toWire),
    },
  };
});
