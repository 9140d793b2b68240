import type { ClinicalRecordFile, FamilyMember } from '../../../domain/agent/tool-results';
import type { ToolOutcome } from './conversation';
import { displayDate, plural, withUnit } from './format';
import type { OfferedTools } from './plan';
import type { QuestionAnalysis } from './question';

/** The parts of an answer that are not about readings: the care circle, the files, a reading just recorded. */

export function familySection(members: readonly FamilyMember[]): string[] {
  if (members.length === 0) return ['Your care circle has no family members yet.'];
  return [
    `Your care circle has ${plural(members.length, 'member')}:\n${members
      .map((m) => {
        const own = m.has_records ? ' (has their own records in HDS)' : '';
        const notes = m.notes.trim() ? `: ${m.notes.trim()}` : '';
        return `- **${m.name}** — ${m.relationship}${own}${notes}`;
      })
      .join('\n')}`,
  ];
}

function fileDate(createdAt: number): string {
  const ms = createdAt < 1e12 ? createdAt * 1000 : createdAt;
  return displayDate(new Date(ms).toISOString());
}

export function filesSection(files: readonly ClinicalRecordFile[], truncated: boolean, latestOnly = false): string[] {
  if (files.length === 0) return ['I found no clinical record files in your account.'];
  if (latestOnly) return latestFileSection(files);
  const lines = files.map((f) => {
    const abstract = f.abstract.trim().replace(/\s+/g, ' ');
    const shortAbstract = abstract.length > 200 ? `${abstract.slice(0, 197)}…` : abstract;
    return (
      `- **${f.filename}** (${f.file_type}, ${f.status}, uploaded ${fileDate(f.created_at)}): ` +
      `${plural(f.readings, 'reading')} extracted${shortAbstract ? `. ${shortAbstract}` : '.'}`
    );
  });
  return [
    `You have ${plural(files.length, 'clinical record file')}${truncated ? ' (the list is cut short)' : ''}:\n${lines.join('\n')}`,
  ];
}

/** Characters of a file's parsed text quoted when the question is about that one file. */
const EXCERPT_CHARS = 400;

/**
 * The newest file alone, as "summarize my latest lab report" asks: what was read from it (its abstract names the
 * readings outside their reference range) and how its text begins, with the others only counted.
 */
function latestFileSection(files: readonly ClinicalRecordFile[]): string[] {
  const latest = files.reduce((a, b) => (b.created_at > a.created_at ? b : a));
  const abstract = latest.abstract.trim().replace(/\s+/g, ' ');
  const excerpt = latest.excerpt.trim().replace(/\s+/g, ' ');
  const quoted = excerpt.length > EXCERPT_CHARS ? `${excerpt.slice(0, EXCERPT_CHARS - 1)}…` : excerpt;
  const others = files.length - 1;
  return [
    `Your latest clinical record file is **${latest.filename}** (${latest.file_type}, ${latest.status}, uploaded ` +
      `${fileDate(latest.created_at)}): ${plural(latest.readings, 'reading')} extracted.` +
      (abstract ? ` ${abstract}` : ''),
    ...(quoted ? [`It begins:\n> ${quoted}`] : []),
    ...(others > 0 ? [`You have ${plural(others, 'other file')}; ask for your files to see them all.`] : []),
  ];
}

export function recordSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], offered: OfferedTools): string[] {
  const write = outcomes.find((o) => o.name === 'write_fhir_observation');
  if (!a.record) {
    return [
      'I couldn\'t find a reading to record in your message. Say it with a value, for example "record my weight 72 kg" or "log blood pressure 120/80 mmHg".',
    ];
  }
  if (!write) {
    return offered.has('write_fhir_observation')
      ? ['Nothing was recorded.']
      : ["I can't record readings in this conversation: the write tool isn't available here."];
  }
  if (!write.ok) return [`I couldn't record that reading: ${write.error}.`];
  if (write.name !== 'write_fhir_observation' || write.value.written.length === 0) return ['Nothing was recorded.'];
  return write.value.written.map(
    (r) =>
      `Recorded **${r.canonical_name ?? r.indicator}**${r.loinc_code ? ` (LOINC ${r.loinc_code})` : ''}: ` +
      `**${withUnit(r.value, r.unit)}** on ${displayDate(r.time)}.`,
  );
}

/** The failure of a listing tool, in words. */
export function listingErrors(outcomes: readonly ToolOutcome[], name: string, what: string): string[] {
  return outcomes.flatMap((o) => (!o.ok && o.name === name ? [`I couldn't list ${what}: ${o.error}.`] : []));
}
