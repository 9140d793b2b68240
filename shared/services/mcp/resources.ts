import { FILE_URI_TEMPLATE, fileUri, type HdsResource, SERIES_URI_TEMPLATE, seriesUri } from '../../domain/mcp/uris';
import { AppError } from '../../errors';
import type { Subject } from '../../ports/subject-directory';
import { seriesOverview, seriesReadings } from '../reading-series';
import { fileDetail, fileList } from '../subject-files';
import type { McpCaller } from './caller';

/**
 * A Subject's data as MCP resources (design §3.5): each LOINC-coded series, and each live file. Uncoded series have
 * no stable name and are left to `query_health_data`. Built on the services the console and `/v1` read with.
 */

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: SERIES_URI_TEMPLATE,
    name: 'series',
    title: 'A series of readings by LOINC code',
    description: "The Subject's readings of one LOINC code, newest first (at most 1000), as /v1/data rows",
    mimeType: 'application/json',
  },
  {
    uriTemplate: FILE_URI_TEMPLATE,
    name: 'file',
    title: 'An uploaded file',
    description: "A file's parsed text (what HDS's agent reads); the file key percent-encoded",
    mimeType: 'text/plain',
  },
];

/** Series by name, then files newest first; a Subject that does not exist lists nothing. */
export async function listResources(caller: McpCaller, subject: Subject | null) {
  if (!subject) return [];
  const { services, subjectKey } = caller;
  const [overview, files] = await Promise.all([
    seriesOverview(services, subject, subjectKey, caller.deadlineMs),
    fileList(services, subject, subjectKey),
  ]);
  const series = overview.data
    .flatMap((s) => (s.loinc_code ? [{ ...s, loinc_code: s.loinc_code }] : []))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({
      uri: seriesUri(s.loinc_code),
      name: `loinc:${s.loinc_code}`,
      title: s.name,
      description: `${s.count} reading${s.count === 1 ? '' : 's'}${s.unit ? ` in ${s.unit}` : ''}`,
      mimeType: 'application/json',
    }));
  const fileResources = files.data.map((f) => ({
    uri: fileUri(f.file_key),
    name: f.filename,
    title: `${f.filename} (${f.status})`,
    mimeType: 'text/plain',
  }));
  return [...series, ...fileResources];
}

/** One resource's contents, or null when it names nothing of this Subject (another Subject's file key too). */
export async function readResource(caller: McpCaller, subject: Subject | null, uri: string, resource: HdsResource) {
  if (!subject) return null;
  const { services, subjectKey } = caller;
  if (resource.kind === 'series') {
    const series = await seriesReadings(services, subject, resource.code, caller.deadlineMs);
    return series && { uri, mimeType: 'application/json', text: JSON.stringify(series) };
  }
  const file = await fileDetail(services, subject, subjectKey, resource.fileKey).catch((err: unknown) => {
    if (err instanceof AppError && err.kind === 'not_found') return null;
    throw err;
  });
  return (
    file && {
      uri,
      mimeType: 'text/plain',
      text: file.extracted_text ?? '',
      _meta: { status: file.status, abstract: file.abstract, uploaded_at: file.created_at, readings: file.records },
    }
  );
}
