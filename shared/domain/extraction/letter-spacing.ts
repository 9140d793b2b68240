/**
 * Fax and OCR spacing damage outside numbers: a word printed or scanned with a space between its letters
 * (`T E S T`, `W B C`), a unit broken around its slash (`mg / dL`, `K / uL`) and a date too (`03 / 17 / 2026`). A fax header line and a row's
 * unit cell come through this way, so the header is not recognised and the unit is not read. Repaired with the
 * line's width kept (the removed spaces move to the end of the repaired word), so columns still meet the header.
 * Only capitals are joined: `a b c` in prose is more likely a list than a broken word.
 */
import { SPACED_SLASH_DATE } from './dates';
import { looksLikeUnit } from './measurement';

/**
 * Three to twenty single capitals, one space apart, standing alone: `T E S T`, `W B C`, `R E F`. A longer run is no
 * word (and joining it would hand the readers one huge token).
 */
const SPACED_CAPITALS = /(?<![\p{L}\d] ?)\p{Lu}(?: \p{Lu}){2,19}(?! ?[\p{L}\d])/gu;
/**
 * A unit with spaces round its slash: `mg / dL`, `K / uL`, `mIU / L`, `x10^9 / L`. Short on both sides, and per a
 * volume, mass, time or field, so that a ratio of names (`CHOLESTEROL / HDL`) stays apart.
 */
const SPACED_SLASH =
  /(?<![^\s])([\p{L}µ%][\p{L}µ\d^*]{0,4}|x?10\^?\d+) \/ ((?:[dcmuµnp]?[Ll]|kg|g|min|h|hr|d|[mµu]?mol|HPF|LPF))(?![^\s])/gu;

function padded(joined: string, width: number): string {
  return joined.padEnd(width, ' ');
}

/** The line with letter-spaced capitals and slash-spaced units joined, same width; other text unchanged. */
export function repairLetterSpacing(text: string): string {
  if (!/\p{Lu} \p{Lu} \p{Lu}| \/ /u.test(text)) return text;
  return text
    .replace(SPACED_SLASH_DATE, (spaced: string, a: string, b: string, c: string) =>
      padded(`${a}/${b}/${c}`, spaced.length),
    )
    .replace(SPACED_CAPITALS, (spaced: string) => padded(spaced.replace(/ /g, ''), spaced.length))
    .replace(SPACED_SLASH, (spaced: string, over: string, under: string) => {
      const unit = `${over}/${under}`;
      return looksLikeUnit(unit) ? padded(unit, spaced.length) : spaced;
    });
}
