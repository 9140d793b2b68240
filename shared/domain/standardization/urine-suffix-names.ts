/**
 * `Créatininurie`, `Creatininuria`, `Creatininúria`, `Uricosuria`, `Natriurèse`: Romance languages name a urine test
 * by the analyte with the suffix `-uria`/`-urie`/`-úria` (or `-urèse`, excretion in urine). The suffix is the
 * specimen, so the word reads as the analyte's English name followed by `urine`, and the unit then picks the
 * concentration or the 24-hour excretion sibling as for any urine name (README *Labelling decisions*, session 24).
 * Without a unit nothing says which of the two a value is: the caller keeps such a name null.
 *
 * Only the stems below are read: the analytes these words are formed from in practice. An unknown stem is left to
 * the other stages (and to `urineWordOnAnotherSpecimen`, which keeps it off a serum code).
 */
const URINE_SUFFIX = /^(\p{L}{3,}?)(?:uria|urie|úria|urìa|urese|urèse|urias|uries|urèses|ureses)$/iu;

/** Stem as the word writes it (accents folded, lower case) → the analyte's English name in the corpus. */
const STEMS: readonly (readonly [RegExp, string])[] = [
  // Portuguese and Spanish reports write `Creatinúria`/`Creatinuria` for the urine creatinine (the creatine itself is
  // no test of a routine report).
  [/^creatin(?:in)?$/, 'creatinine'],
  [/^(?:uric|uricos|urat)$/, 'uric acid'],
  [/^calci$/, 'calcium'],
  [/^(?:natri|sodi)$/, 'sodium'],
  [/^(?:kali|potas|potassi)$/, 'potassium'],
  [/^(?:phosphat|fosfat)$/, 'phosphate'],
  [/^magnes$/, 'magnesium'],
  [/^(?:glycos|glucos|glicos)$/, 'glucose'],
  [/^prote?in$/, 'protein'],
  [/^albumin$/, 'albumin'],
  [/^(?:chlor|clor)$/, 'chloride'],
  [/^oxal$/, 'oxalate'],
  [/^citrat$/, 'citrate'],
];

function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The analyte an `-uria` word names in urine (`Créatininurie` → `creatinine`), or null for any other word. */
export function analyteOfUrineWord(word: string): string | null {
  const match = URINE_SUFFIX.exec(word);
  if (!match?.[1]) return null;
  const stem = folded(match[1]);
  return STEMS.find(([pattern]) => pattern.test(stem))?.[1] ?? null;
}

/** `Natriurèse`, `Kaliurese`: the excretion in urine over a collection, read only in a unit per day. */
const EXCRETION_SUFFIX = /ur[eè]ses?$/iu;

/** A unit per day (`mmol/24 h`, `mg/d`): the 24-hour collection's excretion, not a spot urine's concentration. */
const PER_DAY_UNIT = /\/(?:\(24\.h\)|d)$/;

/**
 * The name read with its `-uria` word as words (`Créatininurie` → `creatinine urine`; in a unit per day
 * `creatinine 24 hour urine`), or null when no word of the name is one. A concentration unit is what a spot urine
 * reports, a per-day unit the timed collection, so the unit says which collection the words name.
 */
export function urineSuffixAsWords(name: string, unit: string): string | null {
  const perDay = PER_DAY_UNIT.test(unit);
  const collection = perDay ? '24 hour urine' : 'urine';
  let found = false;
  const rewritten = name.replace(/\p{L}+/gu, (word) => {
    const analyte = analyteOfUrineWord(word);
    // `Kaliurèse`: -urèse is the excretion, an amount per day; in a concentration unit it names nothing to read.
    if (!analyte || (!perDay && EXCRETION_SUFFIX.test(word))) return word;
    found = true;
    return `${analyte} ${collection}`;
  });
  // `Calciúria de 24 horas`: the collection the unit already wrote, said again in words.
  return found ? (perDay ? rewritten.replace(WRITTEN_COLLECTION, '') : rewritten).trim() : null;
}

/** `de 24 horas`, `di 24 ore`, `des 24 heures`, `24h`: a day's collection written after the `-uria` word. */
const WRITTEN_COLLECTION =
  /\s+(?:(?:de|di|da|das|des|du|em|en|in|delle|della|nelle|\/)\s*)?24\s*(?:h|hs|hrs?|horas?|ore|heures?|Stunden|std\.?)(?![\p{L}\p{N}])/giu;
