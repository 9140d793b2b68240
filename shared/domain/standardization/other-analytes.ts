/**
 * Substances a slip away from a test the corpus holds, which are tests (or substances) of their own: `Inulin` is the
 * clearance marker, not `Insulin` mistyped; `Lectin` is not `Leptin`, `Nitrate` not `Nitrite`, `Androsterone` not
 * `Aldosterone`. The corpus does not carry them, so the slip stages (respelling, retrieval) would read them as the
 * nearer corpus word and file the value in another test's series. A name that writes one gives null instead.
 *
 * Found, not guessed: every word here is a real analyte, drug or substance name that `respellingsOf` (`respell.ts`)
 * turns into a different corpus word (some 600 laboratory substance names were run through it in session 19), and
 * the Spanish, French and German spellings that slip the same way; plurals and variants of the same substance
 * (`cannabinoid`, `calcifediol`, `aluminium`) were left out, as their respelling is right.
 */
const OTHER_ANALYTES: ReadonlySet<string> = new Set([
  'inulin', // insulin
  'inulina',
  'inuline',
  'lectin', // leptin
  'lectins',
  'lectina',
  'lectine',
  'lektin',
  'lektine',
  'rennin', // renin
  'amylose', // amylase
  'dioxin', // digoxin
  'dioxins',
  'heparan', // heparin
  'androsterone', // aldosterone
  'streptomycin', // streptolysin
  'nitrate', // nitrite
  'nitrates',
  'nitrat',
  'nitrato',
  'cholestanol', // cholesterol
  'relaxin', // relaxing
  'insulinase', // insulina
  'insulinoma',
  'estrane', // estrone
  'glutaric', // glutamic
  'thyronine', // thyroxine
  'prothrombinase', // prothrombine
  'lactase', // lactate
  'lactasa',
  'laktase',
  'acylcarnitine', // acetylcarnitine
  'acylcarnitines',
  // Substances the corpus keeps null in English (`creatine`, `cortisone`, `homocystine`: ambiguousTerms), written in
  // German or Spanish: `Kreatin` is creatine, a slip from `Kreatinin`. Listed here rather than as ambiguous names so
  // that a slip of the test itself (`Kreatinn`) still reads as the test.
  'kreatin',
  'creatin',
  'kortison',
  'homocistina',
]);

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Whether the name writes a substance the corpus lacks but a slip would read as another test (`Inulin clearance`). */
export function writesOtherAnalyte(name: string): boolean {
  for (const word of name.match(/\p{L}+/gu) ?? []) {
    if (word.length >= 5 && OTHER_ANALYTES.has(fold(word))) return true;
  }
  return false;
}

/** The words themselves, so the respelling stage knows them as spelled right. */
export function otherAnalyteWords(): Iterable<string> {
  return OTHER_ANALYTES;
}

/**
 * Substances the corpus keeps null as ambiguous names (`albumen`, `creatine`, `cortisone`, `homocystine`) with the
 * units a laboratory reports them in. A slip as near to one of them as to a corpus test (`Albumn`: albumin or albumen)
 * is the test only when the unit is one the rival is never reported in: albumen (egg white) is an allergen, reported
 * as specific IgE, never in g/dL. Creatine, cortisone and homocystine share their test's units, so their slips stay
 * unread. A rival missing here is taken to accept any unit.
 */
const RIVAL_UNITS: ReadonlyMap<string, readonly string[]> = new Map([
  ['albumen', ['k[IU]/L', "k[arb'U]/L", "[arb'U]/mL", '{class}']],
  ['creatine', ['mg/dL', 'umol/L', 'mmol/L', 'mg/L', 'mg/(24.h)', 'mmol/(24.h)']],
  ['cortisone', ['ug/dL', 'nmol/L', 'ng/mL', 'ug/L', 'ug/(24.h)']],
  ['homocystine', ['umol/L', 'mg/dL', 'nmol/mL']],
]);

/** Whether a name kept null may still be what a slip with this unit meant (true when its units are not known). */
export function rivalTakesUnit(key: string, unit: string | null): boolean {
  const units = RIVAL_UNITS.get(key);
  return units === undefined || unit === null || units.includes(unit);
}
