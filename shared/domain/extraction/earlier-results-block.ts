/**
 * A block of earlier results under its own caption, as Brazilian and Portuguese laudos print them below the current
 * value, its range and its method, often four lines down or more:
 *
 *   `Resultados anteriores:` / `12/03/2025 .........:   3,91 ng/mL` / `18/02/2024 .........:   3,12 ng/mL`
 *
 * The caption (`Resultado anterior`, `Valores anteriores`, `Previous results`, `Vorwerte`, `Résultats antérieurs`)
 * opens the block; each line under it holding one date and one value is an earlier reading of the test the block
 * follows, dated by its own date. The first line that is neither ends the block. The current reading keeps its date.
 */
import { valueAndDate } from './cumulative';
import type { SlashOrder } from './dates';
import type { Measurement } from './measurement';

const CAPTION =
  /^\s*(?:resultados?\s+anteriore?s?|valor(?:es)?\s+anteriore?s?|previous\s+(?:results?|values?)|prior\s+results?|earlier\s+results?|vorwerte?|fr[üu]here\s+(?:werte|ergebnisse)|r[ée]sultats?\s+ant[ée]rieurs?|valeurs?\s+ant[ée]rieures?|risultati\s+precedenti|valori\s+precedenti)\s*:?\s*$/i;

/** Dot leaders between a date and its value (`12/03/2025 .........:   3,91 ng/mL`) join them, as a colon would. */
const DOT_LEADER = /\s*(?:\.\s?){2,}\s*:?/g;

/** A line that opens a block of earlier results. */
export function isEarlierResultsCaption(text: string): boolean {
  return text.length <= 60 && CAPTION.test(text);
}

/** A line of the block: one date and one value (`02/09/2025  -  104 mg/dL`), or null. */
export function earlierResultInBlock(
  text: string,
  order: SlashOrder,
): { measurement: Measurement; date: string } | null {
  if (text.length > 100) return null;
  return valueAndDate(text.replace(DOT_LEADER, ' : '), order);
}
