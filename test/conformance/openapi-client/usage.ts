/**
 * A client of HDS generated from its OpenAPI document alone (openapi-typescript types + openapi-fetch), as a partner
 * would write it. `test/conformance/openapi-client.test.ts` generates `test/generated/hds-api.d.ts` from the running
 * document, typechecks this file against it, then runs it. It is outside the root typecheck because the generated
 * file does not exist on a fresh clone.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/hds-api';

export async function writeAndRead(baseUrl: string, key: string, user: string) {
  const hds = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  const written = await hds.POST('/v1/data', {
    body: {
      user,
      retention: 'permanent',
      records: [
        { indicator: 'Glucose', value: 5.4, unit: 'mmol/L', time: '2026-06-16T07:30:00Z' },
        { indicator: 'Heart rate', value: 72, unit: 'bpm', time: '2026-06-16T07:31:00Z' },
      ],
    },
  });
  if (!written.data) throw new Error(`POST /v1/data failed: ${JSON.stringify(written.error)}`);
  const read = await hds.GET('/v1/data', { params: { query: { user, limit: 10 } } });
  if (!read.data) throw new Error(`GET /v1/data failed: ${JSON.stringify(read.error)}`);
  const ingested: number = written.data.ingested;
  const readings: { indicator: string; loinc: string | null }[] = read.data.data.map((r) => ({
    indicator: r.indicator,
    loinc: r.loinc_code,
  }));
  return { ingested, subject: read.data.subject, readings };
}

/** Never run: proves the generated types refuse what the document refuses (tsc fails if these compile). */
export function refusedByTheTypes(hds: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error records must be an array of readings
  void hds.POST('/v1/data', { body: { retention: 'permanent', records: 'glucose 5.4' } });
  // @ts-expect-error retention is one of the documented grains
  void hds.POST('/v1/data', { body: { retention: 'forever', records: [{ indicator: 'Glucose', value: 5 }] } });
  // @ts-expect-error no such path
  void hds.GET('/v1/nothing-here');
}
