import type { CorpusConcept } from './corpus';

/**
 * `Hématocrite (Ht)`, `Hematocrit (Ht)`: a report writes its own short form of the name in brackets, and the short
 * form alone happens to be another kind of test's name (`Ht` is height, a body measurement). Such a bracket repeats
 * the name; it does not contradict it. Read so only when the bracket is a short capitalised form whose letters run in
 * order through the name as written (Latin letters only), starting with its first letter, and when the bracket's concepts are
 * all of another category than the name's (a vital sign beside a laboratory test): two laboratory tests that disagree
 * (`Triglycerides (TG)` where TG is also thyroglobulin) stay the conflict `commonGroup` resolves or refuses.
 */
const SHORT_FORM = /^[A-Z][A-Za-z]{1,3}$/;

function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether the letters of `short` run in order through `name`, the first at the name's start. */
function runsThrough(short: string, name: string): boolean {
  if (!name.startsWith(short.charAt(0))) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = name.indexOf(letter, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}

export function bracketRepeatsName(
  bracket: string,
  writtenName: string,
  named: readonly CorpusConcept[],
  bracketNames: readonly CorpusConcept[],
): boolean {
  const short = bracket.trim();
  const name = folded(writtenName.trim());
  if (!SHORT_FORM.test(short) || !/^[a-z][a-z\s-]*$/.test(name) || named.length === 0) return false;
  const categories = new Set(named.map((c) => c.category));
  if (bracketNames.some((c) => categories.has(c.category))) return false;
  return runsThrough(folded(short), name);
}
