/**
 * A field line of a captioned block: patient portals and laboratories print each test as a name line followed by
 * lines led by a caption (MyQuest `Your Value  104 mg/dL  High` / `Standard Range  65-99 mg/dL`, e-Nabız `Sonuç:
 * 1,87 uIU/mL`, `Wynik: 5,2`, `Valori di riferimento  70 - 110`). The caption is the same word a table prints over
 * the column (`vocabulary.ts`), so one vocabulary serves table headers and line captions in every language; a colon
 * or a gap of two spaces or a tab parts it from its field. A caption is never a test name: without this the line
 * reads as a reading named `Your`.
 */
import { type ColumnRole, headerRole } from './vocabulary';

/** The caption of a colon field (`Resultado: 104 mg/dL`, `Valor de referência.....: 70 a 99`). */
const COLON_FIELD = /^([^:\d]{2,40}?)[\s.]*:\s*(.+)$/;
/** A caption parted from its field by a gap (`Your Value  104 mg/dL`, `Standard Range\t65-99`). */
const GAPPED_FIELD = /^(\p{L}[\p{L}\p{M} .'’/-]{0,38}?)(?: {2,}|\t)\s*(\S.*)$/u;

/** The roles a gapped caption may have: a name caption (`Test  Glucose`) leads a header or a form line instead. */
const FIELD_ROLES: ReadonlySet<ColumnRole> = new Set(['value', 'range', 'unit', 'flag', 'previous', 'date']);

export interface CaptionedField {
  role: ColumnRole;
  /** The caption as printed. */
  caption: string;
  field: string;
}

/**
 * The caption and field of a gapped field line, or null. The field must not open with another caption: a line of
 * captions (`Result   Units   Reference Range`) is a table header.
 */
export function gappedField(text: string): CaptionedField | null {
  const trimmed = text.trim();
  if (trimmed.length > 160 || !/ {2}|\t/.test(trimmed)) return null;
  const m = GAPPED_FIELD.exec(trimmed);
  if (!m) return null;
  const caption = (m[1] as string).trim();
  const role = headerRole(caption);
  if (role === null || !FIELD_ROLES.has(role)) return null;
  const field = (m[2] as string).trim();
  const firstCell = field.split(/ {2,}|\t/)[0] as string;
  if (headerRole(firstCell) !== null) return null;
  return { role, caption, field };
}

/** The caption and field of a colon field line (the caption need not be known: callers ask its role). */
export function colonField(text: string): { caption: string; field: string } | null {
  const m = COLON_FIELD.exec(text.trim());
  return m ? { caption: m[1] as string, field: (m[2] as string).trim() } : null;
}
