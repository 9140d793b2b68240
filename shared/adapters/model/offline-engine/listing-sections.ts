import type { ClinicalRecordFile, FamilyMember } from '../../../domain/agent/tool-results';
import type { ToolOutcome } from './conversation';
import { withUnit } from './format';
import type { FileLine, Messages } from './messages/types';
import type { OfferedTools } from './plan';
import type { QuestionAnalysis } from './question';

/** The parts of an answer that are not about readings: the care circle, the files, a reading just recorded. */

export function familySection(members: readonly FamilyMember[], m: Messages): string[] {
  if (members.length === 0) return [m.noFamily];
  const lines = members.map((member) =>
    m.familyMember({
      name: member.name,
      relationship: member.relationship,
      hasRecords: member.has_records,
      notes: member.notes.trim(),
    }),
  );
  return [`${m.familyHeading(members.length)}\n${lines.join('\n')}`];
}

function fileLine(f: ClinicalRecordFile, abstract: string, m: Messages): FileLine {
  const ms = f.created_at < 1e12 ? f.created_at * 1000 : f.created_at;
  return {
    filename: f.filename,
    type: f.file_type,
    status: f.status,
    date: m.date(new Date(ms).toISOString()),
    readings: f.readings,
    abstract,
  };
}

export function filesSection(
  files: readonly ClinicalRecordFile[],
  truncated: boolean,
  m: Messages,
  latestOnly = false,
): string[] {
  if (files.length === 0) return [m.noFiles];
  if (latestOnly) return latestFileSection(files, m);
  const lines = files.map((f) => {
    const abstract = f.abstract.trim().replace(/\s+/g, ' ');
    const shortAbstract = abstract.length > 200 ? `${abstract.slice(0, 197)}…` : abstract;
    return m.file(fileLine(f, shortAbstract, m));
  });
  return [`${m.filesHeading(files.length, truncated)}\n${lines.join('\n')}`];
}

/** Characters of a file's parsed text quoted when the question is about that one file. */
const EXCERPT_CHARS = 400;

/**
 * The newest file alone, as "summarize my latest lab report" asks: what was read from it (its abstract names the
 * readings outside their reference range) and how its text begins, with the others only counted.
 */
function latestFileSection(files: readonly ClinicalRecordFile[], m: Messages): string[] {
  const latest = files.reduce((a, b) => (b.created_at > a.created_at ? b : a));
  const abstract = latest.abstract.trim().replace(/\s+/g, ' ');
  const excerpt = latest.excerpt.trim().replace(/\s+/g, ' ');
  const quoted = excerpt.length > EXCERPT_CHARS ? `${excerpt.slice(0, EXCERPT_CHARS - 1)}…` : excerpt;
  const others = files.length - 1;
  return [
    m.latestFile(fileLine(latest, abstract, m)),
    ...(quoted ? [m.fileBegins(quoted)] : []),
    ...(others > 0 ? [m.otherFiles(others)] : []),
  ];
}

export function recordSection(
  a: QuestionAnalysis,
  outcomes: readonly ToolOutcome[],
  offered: OfferedTools,
  m: Messages,
): string[] {
  const write = outcomes.find((o) => o.name === 'write_fhir_observation');
  if (!a.record) return [m.noReadingToRecord];
  if (!write) return [offered.has('write_fhir_observation') ? m.nothingRecorded : m.cannotRecord];
  if (!write.ok) return [m.recordFailed(write.error)];
  if (write.name !== 'write_fhir_observation' || write.value.written.length === 0) return [m.nothingRecorded];
  return write.value.written.map((r) =>
    m.recorded({
      name: r.canonical_name ?? r.indicator,
      loincCode: r.loinc_code,
      value: withUnit(r.value, r.unit, m.unitWords),
      date: m.date(r.time),
    }),
  );
}

/** The failures of a listing tool, each in words. */
export function listingErrors(
  outcomes: readonly ToolOutcome[],
  name: string,
  say: (error: string) => string,
): string[] {
  return outcomes.flatMap((o) => (!o.ok && o.name === name ? [say(o.error)] : []));
}
