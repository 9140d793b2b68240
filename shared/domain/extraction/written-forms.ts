/**
 * Fields as the report wrote them. `lines.ts` reads full-width forms (`ＡＳＴ（ＧＯＴ）`, `Ｕ／Ｌ`, `～３０`, `Ｈ`) and
 * CJK squared units (`㎎/㎗`) as their ASCII equivalents so that every reader understands them; a reading's name,
 * value, unit, range and flag are then given back in the characters of the source line. A field is looked up in the
 * line's plain reading; a field not found there as one piece (a name joined from two lines) stays as read.
 */

/** The same blocks `lines.ts` reads as ASCII: full-width forms and the squared unit signs. */
const COMPATIBILITY_FORM = /[\uff01-\uff60\uffe0-\uffe6\u3380-\u33ff]/;

export interface WrittenLine {
  /** The line with each compatibility form read as ASCII (one entry per source character). */
  plain: string;
  /** For each plain character, the source character it came from (its start offset in the source line). */
  from: number[];
  source: string;
}

/** The plain reading of a source line with its way back, or null when the line has no compatibility form. */
export function writtenLine(source: string): WrittenLine | null {
  if (!COMPATIBILITY_FORM.test(source)) return null;
  let plain = '';
  const from: number[] = [];
  let offset = 0;
  for (const character of source) {
    const read = COMPATIBILITY_FORM.test(character)
      ? character.normalize('NFKC').replace(/\u03bc/g, '\u00b5')
      : character === '\u3000'
        ? ' '
        : character;
    for (let k = 0; k < read.length; k++) from.push(offset);
    plain += read;
    offset += character.length;
  }
  return { plain, from, source };
}

/**
 * The field as the source line wrote it, looked up from a plain offset (a flag after its value, not the `Ｈ` of
 * `ＨｂＡ１ｃ`), else from the line start; the field itself when not found. `end` is where it ends in the plain line.
 */
export function asWritten(line: WrittenLine, field: string, after = 0): { text: string; end: number } | null {
  if (field === '') return null;
  let at = line.plain.indexOf(field, after);
  if (at < 0) at = line.plain.indexOf(field);
  if (at < 0) return null;
  const start = line.from[at] as number;
  const lastFrom = line.from[at + field.length - 1] as number;
  const lastCharacter = String.fromCodePoint(line.source.codePointAt(lastFrom) as number);
  return { text: line.source.slice(start, lastFrom + lastCharacter.length), end: at + field.length };
}

interface WrittenFields {
  indicator: string;
  value: string;
  unit: string | null;
  referenceRange: string | null;
  flag: string | null;
}

/** A reading's fields given back in the characters of its source line (see the module comment). Mutates it. */
export function restoreWrittenForms(reading: WrittenFields, line: WrittenLine | null): void {
  if (line === null) return;
  const name = asWritten(line, reading.indicator);
  if (name) reading.indicator = name.text;
  const value = asWritten(line, reading.value, name?.end ?? 0);
  if (value) reading.value = value.text;
  const fieldsFrom = value?.end ?? name?.end ?? 0;
  for (const key of ['unit', 'referenceRange', 'flag'] as const) {
    const field = reading[key];
    if (field === null) continue;
    const written = asWritten(line, field, fieldsFrom);
    if (written) reading[key] = written.text;
  }
}
