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
  /** MSH-2's second character (`~`): a field's repetitions; a reading takes the first. */
  repetition: string | null;
  /** MSH-2's third character (`\`): `\S\` and the like stand for a separator inside a value. */
  escape: string | null;
  subcomponent: string | null;
}

// Indentation before MSH, not blank lines: `\s*` would rescan every blank line after each line break (quadratic in a
// document of blank lines); the line break just before MSH starts the same segment.
const MSH = /(?:^|[\r\n])[^\S\r\n]*MSH([^\w\s])([^\w\s]{1,4})/;

function separators(text: string): { separators: Separators; start: number } | null {
  const match = MSH.exec(text);
  if (!match || match[1] === undefined || match[2] === undefined) return null;
  const encoding = match[2];
  const component = encoding.charAt(0);
  if (component === match[1]) return null;
  const optional = (i: number) => encoding.charAt(i) || null;
  return {
    separators: {
      field: match[1],
      component,
      repetition: optional(1),
      escape: optional(2),
      subcomponent: optional(3),
    },
    start: match.index,
  };
}

/** HL7's escape sequences for its own separators (`\F\`, `\S\`, `\T\`, `\R\`, `\E\`) back to the characters. */
function unescaped(value: string, seps: Separators): string {
  const { escape: escapeChar } = seps;
  if (!escapeChar || !value.includes(escapeChar)) return value;
  const meaning: Record<string, string | null> = {
    F: seps.field,
    S: seps.component,
    T: seps.subcomponent,
    R: seps.repetition,
    E: escapeChar,
  };
  const e = escapeChar.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return value.replace(new RegExp(`${e}([FSTRE])${e}`, 'g'), (whole, code: string) => meaning[code] ?? whole);
}

/** `20260302` / `202603021415` / `20260302141500+0100` → ISO 8601; anything else → null. */
export function isoDate(value: string | undefined): string | null {
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

/** Observation names that caption free text rather than a measured result. */
const COMMENT_NAME =
  /^(?:comments?|notes?|remarks?|annotations?|interpretation|narrative|footnotes?|disclaimer|kommentar|bemerkung|comentarios?|commentaires?|nota|note)\b/i;
/** A text observation's name ending in a comment's caption: `Annotation comment`, `Result remarks` (a `… note` may name a result). */
const TEXT_COMMENT_NAME = /\b(?:comments?|remarks?|annotations?|footnotes?|kommentar|bemerkung)$/i;
/** Words enough for a sentence: a textual result (`Negative`, `Pale yellow`, `Few bacteria seen`) is shorter. */
const SENTENCE_WORDS = 5;

/**
 * An OBX that carries a comment, not a result: named `Comment` (LOINC 8251-1 and the like), or a text value (TX, FT,
 * ST) that is a sentence (`Mild leukopenia and thrombocytopenia; suggest repeat CBC in 2-4 weeks.`).
 */
function isCommentObservation(type: string, indicator: string, value: string): boolean {
  if (COMMENT_NAME.test(indicator.trim())) return true;
  if (type !== 'TX' && type !== 'FT' && type !== 'ST') return false;
  // A text OBX whose name ends in a comment's caption (`Annotation comment`, LOINC 48767-8; `Lab remark`) is one.
  if (TEXT_COMMENT_NAME.test(indicator.trim())) return true;
  return value.split(/\s+/, SENTENCE_WORDS + 1).length > SENTENCE_WORDS;
}

function orNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The readings of the OBX segments of an HL7 v2 message in `text`, or null when the text holds no MSH segment. */
export function readHl7Observations(text: string): ExtractedReading[] | null {
  const found = separators(text);
  if (!found) return null;
  const seps = found.separators;
  const { field, component } = seps;
  // The first repetition of a field, its components split before escapes are decoded (a decoded `^` is text).
  const parts = (value: string | undefined) => {
    const first = seps.repetition ? (value ?? '').split(seps.repetition)[0]! : (value ?? '');
    return first.split(component).map((c) => unescaped(c, seps));
  };
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
    const [identifier = '', name = ''] = parts(fields[3]);
    const indicator = (name.trim() || identifier).trim();
    const value = observationValue(fields[2]?.trim() ?? '', parts(fields[5]));
    if (indicator === '' || value === '') continue;
    if (isCommentObservation(fields[2]?.trim() ?? '', indicator, value)) continue;
    readings.push({
      indicator,
      value,
      unit: orNull(parts(fields[6])[0]),
      referenceRange: orNull(parts(fields[7]).join(component)),
      flag: orNull(parts(fields[8])[0]),
      measuredAt: isoDate(fields[14]) ?? requestDate,
    });
  }
  return readings;
}
