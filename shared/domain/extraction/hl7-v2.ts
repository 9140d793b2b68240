/**
 * HL7 v2 result messages (ORU^R01) pasted as text: each OBX segment is one reading. Read by field position rather
 * than by the line reader, because an OBX line is `|`-packed and its columns are defined by the standard, not by a
 * header. Dependency-free: only the separators declared in MSH-1/MSH-2 are honoured, so a message that redefines
 * them (`MSH#$%...`) still reads.
 */
import type { ExtractedReading } from './types';

interface Separators {
  field: string;
  component: string;
}

const MSH = /(?:^|[\r\n])\s*MSH([^\w\s])([^\w\s]{1,4})/;

function separators(text: string): { separators: Separators; start: number } | null {
  const match = MSH.exec(text);
  if (!match || match[1] === undefined || match[2] === undefined) return null;
  const component = match[2].charAt(0);
  if (component === match[1]) return null;
  return { separators: { field: match[1], component }, start: match.index };
}

/** `20260302` / `202603021415` / `20260302141500+0100` → ISO 8601; anything else → null. */
function isoDate(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?/.exec(value?.trim() ?? '');
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  return m[4] && m[5] ? `${date}T${m[4]}:${m[5]}:${m[6] ?? '00'}` : date;
}

/** An SN value (`<^5`, `^5`, `1^:^2`, `2^-^8`) as a person would write it. */
function structuredNumeric(components: string[]): string {
  const [comparator = '', first = '', separator = '', second = ''] = components;
  return `${comparator === '=' ? '' : comparator}${first}${separator}${second}`.trim();
}

/** OBX-5 by its OBX-2 type: SN spelled out, a coded value (CE/CWE) by its text, anything else as written. */
function observationValue(type: string, components: string[]): string {
  if (type === 'SN') return structuredNumeric(components);
  if ((type === 'CE' || type === 'CWE') && components[1]?.trim()) return components[1].trim();
  return (components[0] ?? '').trim();
}

function orNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The readings of the OBX segments of an HL7 v2 message in `text`, or null when the text holds no MSH segment. */
export function readHl7Observations(text: string): ExtractedReading[] | null {
  const found = separators(text);
  if (!found) return null;
  const { field, component } = found.separators;
  const segments = text
    .slice(found.start)
    .split(/[\r\n]+/)
    .map((segment) => segment.trim());
  const readings: ExtractedReading[] = [];
  let requestDate: string | null = null;
  for (const segment of segments) {
    const fields = segment.split(field);
    if (fields[0] === 'OBR') requestDate = isoDate(fields[7]) ?? requestDate;
    if (fields[0] !== 'OBX') continue;
    const [identifier = '', name = ''] = (fields[3] ?? '').split(component);
    const indicator = (name.trim() || identifier).trim();
    const value = observationValue(fields[2]?.trim() ?? '', (fields[5] ?? '').split(component));
    if (indicator === '' || value === '') continue;
    readings.push({
      indicator,
      value,
      unit: orNull((fields[6] ?? '').split(component)[0]),
      referenceRange: orNull(fields[7]),
      flag: orNull(fields[8]?.split(component)[0]),
      measuredAt: isoDate(fields[14]) ?? requestDate,
    });
  }
  return readings;
}
