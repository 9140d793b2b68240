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
import { looksLikeUnit, parseRangeText } from './measurement';

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
  captionLine: string;
}

/** The block starting at a range line, when a caption and a bare value follow it (bar labels only between). */
function blockAt(lines: readonly SourceLine[], at: number): RangeFirstBlock | null {
  const rangeLine = (lines[at] as SourceLine).text.trim();
  const caption = RANGE_CAPTION.exec(rangeLine);
  if (!caption) return null;
  const range = parseRangeText(caption[1] as string);
  if (!range) return null;
  const ends = bounds(range.range);
  let next = at + 1;
  while (next < lines.length && next - at <= MAX_BAR_LABELS) {
    const text = (lines[next] as SourceLine).text.trim();
    if (!BAR_LABEL.test(text) || !ends.includes(Number(text.replace(',', '.')))) break;
    next++;
  }
  const captionLine = lines[next]?.text.trim() ?? '';
  const value = lines[next + 1]?.text.trim() ?? '';
  if (!VALUE_CAPTION.test(captionLine)) return null;
  const bare = BARE_VALUE.exec(value);
  if (!bare) return null;
  const written = bare[2];
  if (written !== undefined && !looksLikeUnit(written)) return null;
  const valueLine = written === undefined && range.unit !== null ? `${value} ${range.unit}` : value;
  return { length: next + 2 - at, rangeLine, valueLine, captionLine };
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
    out.push({ index: slots[0] as number, text: block.captionLine });
    out.push({ index: slots[Math.max(1, block.length - 3)] as number, text: block.valueLine });
    out.push({ index: slots[block.length - 1] as number, text: block.rangeLine });
    i += block.length;
  }
  return out;
}
