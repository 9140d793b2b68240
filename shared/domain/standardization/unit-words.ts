/**
 * Vendor field names often end in the unit they are reported in (`weightInGrams`, `restingHeartRateInBeatsPerMinute`,
 * `hrv_rmssd_milli`, `activeKilocalories`): the unit is the reading's, not part of the test's name. These are the
 * unit words such names end in, as normalised tokens, longest first.
 */
const TRAILING_UNIT_WORDS: readonly (readonly string[])[] = [
  ['beats', 'per', 'minute'],
  ['breaths', 'per', 'minute'],
  ['per', 'minute'],
  ['mm', 'hg'],
  ['grams'],
  ['gram'],
  ['kilograms'],
  ['kilogram'],
  ['kg'],
  ['milligrams'],
  ['pounds'],
  ['lbs'],
  ['milli'],
  ['millis'],
  ['milliseconds'],
  ['ms'],
  ['seconds'],
  ['secs'],
  ['minutes'],
  ['mins'],
  ['bpm'],
  ['meters'],
  ['metres'],
  ['centimeters'],
  ['centimetres'],
  ['cm'],
  ['millimeters'],
  ['celsius'],
  ['fahrenheit'],
  ['liters'],
  ['litres'],
  ['mmhg'],
];

/** Energy units that name what is counted (`activeKilocalories` is active calories), not a unit annotation. */
const ENERGY_WORDS: ReadonlyMap<string, string> = new Map([
  ['kilocalories', 'calories'],
  ['kcal', 'calories'],
  ['kcals', 'calories'],
]);

/** `x 1000`, `x10 9`, `x 10^3`: a multiplier written after a count's name belongs to its unit (`K/uL`). */
function withoutFactor(tokens: string[]): string[] {
  const n = tokens.length;
  if (n >= 3 && tokens[n - 2] === 'x' && /^10+$|^10\d$/.test(tokens[n - 1] as string)) return tokens.slice(0, n - 2);
  if (n >= 4 && tokens[n - 3] === 'x' && tokens[n - 2] === '10' && /^\d$/.test(tokens[n - 1] as string)) {
    return tokens.slice(0, n - 3);
  }
  if (n >= 3 && /^x10+$/.test(tokens[n - 2] as string) && /^\d$/.test(tokens[n - 1] as string))
    return tokens.slice(0, n - 2);
  if (n >= 2 && /^x10+$/.test(tokens[n - 1] as string)) return tokens.slice(0, n - 1);
  return tokens;
}

/**
 * The normalised key without the unit words or multiplier it ends in, with energy units read as calories; null when nothing
 * changed or nothing would be left.
 */
export function withoutUnitWords(normalized: string): string | null {
  let tokens = withoutFactor(normalized.split(' ').map((t) => ENERGY_WORDS.get(t) ?? t));
  let changed = tokens.join(' ') !== normalized;
  for (const words of TRAILING_UNIT_WORDS) {
    if (tokens.length <= words.length) continue;
    const tail = tokens.slice(tokens.length - words.length);
    if (tail.every((t, i) => t === words[i])) {
      tokens = tokens.slice(0, tokens.length - words.length);
      changed = true;
      break;
    }
  }
  return changed ? tokens.join(' ') : null;
}
