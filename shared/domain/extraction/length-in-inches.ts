/**
 * `Height ........ 71 in`, `Waist circumference: 38 in.`: after a body length, `in` ending the line is inches, the
 * unit US exam forms print. Elsewhere `in` is the preposition (`62 in the morning`, a line wrapped mid-sentence), so
 * the word is a unit only after a length's name and with nothing after it.
 */

/** Names of body lengths: height, stature, waist/hip/neck/chest/head circumference, length (a baby's). */
const LENGTH_NAME =
  /^(?:(?:body\s+|standing\s+|birth\s+)?(?:height|stature|length)|(?:waist|hip|neck|chest|head|abdominal|mid-?upper\s+arm)(?:\s+(?:circumference|girth|size))?|(?:occipitofrontal|head)\s+circumference|ofc|muac)$/i;

/** `in`, `in.`, `inch`, `inches`, `ins` and nothing else. */
const INCHES = /^(?:in\.?|inch(?:es)?|ins)$/i;

/** The unit of a length whose value is followed by `rest`, when that is inches; else null. */
export function inchesAfterLength(name: string, rest: string): string | null {
  const word = rest.trim();
  if (word.length > 6 || !INCHES.test(word) || !LENGTH_NAME.test(name.trim())) return null;
  return word.replace(/\.$/, '');
}
