/**
 * Patient-portal result pages copied from the browser (Epic MyChart, Cerner HealtheLife, FollowMyHealth) stack each
 * result's fields on lines of their own. The newer pages print the range before the value, with the range bar's two
 * end labels under it:
 *
 *   Sodium                                  Sodium
 *   Normal range: 136 - 145 mmol/L          Value
 *   136                               →     141 mmol/L
 *   145                                     Normal range: 136 - 145 mmol/L
 *   Value                                   High
 *   141
 *   High
 *
 * Read as written the bar labels (`136`, `145`) look like values and the range line comes before any reading it could
 * complete. This pass rewrites each such block into the value-first stacked shape the reader already knows (right):
 * the bar labels are dropped — a bare number equal to a bound of the range just above is the bar, never a reading —
 * and the range line is moved under the value. The portal writes the unit once, with the range; the value line is
 * given it, since that is the unit the value is in. The rewritten lines take line numbers from the block's own, in
 * order, chosen so that the value sits within the reader's stacking distance of its name and of a flag line below.
 */
import type { SourceLine } from './lines';
import { FLAG_CELL, looksLikeUnit, parseMeasurement, parseRangeText } from './measurement';

/** `Normal range: 136 - 145 mmol/L`, `Standard range: >60`, `Reference range:`, `Rango normal:`, `Intervalo normal:`. */
const RANGE_CAPTION =
  /^(?:(?:normal|standard|reference)\s+(?:range|interval|values?)|(?:rango|intervalo|valores?)\s+(?:normal(?:es)?|de\s+referencia))\s*:\s*(.+)$/i;
/** The caption a portal prints over the value: `Value`, `Your value`, `Result`, `Valor`, `Su valor`, `Resultado`. */
const VALUE_CAPTION = /^(?:your\s+)?(?:value|result)$|^(?:su\s+)?(?:valor|resultado)$/i;
/** A bare value, with a comparator and a unit perhaps (`141`, `<0.5`, `6.8 %`). */
const BARE_VALUE = /^([<>≤≥]=?\s*)?\d+(?:[.,]\d+)?(?:\s+(\S.*))?$/;
/** A range bar end label: a bare number. */
const BAR_LABEL = /^\d+(?:[.,]\d+)?$/;
/** A range bar has two end labels. */
const MAX_BAR_LABELS = 2;

/** The range text after a portal's range caption in any of its languages (`Rango normal: <200 mg/dL` → `<200 mg/dL`). */
export function portalRangeText(line: string): string | null {
  return RANGE_CAPTION.exec(line.trim())?.[1] ?? null;
}

/** The numbers a range text is bounded by (`136 - 145` → 136, 145; `>60` → 60). */
function bounds(range: string): number[] {
  return (range.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')));
}

interface RangeFirstBlock {
  /** Lines the block spans after the name line (range line to value line). */
  length: number;
  rangeLine: string;
  valueLine: string;
  /** The `Value` caption over the value, when the page prints one. */
  captionLine: string | null;
}

/** A range a urinalysis page states in words (`Normal value: Yellow`, `Normal value: None seen`). */
const WORDED_RANGE = /^\p{L}+(?:\s\p{L}+){0,2}$/u;

/** The range of a range caption's text: a numeric range, or the words a qualitative result is expected to read. */
function rangeOf(text: string): { range: string; unit: string | null } | null {
  const trimmed = text.trim();
  return parseRangeText(trimmed) ?? (WORDED_RANGE.test(trimmed) ? { range: trimmed, unit: null } : null);
}

/**
 * A result under a `Value` caption that is no bare number: a result word or a grade (`Cloudy`, `Trace`, `1+`, `Many`)
 * or a microscopy count span (`25-50 /HPF`). Only under the caption, which says the line is the value; a word the
 * extractor does not know as a result (`Sodium`) is the next test's name.
 */
function captionedResult(value: string): boolean {
  if (FLAG_CELL.test(value) || RANGE_CAPTION.test(value)) return false;
  const read = parseMeasurement(value, 0, { resultCell: true });
  return read !== null && read.rest === '';
}

/**
 * The block starting at a range line, when a bare value follows it, under a `Value` caption or straight after the
 * range (a page with no caption prints the value with its unit: `Normal range: 4.0 - 10.5 K/uL` / `11.8 K/uL`).
 * Bar labels may come between.
 */
function blockAt(lines: readonly SourceLine[], at: number): RangeFirstBlock | null {
  const rangeLine = (lines[at] as SourceLine).text.trim();
  const caption = RANGE_CAPTION.exec(rangeLine);
  if (!caption) return null;
  const range = rangeOf(caption[1] as string);
  if (!range) return null;
  const ends = bounds(range.range);
  let next = at + 1;
  while (next < lines.length && next - at <= MAX_BAR_LABELS) {
    const text = (lines[next] as SourceLine).text.trim();
    if (!BAR_LABEL.test(text) || !ends.includes(Number(text.replace(',', '.')))) break;
    next++;
  }
  const captionLine = lines[next]?.text.trim() ?? '';
  const captioned = VALUE_CAPTION.test(captionLine);
  // Without a caption the line above the range must be the name, not a value the range follows (value-first pages).
  const above = lines[at - 1]?.text.trim() ?? '';
  if (!captioned && (BARE_VALUE.test(above) || !/\p{L}/u.test(above))) return null;
  const value = lines[captioned ? next + 1 : next]?.text.trim() ?? '';
  const length = (captioned ? next + 2 : next + 1) - at;
  // What follows the value must not say it was something else: a range caption makes it the next test's name, and a
  // caption or another number after a caption-less one makes it a stray number (the value is further down).
  const after = lines[at + length]?.text.trim() ?? '';
  if (RANGE_CAPTION.test(after)) return null;
  if (!captioned && (VALUE_CAPTION.test(after) || BARE_VALUE.test(after))) return null;
  const bare = BARE_VALUE.exec(value);
  if (!bare) {
    if (!captioned || !captionedResult(value)) return null;
    // The caption and the range are the evidence the word is a result; the range goes with it on its line.
    return { length, rangeLine, valueLine: `${value} (${range.range})`, captionLine };
  }
  const written = bare[2];
  if (written !== undefined && !looksLikeUnit(written)) return null;
  const valueLine = written === undefined && range.unit !== null ? `${value} ${range.unit}` : value;
  return { length, rangeLine, valueLine, captionLine: captioned ? captionLine : null };
}

/** The lines with every range-first portal block rewritten value-first (see the module comment). */
export function valueFirstPortalBlocks(lines: readonly SourceLine[]): SourceLine[] {
  if (!lines.some((line) => RANGE_CAPTION.test(line.text.trim()))) return [...lines];
  const out: SourceLine[] = [];
  let i = 0;
  while (i < lines.length) {
    const block = i > 0 ? blockAt(lines, i) : null;
    if (!block) {
      out.push(lines[i] as SourceLine);
      i++;
      continue;
    }
    // The value keeps within the stacking distance of both the name above and a flag line below the block.
    const slots = lines.slice(i, i + block.length).map((line) => line.index);
    if (block.captionLine !== null) out.push({ index: slots[0] as number, text: block.captionLine });
    const valueSlot = block.captionLine !== null ? Math.max(1, block.length - 3) : Math.max(0, block.length - 3);
    out.push({ index: slots[valueSlot] as number, text: block.valueLine });
    out.push({ index: slots[block.length - 1] as number, text: block.rangeLine });
    i += block.length;
  }
  return out;
}
