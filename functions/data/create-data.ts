import { nowMs } from '../../shared/clock';
import { parseDocumented } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { requireObject } from '../../shared/http/validation';
import { writeReadings } from '../../shared/services/record-writer';
import { httpRoute } from '../routes';
import { CreateDataBodySchema } from './create-data.schema';
import { readingsToStore, recordInputsOf } from './record-batch';

/** POST /v1/data: a batch of structured readings, all stored or none. */
export const handler = apiKeyRoute(
  httpRoute('create-data'),
  {},
  async ({ req, json, services, tenancy }) => {
    const body = requireObject(json());
    const { subjectKey, inputs, retention, sessionId } = parseDocumented(CreateDataBodySchema, body, () => ({
      subjectKey: subjectKeyOf(req, body),
      inputs: recordInputsOf(body),
      ...retentionParams(body),
    }));
    const { subject, records: stored } = await writeReadings(
      services,
      tenancy,
      readingsToStore(inputs, new Date(nowMs()).toISOString()),
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
  },
  { idempotent: {} },
);
