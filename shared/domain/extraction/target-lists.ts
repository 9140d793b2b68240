/**
 * Targets a report lists under a caption that says so, after its results:
 *
 *   Lipid targets for treated patients (2021 CCS Guidelines):
 *     LDL Cholesterol       < 2.0 mmol/L
 *     Non-HDL Cholesterol   < 2.6 mmol/L
 *
 * or on the caption's own line (`Lipid targets per 2021 CCS Guidelines: LDL-C <2.0 mmol/L or non-HDL-C <2.6 mmol/L`).
 * The rows are shaped like readings, but a bound under a targets caption is the target: a measured result is a
 * number. Only bounds and bands are turned away (a plain number under the caption is left to the other rules), and
 * only on the caption's line or on lines indented under it, to the paragraph's end.
 */

/** A caption before its colon naming targets, goals or guidelines, in the languages the extractor reads. */
const TARGETS_CAPTION =
  /^[^:]{0,80}\b(?:targets?|goals?|guidelines?|objectifs?|cibles?|zielwerte?|objetivos?|obiettivi|streefwaarden)\b[^:]{0,60}:/i;
/** A bound or a band: `< 2.0`, `>=1.0`, `20-29`. */
const BOUND_OR_BAND = /^\s*(?:[<>≤≥]|\d+(?:[.,]\d+)?\s*[-–]\s*\d)/u;

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

export class TargetLists {
  /** The caption's indent while its list is open (the caption ended its line), else null. */
  private listIndent: number | null = null;
  /** Where the values after the caption's colon start on the caption's own line, else -1. */
  private afterCaption = -1;

  /** Reads a line (a blank one included) for a targets caption or the end of its list. */
  see(text: string): void {
    this.afterCaption = -1;
    if (text.trim() === '') {
      this.listIndent = null;
      return;
    }
    if (this.listIndent !== null && indentOf(text) <= this.listIndent) this.listIndent = null;
    const caption = TARGETS_CAPTION.exec(text);
    if (!caption) return;
    if (text.trim().endsWith(':')) this.listIndent = indentOf(text);
    else this.afterCaption = caption[0].length;
  }

  /** Whether a value read on the current line at `column` is a listed target rather than a result. */
  holds(value: string, column: number): boolean {
    if (!BOUND_OR_BAND.test(value)) return false;
    if (this.listIndent !== null) return true;
    return this.afterCaption >= 0 && column >= this.afterCaption;
  }
}
