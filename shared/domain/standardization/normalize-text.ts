/**
 * Words that name the specimen, method or framing of a test rather than the analyte. Dropping them lets
 * "Serum glucose level" and "glucose" meet. Specimens that change the LOINC code (urine, CSF, capillary) are kept.
 */
const NOISE_WORDS = new Set([
  'serum',
  'plasma',
  'blood',
  'bld',
  'ser',
  'plas',
  'serpl',
  'whole',
  'level',
  'levels',
  'value',
  'values',
  'result',
  'results',
  'test',
  'measurement',
  'the',
  'of',
  'in',
  'sanguine',
  'serique',
  'serico',
  'serica',
  'en',
  'sangre',
  'im',
]);

/** Different spellings of one qualifier, so `Neutrophils %` and `neutrophils percent` normalise alike. */
const TOKEN_ALIASES: ReadonlyMap<string, string> = new Map([
  ['percent', 'pct'],
  ['percentage', 'pct'],
  ['absolute', 'abs'],
  ['haemoglobin', 'hemoglobin'],
  ['haematocrit', 'hematocrit'],
]);

/** Scandinavian/German lab prefixes (`S-Kreatinin`, `P-Glukose`) name the specimen, like "serum" above. */
const SPECIMEN_PREFIX = /^[sbp]$/;

/**
 * Normalises an indicator name for lookup: Unicode compatibility forms, accents removed, lower case, camelCase and
 * snake_case split, punctuation to spaces, `%` → `pct`, `#` → `abs`, specimen/method noise words dropped.
 * Deterministic and locale-independent; CJK characters pass through unchanged.
 */
export function normalizeIndicatorText(name: string): string {
  const spaced = name
    .normalize('NFKC')
    .replace(/([a-z]{2,})(?=[A-Z])/g, '$1 ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/%/g, ' pct ')
    .replace(/#/g, ' abs ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  const tokens: string[] = [];
  const raw = spaced.split(' ').filter(Boolean);
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] as string;
    if (NOISE_WORDS.has(token)) continue;
    if (tokens.length === 0 && SPECIMEN_PREFIX.test(token) && i < raw.length - 1) continue;
    tokens.push(TOKEN_ALIASES.get(token) ?? token);
  }
  return tokens.join(' ');
}

/** Word order rarely changes meaning in test names ("glucose fasting" = "fasting glucose"), so a sorted key too. */
export function sortedTokenKey(normalized: string): string {
  return normalized.split(' ').sort().join(' ');
}

/** Character trigrams of a normalised name, padded so word starts and ends count. */
export function trigrams(normalized: string): string[] {
  const padded = ` ${normalized} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return [...grams];
}
