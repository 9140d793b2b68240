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

export function filesSection(files: readonly ClinicalRecordFile[], truncated: boolean): string[] {
  if (files.length === 0) return ['I found no clinical record files in your account.'];
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
