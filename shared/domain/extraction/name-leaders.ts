/**
 * The leaders a name ends with before its value: a colon, an equals sign, an underline or bar (`Glucose:`,
 * `Sodium ____`), dots or dashes after a space (`Potassium .....`, `HbA1c -`), a run of dots (`Ferritin....`) and
 * trailing spaces, in any mix (`Glucose ...... :`).
 *
 * Read backwards from the end of the name, one character at a time: the same text as a regex anchored at `$` is tried
 * from every position, so a name followed by a long blank stretch (a line padded to a thousand spaces) was rescanned
 * from each space, and a tail of many leaders was searched once per leader.
 */

const SPACE = /\s/;
/** Ends a caption by itself, with any spaces before it. */
const CAPTION_MARK = /[:=_…·|]/;
/** Dots and dashes are leaders only after a space (`HbA1c -`), or dots two or more (`Ferritin..`): `Vit.` keeps its dot. */
const DASH_OR_DOT = /[.\-–—]/;
const DOT = /\./;

/** Where the run of characters matching `kind` that ends at `end` starts. */
function runStart(text: string, end: number, kind: RegExp): number {
  let i = end;
  while (i > 0 && kind.test(text.charAt(i - 1))) i--;
  return i;
}

/** Where the longest leader at the end of `name` starts (one leader: spaces, a caption mark, dots or dashes), or -1. */
function leaderStart(name: string): number {
  const end = name.length;
  const last = name.charAt(end - 1);
  if (last === '') return -1;
  if (SPACE.test(last)) return runStart(name, end, SPACE);
  if (CAPTION_MARK.test(last)) return runStart(name, end - 1, SPACE);
  if (!DASH_OR_DOT.test(last)) return -1;
  const dashes = runStart(name, end, DASH_OR_DOT);
  const spaces = runStart(name, dashes, SPACE);
  if (spaces < dashes) return spaces;
  const dots = runStart(name, end, DOT);
  return end - dots >= 2 ? dots : -1;
}

/** The name without the leaders it ends with (`Glucose ...... :` → `Glucose`). */
export function withoutLeaderTail(name: string): string {
  let rest = name;
  for (let start = leaderStart(rest); start >= 0; start = leaderStart(rest)) {
    const mark = CAPTION_MARK.test(rest.charAt(rest.length - 1));
    rest = rest.slice(0, start);
    // A name that fills its leader column keeps one dot before the colon (`Células epiteliais.:` under
    // `Leucócitos.........:`); an abbreviation's dot (`Vit.:`, `Creat.:`) follows a short word.
    if (mark && LONG_WORD_DOT.test(rest)) rest = rest.slice(0, -1);
  }
  return rest;
}

/** A word of seven letters or more, then one dot, at the end. */
const LONG_WORD_DOT = /(?<![\p{L}.])\p{L}{7,}\.$/u;
