import { isCountPerVolume, withoutAbsoluteWord } from './absolute-count';
import { isMassRowBesideUnits } from './ambiguity';
import { glossesConcepts, withoutGloss } from './bilingual-names';
import { bloodGasSymbolName } from './blood-gas-symbols';
import { bloodSuffixAsWords } from './blood-suffix-names';
import { withoutBodySurface } from './body-surface';
import { bracketRepeatsName } from './bracketed-abbreviation';
import { commonGroup, isAbbreviationOf, mixedScriptGroup, refinedGroup, SCRIPT_CONFLICT } from './cjk-abbreviation';
import { foldTraditionalChinese } from './cjk-fold';
import { hanSlipReadings } from './cjk-slips';
import { type CorpusConcept, conceptByCode, corpusIndex, type SynonymGroup, spacelessKey } from './corpus';
import { spelledOutCutWords } from './dotted-abbreviations';
import { englishQualifiers } from './foreign-qualifiers';
import { englishTestWords, urineSuffixReading } from './foreign-words';
import { GFR_AREA_IN_NAME, gfrEquationName } from './gfr-equation';
import { codedElementOf } from './hl7-coded-element';
import { joinedLineBreaks } from './hyphenation';
import { rejoinedSpelling, withLongWordsCut } from './joined-spellings';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { conceptByLongName, unitOfSameKind } from './long-name';
import { conceptByMethod, type MethodAxisName, methodNotedAfterUnit, readMethodAxis } from './method-axis';
import { albuminRatioAsWritten } from './microalbumin-assay';
import {
  analyseIndicatorText,
  normalizeIndicatorText,
  type PropertyHint,
  sortedTokenKey,
  WHOLE_BLOOD,
} from './normalize-text';
import { OCR_CONFIDENCE, ocrConfusionGroup, ocrRepairedKey, repairedName } from './ocr-confusions';
import { rivalTakesUnit, writesOtherAnalyte } from './other-analytes';
import { isPointInTimeVital, withoutStatisticWords } from './period-statistic';
import { agreedResolution, qualifierResolution } from './qualifier-stages';
import { measuresAnAmount, withoutQuantitativeWord } from './quantitative-scale';
import { readsRatioInverted, writesInverseRatio } from './ratio-direction';
import { ratioOfParts } from './ratio-of-parts';
import {
  withInitialSpelledOut,
  withoutAnalyserPrefix,
  withoutExaminationPrefix,
  withoutTotalWord,
  withoutTrailingNote,
  withTrailingSystemAsPrefix,
} from './reading-prefixes';
import { respelledNames } from './respell';
import {
  chooseNeighbour,
  type KeyNeighbour,
  RETRIEVAL_ACCEPT_MIN,
  retrievalConfidence,
  retrieveGroup,
} from './retrieval/retrieve';
import { countSiblingOfShare } from './share-count-sibling';
import { joinedSpacedWords } from './spaced-words';
import { isStripPad, restNamesPad, stripCodeReading } from './strip-analyser-codes';
import {
  axesAnchors,
  componentAnchors,
  conceptOnSystem,
  curatedWithSystem,
  namesDefaultSystem,
  readSystemAxis,
  type SystemAxisName,
  siblingReportedIn,
  systemAgrees,
} from './system-axis';
import { isTraceElementConcentration } from './trace-elements';
import { conceptOnWrittenAxes, readTranslatedLongName, sharePerHundred } from './translated-long-name';
import { isQuotient, withRatioWord } from './two-tests-in-one';
import type { ObservationCategory } from './types';
import { convertValue } from './unit-conversion';
import { firstHourWrittenInName, unitWrittenInName, withoutUnitWords } from './unit-words';
import { normalizeUnit } from './units';
import { isUrineStripTest, presenceOnSameStrip, urinalysisStripReadings } from './urinalysis-strip';
import { urineSuffixAsWords } from './urine-suffix-names';
import { huaweiDataType, jsonPathField, measureTyped, recordFieldOf, samsungTypeField } from './vendor-field-names';

export interface IndicatorResolution {
  loincCode: string | null;
  canonicalName: string | null;
  /** 1 for an exact synonym, slightly less for reordered words or unit-less disambiguation; 0.7–0.95 (the rescaled retrieval score) for a name found by similarity. */
  confidence: number;
  category: ObservationCategory;
}

const SORTED_TOKENS_CONFIDENCE = 0.97;
/** A code chosen by component and written system or method: as sure as its component match, at most this. */
const SYSTEM_AXIS_CONFIDENCE = 0.95;
const UNITLESS_DEFAULT_CONFIDENCE = 0.9;
/** A name read once its slipped words were respelled (`respell.ts`): as sure as retrieval's best, no surer. */
const RESPELLED_CONFIDENCE = 0.9;

/** HealthKit identifiers are a closed vocabulary: one we do not curate is unknown, not a misspelling. */
const HEALTHKIT_IDENTIFIER = /^HK[A-Z][A-Za-z]*Identifier/;

const CACHE_LIMIT = 8192;
const cache = new Map<string, IndicatorResolution>();

const ACTIVITY_UNITS = new Set(['{steps}', '{count}', 'kcal', 'kJ', 'km', 'm', 'h', 'min']);
const VITAL_UNITS = new Set(['/min', 'mm[Hg]', 'Cel', '[degF]', 'kg', '[lb_av]', 'cm', '[in_i]', 'kg/m2']);

/** Category of an unrecognised name, from its unit alone; with no unit the entry is treated as self-reported. */
function fallbackCategory(unit: string | null): ObservationCategory {
  if (unit === null) return 'survey';
  if (ACTIVITY_UNITS.has(unit)) return 'activity';
  if (VITAL_UNITS.has(unit)) return 'vital-signs';
  return 'laboratory';
}

function unresolved(unit: string | null): IndicatorResolution {
  return Object.freeze({ loincCode: null, canonicalName: null, confidence: 0, category: fallbackCategory(unit) });
}

/**
 * UCUM's curly-brace annotations (`mg/g{creat}`, `{beats}/min`) carry no meaning of their own: a unit written without
 * one (`mg/g`) is the annotated unit. A written annotation still has to agree (`ng/mL{FEU}` is not `ng/mL{DDU}`), and
 * a bare annotation (`{score}`) is the whole unit.
 * @see https://ucum.org/ucum#section-Curly-Braces — annotations are ignored in comparison and conversion
 */
function withoutAnnotation(unit: string): string {
  return unit.replace(/\{[^{}]*\}/g, '');
}

/**
 * `TSH` in mU/L, `Insulin` in µU/mL: laboratories write a hormone's international units as plain units (UK and
 * European reports, `mU/L`), where UCUM keeps `U` (µmol/min, enzymes) and `[IU]` apart. A concept reported in the
 * same prefix of international units takes the unit; the scale still has to be the concept's own.
 */
function asInternationalUnits(unit: string): string {
  return unit.replace(/(^|[^A-Za-z[])([munpk]?)U(?![A-Za-z\]])/g, '$1$2[IU]');
}

/**
 * `Anti-SSB/La` in U/mL: an immunoassay's arbitrary units, which reports print as plain units (EliA, ELISA kits) where
 * UCUM writes `[arb'U]`. A concept reported in the same prefix of arbitrary units takes the unit.
 */
function asArbitraryUnits(unit: string): string {
  return unit.replace(/(^|[^A-Za-z[])([munpk]?)U(?![A-Za-z\]])/g, "$1$2[arb'U]");
}

function takesUnitUnannotated(concept: CorpusConcept, unit: string): boolean {
  if (unit.includes('{') || unit === '') return false;
  return concept.units.some((own) => withoutAnnotation(own) === unit);
}

/**
 * `Vancomycin peak` in mg/L where the corpus lists µg/mL, `Cyclosporine` in µg/L beside ng/mL: one quantity written
 * in another unit of the same scale (UCUM converts one to the other by exactly 1). The value files unchanged, so the
 * unit fits; a unit a factor away (mg/dL beside mg/L) is another scale and still does not.
 */
function takesUnitOfSameScale(concept: CorpusConcept, unit: string): boolean {
  // A metal's unit says its specimen (README *Labelling decisions*: aluminium µg/L is a urine report's unit where the
  // serum concept lists ng/mL): only the units the corpus lists fit one.
  if (isTraceElementConcentration(concept)) return false;
  return concept.units.some((own) => isSameScale(unit, own));
}

/** UCUM conversion is slow beside the other stages, and few unit pairs occur: each pair is converted once. */
const sameScalePairs = new Map<string, boolean>();

function isSameScale(unit: string, own: string): boolean {
  // `µg/L FEU` beside `ng/mL{FEU}`: the same annotation on both says the same thing is counted; the units compare.
  const annotation = /\{[^{}]*\}$/.exec(unit)?.[0];
  if (annotation && own.endsWith(annotation) && withoutAnnotation(unit) && withoutAnnotation(own))
    return isSameScale(withoutAnnotation(unit), withoutAnnotation(own));
  // An annotation or a percentage names what is counted, which a factor of 1 does not make the same.
  if (unit.includes('{') || own.includes('{') || unit.includes('%') || own.includes('%')) return false;
  const pair = `${unit}\u0000${own}`;
  let same = sameScalePairs.get(pair);
  if (same === undefined) {
    const factor = convertValue(1, unit, own);
    same = factor !== null && Math.abs(factor - 1) < 1e-9;
    if (sameScalePairs.size >= CACHE_LIMIT) sameScalePairs.clear();
    sameScalePairs.set(pair, same);
  }
  return same;
}

/**
 * `10*4/uL` (Japanese `万/µL`) beside `10*6/uL`: a count per volume in another power of ten is the same count, which
 * UCUM converts by a power of ten; only the sibling counted per volume takes it (never the share in %).
 */
const WRITTEN_POWER_OF_TEN_COUNT = /^10\*\d+\/(?:uL|L|mm3|nL)$/;
const COUNT_PER_VOLUME = /^(?:10\*\d+)?\/(?:uL|L|mm3|nL)$/;

/**
 * The concept of a group that fits the unit. A valid unit that fits no sibling means the reading is something
 * else (HbA1c in mmol/mol is the IFCC code, not the NGSP % one): no code rather than a wrong one.
 */
function pickConcept(
  group: SynonymGroup,
  unit: string | null,
  property: PropertyHint,
): { concept: CorpusConcept; byDefault: boolean } | null {
  let concepts = group.concepts;
  // `[Moles/volume]` or `-sCnc` in the name: only the molar sibling (or a concept with no such property) fits.
  if (property !== null) {
    concepts = concepts.filter((c) => {
      const stated = corpusIndex.traits.get(c)?.property ?? null;
      return stated === null || stated === property;
    });
  }
  if (unit !== null) {
    let matches = concepts.filter((c) => c.units.includes(unit));
    if (matches.length === 0) matches = concepts.filter((c) => takesUnitUnannotated(c, unit));
    if (matches.length === 0) {
      const international = asInternationalUnits(unit);
      if (international !== unit) matches = concepts.filter((c) => c.units.includes(international));
    }
    if (matches.length === 0) {
      const arbitrary = asArbitraryUnits(unit);
      if (arbitrary !== unit) matches = concepts.filter((c) => c.units.includes(arbitrary));
    }
    if (matches.length === 0) matches = concepts.filter((c) => takesUnitOfSameScale(c, unit));
    if (matches.length === 0 && WRITTEN_POWER_OF_TEN_COUNT.test(unit))
      matches = concepts.filter((c) => c.units.some((own) => COUNT_PER_VOLUME.test(own)));
    return matches.length === 1 ? { concept: matches[0] as CorpusConcept, byDefault: false } : null;
  }
  if (group.needsUnit) return null;
  // `TSH` alone: its old RIA mass row is no reading a name without a mass unit or property means (ambiguity.ts).
  if (property === null && concepts.length > 1) {
    const current = concepts.filter((c) => !isMassRowBesideUnits(c));
    if (current.length > 0) concepts = current;
  }
  if (concepts.length === 1) {
    const only = concepts[0] as CorpusConcept;
    return only.requiresUnit ? null : { concept: only, byDefault: false };
  }
  const fallback = concepts.filter((c) => c.unitlessDefault);
  return fallback.length === 1 ? { concept: fallback[0] as CorpusConcept, byDefault: true } : null;
}

interface GroupMatch {
  group: SynonymGroup;
  confidence: number;
}

function exactGroup(normalized: string): GroupMatch | null {
  const exact = corpusIndex.exact.get(normalized);
  if (exact) return { group: exact, confidence: 1 };
  const reordered = corpusIndex.sortedTokens.get(sortedTokenKey(normalized));
  return reordered ? { group: reordered, confidence: SORTED_TOKENS_CONFIDENCE } : null;
}

/**
 * Lab exports often add an alias in brackets: `AST (SGOT)`, `Folate (Folic Acid), Serum`. Accepted only when both
 * sides name the same test (the concepts both name), the alias names the analyte the name qualifies, one side is only
 * noise words, or the bracket holds an unknown capitalised abbreviation of the name (`(VS)`), so a qualifier such as
 * `(Absolute)` is never lost.
 */
function parentheticalGroup(name: string): GroupMatch | null {
  const match = /^([^()]*)\(([^()]*)\)([^()]*)$/.exec(name);
  if (!match) return null;
  const outside = normalizeIndicatorText(`${match[1]} ${match[3]}`);
  const inside = normalizeIndicatorText(match[2] as string);
  const outer = outside ? exactGroup(outside) : null;
  const inner = inside ? exactGroup(inside) : null;
  if (outer && inner) {
    // A known-ambiguous alias (`2 hour glucose (OGTT)`) is broader than the name it annotates: it does not conflict.
    if (inner.group.ambiguous && !outer.group.ambiguous)
      return { group: outer.group, confidence: SORTED_TOKENS_CONFIDENCE };
    // And the other way: `Índice aterogénico (CT/HDL)`, `Cholesterol ratio (TC/HDL)` — the bracket says which one.
    if (outer.group.ambiguous && !inner.group.ambiguous && !CJK_TEXT.test(outside))
      return { group: inner.group, confidence: SORTED_TOKENS_CONFIDENCE };
    // Both sides must name the same test; where one also names others (`TG`), keep the concepts both name; an alias
    // naming the analyte the name qualifies (`Glycémie à jeun (Glucose)`) keeps the name.
    const both =
      commonGroup(outer.group, inner.group) ??
      refinedGroup(outer.group, inner.group) ??
      (aliasOfSameAnalyte(outer.group, inner.group, outside) ? outer.group : null);
    if (both) return { group: both, confidence: SORTED_TOKENS_CONFIDENCE };
    // `Hématocrite (Ht)`: the name's own short form, which alone is another kind of test (height).
    const repeats =
      !outer.group.ambiguous &&
      bracketRepeatsName(match[2] as string, `${match[1]} ${match[3]}`, outer.group.concepts, inner.group.concepts);
    return repeats ? { group: outer.group, confidence: SORTED_TOKENS_CONFIDENCE } : null;
  }
  if (outer && !inside) return outer;
  if (inner && !outside) return inner;
  // `Tiroid stimülan hormon (TSH)`: a name in a language the corpus lacks, glossing the abbreviation it brackets.
  if (inner && !outer && outside && !inner.group.ambiguous && glossesConcepts(outside, namesOf(inner.group)))
    return { group: inner.group, confidence: SORTED_TOKENS_CONFIDENCE };
  // `Vitesse de sédimentation (VS)`: an unknown capitalised alias that abbreviates the name it follows.
  if (outer && !inner && !outer.group.ambiguous && isAbbreviationOf(match[2] as string, outer.group.concepts))
    return { group: outer.group, confidence: SORTED_TOKENS_CONFIDENCE };
  return null;
}

const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function namesOf(group: SynonymGroup): string[] {
  return group.concepts.flatMap((concept) => [concept.display, ...concept.synonyms]);
}

/**
 * `Thyroid Stimulating Hormone (TSH), 3rd Generation`: the bracket abbreviates the analyte, and the name around it
 * writes the method that makes it a sibling of the abbreviation's code. Read as the name only when every concept on
 * both sides is one LOINC component in one system, the alias's method-less and timeless, the name's by a method: an
 * alias of another specimen (`Urine glucose (Glucose)`) or narrower than the name (`Glucose (Fasting glucose)`) is
 * still a conflict.
 */
function aliasOfSameAnalyte(outer: SynonymGroup, inner: SynonymGroup, outside: string): boolean {
  // A Han or Kana name writes no method in the Latin words compared here: `血氧饱和度(SaO2)` is the pulse oximeter's
  // name beside the blood gas's abbreviation, two tests (the Han/Latin stage refuses it), not one with a method added.
  if (outer.ambiguous || inner.ambiguous || CJK_TEXT.test(outside)) return false;
  const outerAxes = outer.concepts.map(axesOfConcept);
  const innerAxes = inner.concepts.map(axesOfConcept);
  const all = [...outerAxes, ...innerAxes];
  const first = all[0];
  if (!first || all.some((a) => !a || a.component !== first.component || a.system !== first.system)) return false;
  return innerAxes.every((a) => a?.method === '' && a.timing === '') && outerAxes.every((a) => a?.method !== '');
}

/**
 * "Whole blood" qualifies a name whose synonyms do not carry it (`Hemoglobin, whole blood`): accepted when every
 * concept the rest of the name stands for is measured in blood, refused when one is a serum test (`Glucose, whole
 * blood` is not serum glucose).
 */
function wholeBloodGroup(normalized: string): GroupMatch | null {
  const tokens = normalized.split(' ');
  if (!tokens.includes(WHOLE_BLOOD)) return null;
  const rest = tokens.filter((t) => t !== WHOLE_BLOOD).join(' ');
  const match = rest ? exactGroup(rest) : null;
  if (!match || match.group.ambiguous) return null;
  const allBlood = match.group.concepts.every((c) => corpusIndex.traits.get(c)?.wholeBloodOk === true);
  return allBlood ? { group: match.group, confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE) } : null;
}

/** Components of sums and totals LOINC codes beside a part (`25-Hydroxyvitamin D2+25-Hydroxyvitamin D3`). */
let sumComponents: readonly string[] | undefined;
/** Corpus names that write `total`: their other words and the concepts they name (`Vitamin D total D2+D3`). */
let totalNames: readonly { words: readonly string[]; codes: ReadonlySet<string> }[] | undefined;

/**
 * Whether the corpus names a total of this test apart from it: a name with `total` on other concepts than the test's
 * own whose other words are at least half the test's (`Vitamin D total D2 D3` beside `Vitamin D 25 OH`), not a test
 * that only shares a word (`Iron binding capacity total` beside `Iron`).
 */
function totalNamedApart(words: readonly string[], codes: readonly string[]): boolean {
  totalNames ??= [...corpusIndex.exact].flatMap(([key, group]) => {
    const tokens = key.split(' ');
    if (tokens.length < 2 || !tokens.includes('total') || group.ambiguous) return [];
    return [{ words: tokens.filter((t) => t !== 'total'), codes: new Set(group.concepts.map((c) => c.code)) }];
  });
  return totalNames.some(
    (named) =>
      !codes.some((code) => named.codes.has(code)) &&
      2 * named.words.filter((w) => words.includes(w)).length >= named.words.length,
  );
}

/**
 * `IRON, TOTAL`, `Total white cell count`, `Metanephrines, Total, 24 Hr Urine`: `total` written beside a test whose
 * plain name is already the whole amount. Read without the word when the rest is a known test and no corpus concept
 * is a sum or total built on that test's component (`Vitamin D total` is D2+D3, not the D3 the bare name gives).
 * A ratio (`PSA free/total`) is another test, not a sum of this one.
 */
function totalGroup(normalized: string): GroupMatch | null {
  const tokens = normalized.split(' ');
  if (tokens.length < 2 || !tokens.includes('total')) return null;
  const rest = tokens.filter((t) => t !== 'total');
  const match = exactGroup(rest.join(' '));
  if (!match || match.group.ambiguous) return null;
  sumComponents ??= corpusIndex.concepts.flatMap((c) => {
    const component = axesOfConcept(c)?.component ?? '';
    return !component.includes('/') && /\+|\btotal\b/.test(component) ? [component] : [];
  });
  if (
    totalNamedApart(
      rest,
      match.group.concepts.map((c) => c.code),
    )
  )
    return null;
  const sums = sumComponents;
  const partOfSum = match.group.concepts.some((c) => {
    const component = axesOfConcept(c)?.component;
    return component === undefined || sums.some((sum) => sum !== component && sum.includes(component));
  });
  return partOfSum ? null : { group: match.group, confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE) };
}

/** Counts per volume: what `#`, `abs` or `absolute` in a name asks for. */
const COUNT_UNITS = new Set(['10*3/uL', '10*9/L', '/uL', '/nL', '10*6/uL', '10*12/L', '10*3/mm3', '/pL', '10*6/L']);

/**
 * `Retic %`, `WBC # Bld`: a percent or count qualifier the synonyms do not spell out. The rest of the name must be a
 * known test, and the qualifier then acts as a unit: it must agree with the unit given and pick one concept.
 */
/** `Plt Ct`, `Lymph Cnt`, `Plt Count`: a count written as a word after a name the synonyms do not spell with it. */
const COUNT_WORDS = new Set(['count', 'ct', 'cnt']);

function qualifiedGroup(
  name: string,
  normalized: string,
): (GroupMatch & { qualifier: 'pct' | 'abs'; countWord: string | null }) | null {
  const tokens = normalized.split(' ');
  const countWord = tokens.length === 2 && COUNT_WORDS.has(tokens[1] as string) ? (tokens[1] as string) : null;
  const qualifier = tokens.includes('pct') ? 'pct' : tokens.includes('abs') || countWord ? 'abs' : null;
  if (!qualifier || tokens.length < 2) return null;
  const written = qualifier === 'abs' && countWord ? countWord : qualifier;
  const match = exactGroup(tokens.filter((t) => t !== written).join(' '));
  if (!match || match.group.ambiguous) return null;
  // `降钙素原 PCT`: the letters are the test's own abbreviation (procalcitonin) beside its name, not a percent; a
  // written `%` is always the share (`Procalcitonin %` keys alike and stays a percent no concept fits).
  const ownName = new RegExp(`\\b${written}\\b`, 'i').test(name) ? corpusIndex.exact.get(written) : undefined;
  if (ownName?.concepts.some((c) => match.group.concepts.includes(c))) return null;
  return {
    group: match.group,
    confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE),
    qualifier,
    countWord: written === countWord ? countWord : null,
  };
}

/** Whether a corpus name of the concept ends in `count` (`Reticulocyte count` on the share 4679-7). */
function namedACount(concept: CorpusConcept): boolean {
  return concept.synonyms.some((name) => /\bcount$/.test(normalizeIndicatorText(name)));
}

function fitsQualifier(concept: CorpusConcept, qualifier: 'pct' | 'abs'): boolean {
  return qualifier === 'pct' ? concept.units.includes('%') : concept.units.some((u) => COUNT_UNITS.has(u));
}

/** `weightInGrams`, `activeKilocalories`: the name without the unit words a vendor field ends in. */
function unitWordsGroup(normalized: string): GroupMatch | null {
  const stripped = withoutUnitWords(normalized);
  const match = stripped ? exactGroup(stripped) : null;
  return match ? { group: match.group, confidence: Math.min(match.confidence, SORTED_TOKENS_CONFIDENCE) } : null;
}

/** The group a name stands for by its exact key, an alias in brackets or an OCR misreading. */
function exactishMatch(name: string, normalized: string): GroupMatch | typeof SCRIPT_CONFLICT | null {
  const direct =
    exactGroup(normalized) ?? wholeBloodGroup(normalized) ?? parentheticalGroup(name) ?? totalGroup(normalized);
  if (direct) return direct;
  // A Han name with a Latin abbreviation (`甘油三酯(TG)`): sides that disagree end in null, not a looser stage.
  const mixed = mixedScriptGroup(name, exactGroup);
  if (mixed) return mixed;
  // OCR misreadings (`HbAlc`, `Cho1esterol`) before the spelling-slip stage, which refuses a changed digit.
  return (
    ocrConfusionGroup(name, normalized) ??
    unitWordsGroup(normalized) ??
    unsplitGroup(name, normalized) ??
    spacelessGroup(normalized)
  );
}

/** Shorter joined keys are other tests' letters run together (`a lt`, `ca 1`): too few letters to name one test. */
const MIN_SPACELESS_LENGTH = 5;

/**
 * `NT-PROBNP` (key `nt probnp`) and `NTPROBNP` against the synonym `NT-proBNP` (key `nt pro bnp`): all capitals keep
 * the words a camelCase split would cut, so the words are compared run together (corpus.ts `spacelessKey`).
 */
function spacelessGroup(normalized: string): GroupMatch | null {
  const joined = spacelessKey(normalized);
  if (joined.length < MIN_SPACELESS_LENGTH) return null;
  const group = corpusIndex.spaceless.get(joined);
  return group ? { group, confidence: SORTED_TOKENS_CONFIDENCE } : null;
}

/**
 * `paCO2`, `pvO2`: a one-word name the camelCase split cut into a prefix and a word; read whole, as written.
 */
function unsplitGroup(name: string, normalized: string): GroupMatch | null {
  if (/[\s\p{P}]/u.test(name.trim())) return null;
  const whole = normalizeIndicatorText(name.trim().toLowerCase());
  return whole !== normalized ? exactGroup(whole) : null;
}

/** The group n-gram retrieval finds for a name, above the threshold. */
function retrievedMatch(
  name: string,
  normalized: string,
  unit: string | null,
  retrievalThreshold: number,
): GroupMatch | null {
  if (HEALTHKIT_IDENTIFIER.test(name.trim())) return null;
  // OCR repairs on the raw name (`TacroIimus`, `Gluc0se`) the normaliser would split before retrieval could see them.
  const retrieved = retrieveGroup(normalized, unit) ?? retrieveGroup(ocrRepairedKey(name, normalized) ?? '', unit);
  if (!retrieved || retrieved.score < retrievalThreshold) return null;
  return { group: retrieved.group, confidence: retrievalConfidence(retrieved.score, retrievalThreshold) };
}

/**
 * `Glucose SerPl Qn`, `WBC, Pleural`, `Calcium 24h Ur-mCnc`: the component found by the other stages (with no unit:
 * the unit belongs to the system's concept, not the serum one), then the concept of that component in the written
 * system that the unit and property fit (`system-axis.ts`).
 */
function systemAxisResolution(
  axis: SystemAxisName,
  unit: string | null,
  retrievalThreshold: number,
): IndicatorResolution | null {
  const { key, property } = analyseIndicatorText(axis.component);
  // A one-letter specimen prefix (`B-Hb`, `S-Kreatinin`) is dropped by the normaliser: with a written system too, or
  // misread (`B 1ymphocytes`, B cells), the name is not read safely.
  if (!key || /^\p{L}\b/u.test(axis.component)) return null;
  const found = exactishMatch(axis.component, key);
  if (found === SCRIPT_CONFLICT) return null;
  const named =
    qualifiedGroup(axis.component, key) ?? found ?? retrievedMatch(axis.component, key, null, retrievalThreshold);
  // An ambiguous test name with a written system (`HCO3 Bld-sCnc`): the one LOINC component it names, on that system.
  if (named?.group.ambiguous && componentAnchors(key).length !== 1) return null;
  const match = named?.group.ambiguous ? null : named;
  const anchors = match ? axesAnchors(match.group.concepts) : componentAnchors(key);
  if (anchors.length === 0) return null;
  if (match && !namesDefaultSystem(match.group.concepts)) {
    // The component's own words already named a specimen (`pH Cord` is cord blood): keep it if the written system
    // agrees, never move it to another.
    const resolved = resolutionOf(match, unit, property);
    return resolved.loincCode && systemAgrees(resolved.canonicalName ?? '', axis.systems) ? resolved : null;
  }
  // Only in the first system written: an ambiguous name is not moved to a rarer specimen (`Globulin SerPl`, plasma).
  const systems = named?.group.ambiguous ? axis.systems.slice(0, 1) : axis.systems;
  const concept = conceptOnSystem(anchors, systems, unit, { stated: axis.property, hint: property });
  if (!concept) return null;
  const confidence = match ? match.confidence : SYSTEM_AXIS_CONFIDENCE;
  return Object.freeze({
    loincCode: concept.code,
    canonicalName: concept.display,
    confidence: Math.min(confidence, SYSTEM_AXIS_CONFIDENCE),
    category: concept.category,
  });
}

/**
 * `Hematocrit (centrifuged)`, `Neutrophils, automated`: the test the rest of the name finds, then its sibling
 * carrying the written method (`method-axis.ts`), which the unit must still fit.
 */
function methodAxisResolution(
  written: MethodAxisName,
  unit: string | null,
  retrievalThreshold: number,
): IndicatorResolution | null {
  const { key, property } = analyseIndicatorText(written.component);
  if (!key) return null;
  const found = exactishMatch(written.component, key);
  if (found === SCRIPT_CONFLICT) return null;
  const match = found ?? retrievedMatch(written.component, key, unit, retrievalThreshold);
  if (!match) return null;
  // The unit may belong to the method's sibling only (`Hb A1c IFCC` in mmol/mol): the test is found without it.
  let matched = resolutionOf(match, unit, property);
  if (!matched.loincCode && unit !== null) matched = resolutionOf(match, null, property);
  const concept = matched.loincCode ? conceptByCode(matched.loincCode) : undefined;
  const chosen = concept ? conceptByMethod(concept, written.method) : null;
  if (!chosen) return null;
  if (unit !== null && !chosen.units.includes(unit) && convertValue(1, unit, chosen.defaultUnit) === null) return null;
  return Object.freeze({
    loincCode: chosen.code,
    canonicalName: chosen.display,
    confidence: Math.min(match.confidence, SYSTEM_AXIS_CONFIDENCE),
    category: chosen.category,
  });
}

/**
 * `QUICKI` (quantitative insulin-sensitivity check index) is not `QUICK` slipped: one word in capitals that is a
 * corpus name plus a final letter spells an acronym built on that name, another test. The slip stages (respelling,
 * retrieval) would read it as the name; no code instead.
 */
function acronymOnName(name: string, normalized: string): boolean {
  const word = name.trim();
  if (!/^\p{Lu}{5,}$/u.test(word) || corpusIndex.exact.has(normalized)) return false;
  return corpusIndex.exact.has(word.slice(0, -1).toLowerCase());
}

const PATH_NOT_A_READING =
  /^(?:max|min|maximum|minimum|peak|lowest|highest|sd|std|stddev|variance|target|goals?|limit|zones?|baseline|deviation|delta|change)\b/i;

/** What a wearable or a home device measures: a field of a vendor's JSON names one of these, never a lab analyte. */
const DEVICE_CATEGORIES: ReadonlySet<string> = new Set(['vital-signs', 'activity']);

/** A camelCase field name (`restingHeartRate`, `breathingRate`): how vendor APIs name a measurement. */
const CAMEL_FIELD = /^\p{Ll}+(?:\p{Lu}\p{Ll}+)+$/u;

/**
 * Fitbit and other vendors' exports name a value by its JSON path (`activities-heart[].value.restingHeartRate`,
 * `br[].value.breathingRate`); copied into a sheet the path's parts become words before the field. The field, the
 * last word in camelCase, names the measurement: it is read alone when it is a corpus name by its exact key.
 */
function vendorFieldAfterPath(name: string): string | null {
  const words = name
    .trim()
    .split(/[\s.[\]]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (words.length < 2 || !last || !CAMEL_FIELD.test(last)) return null;
  // A statistic or a goal in the path (`max heartRate`, `goals restingHeartRate`) is another figure than a reading.
  if (words.slice(0, -1).some((w) => PATH_NOT_A_READING.test(w))) return null;
  return corpusIndex.exact.has(analyseIndicatorText(last).key) ? last : null;
}

/**
 * `Basophils %`, `Monocytes %` without a unit: the corpus holds only the share of a differential cell type and asks
 * for a unit (`requiresUnit`) so that a count is never filed as one; a name that writes the percent sign says which
 * (README *Labelling decisions*: `Blasts %` resolves to the share).
 */
function writtenShare(group: SynonymGroup, normalized: string): CorpusConcept | null {
  if (group.ambiguous || group.concepts.length !== 1 || !normalized.split(' ').includes('pct')) return null;
  const only = group.concepts[0] as CorpusConcept;
  return only.requiresUnit && only.units.includes('%') ? only : null;
}

/**
 * The longest text read as a name. LOINC's longest names run to about 200 characters; a longer text is a flattened
 * line or prose, and the per-word stages (OCR skeletons, spelled-out abbreviations) grow faster than its length.
 */
const MAX_NAME_LENGTH = 400;

function lookup(name: string, unit: string | null, retrievalThreshold: number): IndicatorResolution {
  if (name.length > MAX_NAME_LENGTH) return unresolved(unit);
  const { key: normalized, property } = analyseIndicatorText(name);
  if (!normalized) return unresolved(unit);
  // `Albumin [Mass/volume] in Urine`: a long name written out is its concept; a unit of another kind contradicts it.
  const longName = conceptByLongName(name);
  if (longName)
    return unit === null || unitOfSameKind(longName, unit) ? resolutionOfConcept(longName, 1) : unresolved(unit);
  // `CHOL/HDLC RATIO`, `Apo A1/Apo B`: a ratio written as its two tests, each read alone (ratio-of-parts.ts), in the
  // written order; before the inverse check below, since the corpus may carry both orders as two concepts.
  const byParts =
    name.length <= 120 && /[/:]/.test(name) && !corpusIndex.exact.has(normalized)
      ? ratioOfParts(name, unit, conceptsOfPart)
      : null;
  if (byParts) return resolutionOfConcept(byParts, SORTED_TOKENS_CONFIDENCE);
  // `HDL/Cholesterol`: the inverse of a corpus ratio, which every later stage would find by its words alone.
  // `Inulin`: a substance of its own the corpus lacks, which the slip stages would read as `Insulin` (other-analytes.ts).
  if (writesInverseRatio(name) || acronymOnName(name, normalized) || writesOtherAnalyte(name)) return unresolved(unit);
  // `Créatininurie` in mmol/L: the analyte named by its urine suffix, read as `creatinine urine` (urine-suffix-names.ts).
  const urineWords = unit === null ? null : urineSuffixAsWords(name, unit);
  if (urineWords) {
    const read = lookup(urineWords, unit, NO_RETRIEVAL);
    const concept = read.loincCode ? conceptByCode(read.loincCode) : undefined;
    if (concept && /\burine\b/.test(axesOfConcept(concept)?.system ?? '')) return read;
  }
  const qualified = exactGroup(normalized) ? null : qualifiedGroup(name, normalized);
  if (qualified) {
    const fitting = qualified.group.concepts.filter((c) => fitsQualifier(c, qualified.qualifier));
    const concept = fitting.length === 1 ? (fitting[0] as CorpusConcept) : null;
    // `Retic Count` in %: the corpus names the share itself a count (`Reticulocyte count`, 4679-7), so the word
    // written in full only names the test there; the unit picks that sibling. `Ct`, `#` and `abs` state the property.
    if (qualified.countWord === 'count' && unit !== null && !concept?.units.includes(unit)) {
      const sibling = resolutionOf(qualified, unit, property);
      const named = sibling.loincCode ? conceptByCode(sibling.loincCode) : undefined;
      return named && namedACount(named) ? sibling : unresolved(unit);
    }
    if (!concept || (unit !== null && !concept.units.includes(unit))) return unresolved(unit);
    return Object.freeze({
      loincCode: concept.code,
      canonicalName: concept.display,
      confidence: qualified.confidence,
      category: concept.category,
    });
  }
  const axis = readSystemAxis(name);
  if (axis?.unbentName) {
    const unbent = lookup(axis.unbentName, unit, retrievalThreshold);
    if (unbent.loincCode) return unbent;
  }
  const exactish = exactishMatch(name, normalized);
  if (exactish === SCRIPT_CONFLICT) return unresolved(unit);
  const share = exactish && unit === null ? writtenShare(exactish.group, normalized) : null;
  if (share) return resolutionOfConcept(share, Math.min(exactish?.confidence ?? 1, UNITLESS_DEFAULT_CONFIDENCE));
  const resolved = exactish ? resolutionOf(exactish, unit, property) : null;
  // `Glucose Bld`: the key drops `Bld` as noise and finds serum glucose, which the written system contradicts.
  // Unless a synonym of that concept writes the same system: `Cholesterol Bld Qn (POC)` was curated as serum.
  const resolvedConcept = resolved?.loincCode ? conceptByCode(resolved.loincCode) : undefined;
  const contradicted =
    axis !== null &&
    resolvedConcept !== undefined &&
    !systemAgrees(resolvedConcept.display, axis.systems) &&
    !curatedWithSystem(resolvedConcept, axis.written);
  if (resolved?.loincCode && !contradicted) return resolved;
  // A written system also decides when the name's own key found the test but no sibling the unit fits
  // (`Calcium 24h Ur-mCnc` in mg/L: the key is the 24-hour excretion rate's).
  if (axis) {
    const onSystem = systemAxisResolution(axis, unit, retrievalThreshold);
    if (onSystem) return onSystem;
  }
  if (resolved && !contradicted && unit !== null && exactish && !exactish.group.ambiguous) {
    const sibling = siblingReportedIn(exactish.group.concepts, unit);
    if (sibling) return resolutionOfConcept(sibling, Math.min(exactish.confidence, SYSTEM_AXIS_CONFIDENCE));
  }
  if (resolved) return contradicted ? unresolved(unit) : resolved;
  // `Glucose (mg/dL)`: a header that carries its unit. The reading's own unit, when given, still decides.
  const written = unitWrittenInName(name, (text) => normalizeUnit(text) !== null);
  if (written) {
    const headerUnit = unit ?? normalizeUnit(written.unit);
    // `Body Mass Index (count)`: HealthKit's no-unit written in the header, read as `count` in a unit column is.
    const withoutUnit =
      headerUnit === SDK_UNITY
        ? dimensionlessInCount(written.rest, retrievalThreshold)
        : lookup(written.rest, headerUnit, retrievalThreshold);
    if (withoutUnit.loincCode) return withoutUnit;
  }
  // `VS 1ère heure` in mm: the sedimentation rate's hour written in the name, the unit's per-hour part.
  const perHour = firstHourWrittenInName(name, unit);
  if (perHour) {
    const read = lookup(perHour.rest, perHour.unit, retrievalThreshold);
    if (read.loincCode) return read;
  }
  // `eGFR CKD-EPI 2021 per 1.73 square metres` in mL/min: the unit's per-surface part written in the name.
  const perSurface = withoutBodySurface(name, unit);
  if (perSurface) {
    const read = lookup(perSurface.rest, perSurface.unit, retrievalThreshold);
    if (read.loincCode) return read;
  }
  const method = readMethodAxis(name);
  if (method) {
    const byMethod = methodAxisResolution(method, unit, retrievalThreshold);
    if (byMethod) return byMethod;
  }
  // `Glycémie à jeun (Gluc0se)`, `0utput Ur`: OCR's shapes repaired on the name as read, then every stage again.
  // Read again only when the repairs are done (a repaired name repairs to itself), so the stages cannot loop.
  const repaired = repairedName(name);
  if (repaired !== name && repairedName(repaired) === repaired) {
    const read = lookup(repaired, unit, retrievalThreshold);
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, OCR_CONFIDENCE) });
  }
  // `Creati-nine`: a word broken at a printed line's end, joined and read again by every stage.
  const joined = joinedLineBreaks(name);
  if (joined !== name) {
    const read = lookup(joined, unit, retrievalThreshold);
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, OCR_CONFIDENCE) });
  }
  // `Potass ium`, `T S H`: a word OCR or a fax spaced apart, joined and read again by every stage.
  const unspaced = joinedSpacedWords(name);
  if (unspaced !== name) {
    const read = lookup(unspaced, unit, retrievalThreshold);
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, OCR_CONFIDENCE) });
  }
  // `activities-heart restingHeartRate`, `br breathingRate`: a vendor's JSON path before the field it names.
  const field = vendorFieldAfterPath(name);
  if (field) {
    const read = lookup(field, unit, retrievalThreshold);
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  // `weight (type 1)`, `BloodPressureRecord.systolic`: a Withings measure type or a Health Connect record class
  // around the name (`vendor-field-names.ts`).
  const typed = measureTyped(name);
  if (typed) {
    // The type number must name the same measure where the vendor's list knows it (`fat_ratio (type 6)`); where it
    // does not (`temperature (type 12)`), only a vendor's lower-case key is read without it.
    const read = lookup(typed.name, unit, retrievalThreshold);
    const ofType = corpusIndex.exact.has(typed.typeName) ? lookup(typed.typeName, unit, retrievalThreshold) : null;
    const agrees = ofType ? ofType.loincCode === read.loincCode : typed.isVendorKey;
    if (read.loincCode && agrees)
      return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  const recordField = recordFieldOf(name);
  if (recordField) {
    // A record's one value (`RespiratoryRateRecord.rate`) is what its class names. A laboratory code is not the
    // record's to give: `BloodGlucoseRecord.level` carries its specimen apart (`specimenSource`).
    const withType = lookup(recordField.typeAndField, unit, retrievalThreshold);
    // `StepsRecord.count` with no unit is the record's count over its interval, which is what the record's own code
    // is (README *Labelling decisions*: a step count whose name writes no period, `StepsRecord`, is 55423-8).
    const read =
      withType.loincCode || !recordField.recordType ? withType : lookup(recordField.recordType, unit, NO_RETRIEVAL);
    if (read.loincCode && read.category !== 'laboratory')
      return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  const typeField = samsungTypeField(name);
  if (typeField) {
    // By exact stages only: a property no name writes (`create_time`, `comment`) is no slip of one that does. Alone,
    // only a body measurement or activity figure a record holds (`pulse`, `height`, `active_calorie`): a laboratory
    // analyte's specimen is the type's to say (`blood_glucose.glucose`, whose type vendor-fields.json leaves out).
    const withType = lookup(typeField.typeAndField, unit, NO_RETRIEVAL);
    // `step_count.count`: the property is the type's one value, which the type's own name says.
    const ofType =
      withType.loincCode || !typeField.dataType ? withType : lookup(typeField.dataType, unit, NO_RETRIEVAL);
    const alone = ofType.loincCode ? null : lookup(typeField.field, unit, NO_RETRIEVAL);
    const read = ofType.loincCode || !alone || !DEVICE_CATEGORIES.has(alone.category) ? ofType : alone;
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  // `score.resting_heart_rate`, `physical-information.weight`: a JSON path, read as the field it ends in, by exact
  // stages, and kept for a device's measurement only (`vendor-field-names.ts` `jsonPathField`).
  const pathField = jsonPathField(name);
  if (pathField) {
    const read = lookup(pathField, unit, NO_RETRIEVAL);
    if (read.loincCode && DEVICE_CATEGORIES.has(read.category))
      return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  // `DT_INSTANTANEOUS_HEART_RATE`: a Huawei data type, read as the words it names by exact stages, for a device's
  // measurement only (`vendor-field-names.ts` `huaweiDataType`).
  const huawei = huaweiDataType(name);
  if (huawei) {
    const read = lookup(huawei, unit, NO_RETRIEVAL);
    if (read.loincCode && DEVICE_CATEGORIES.has(read.category))
      return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  // `Glucose الجلوكوز`: an English name with its gloss in another script, read without the gloss.
  const unglossed = withoutGloss(name);
  if (unglossed) {
    const read = lookup(unglossed, unit, retrievalThreshold);
    if (read.loincCode) return read;
  }
  // `Temperatura axilar`, `Parathormon intakt`: a qualifier in another language written in English, read again.
  const english = englishQualifiers(name);
  if (english !== name) {
    const read = lookup(english, unit, retrievalThreshold);
    if (read.loincCode) return Object.freeze({ ...read, confidence: Math.min(read.confidence, RESPELLED_CONFIDENCE) });
  }
  const respelled = respelledResolution(name, unit, retrievalThreshold);
  if (respelled) return respelled;
  const match = retrievedMatch(name, normalized, unit, retrievalThreshold);
  const retrieved = match ? resolutionOf(match, unit, property) : unresolved(unit);
  if (retrieved.loincCode) return retrieved;
  const cutWords = cutWordsResolution(name, unit);
  if (cutWords) return cutWords;
  const byQualifier = qualifierResolution(name, unit, (rest, u) => lookup(rest, u, retrievalThreshold));
  if (byQualifier) return byQualifier;
  // `Urine albumin/creatinine`: two tests around a slash are their ratio only when the corpus has that quotient under
  // the same words with `ratio`; by its exact key only, so a caption of two tests costs no second pass of every stage.
  const asRatio = withRatioWord(name);
  const ratioMatch = asRatio ? exactGroup(analyseIndicatorText(asRatio).key) : null;
  const ratio = ratioMatch ? resolutionOf(ratioMatch, unit, property) : null;
  const ratioConcept = ratio?.loincCode ? conceptByCode(ratio.loincCode) : undefined;
  return ratio && ratioConcept && isQuotient(ratioConcept) ? ratio : retrieved;
}

/**
 * `Adenossine Deaminase Pl Fld Qn`, `BP Dias Stting`: the name read again with its slipped words respelled as the
 * corpus spells them (`respell.ts`). A word as near to several corpus words gives several readings; they must not
 * disagree: one code from every reading that finds one, else no code from this stage.
 */
function respelledResolution(
  name: string,
  unit: string | null,
  retrievalThreshold: number,
): IndicatorResolution | null {
  const readings = respelledNames(name);
  // `Proteins` reads as `Protein` (a name HDS keeps null: serum or urine?) and as `Proteine`: a reading that is a
  // known-ambiguous name says the slip cannot be told apart either, whatever the other readings find.
  // Unless the unit is one that name is never reported in (`Albumn` g/dL: albumen is an allergen, other-analytes.ts).
  const keys = readings.map((reading) => analyseIndicatorText(reading).key);
  if (keys.some((key) => exactGroup(key)?.group.ambiguous && rivalTakesUnit(key, unit))) return null;
  const found = agreedResolution(readings, (reading) => lookup(reading, unit, retrievalThreshold));
  return found && Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) });
}

/** A retrieval threshold no score reaches: the exact, respelled and axis stages only. */
const NO_RETRIEVAL = Number.POSITIVE_INFINITY;

/**
 * The first reading of a urinalysis item that lands on a urine strip test, at most as sure as a respelled name. Its
 * readings go through `lookup` only, so a reading is never rewritten again.
 */
function urinalysisStripResolution(name: string, unit: string | null): IndicatorResolution | null {
  const read = urinalysisStripReadings(name);
  for (const reading of read.readings) {
    // Never by similarity: `Random urine` is near `blood urine dipstick` in letters, and names no analyte the strip reads.
    const found = lookup(reading, unit, NO_RETRIEVAL);
    if (found.loincCode && isUrineStripTest(found.loincCode, read))
      return Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) });
  }
  // `Glucose (Urinstreifen)`, `Cetonas (tira reactiva)` with no unit: the strip's amount has a mass and a molar code,
  // which no unit chose; a name that writes the strip itself is its grade, the presence code (urinalysis-strip.ts).
  // `Ketones, UA` writes only the urinalysis, whose strip reader may print the amount: null (probe null-right-s6).
  if (unit !== null || !read.writesStrip) return null;
  for (const reading of read.readings) {
    const amount = lookup(reading, 'mg/dL', NO_RETRIEVAL).loincCode;
    const grade = amount ? presenceOnSameStrip(amount) : undefined;
    if (grade && isUrineStripTest(grade.code, read)) return resolutionOfConcept(grade, RESPELLED_CONFIDENCE);
  }
  return null;
}

/**
 * `亚硝酸盐 NIT`, `尿潛血 OB`, `Nitritos (NIT)`: a urine analyser's pad code beside the pad's local name
 * (strip-analyser-codes.ts). The pad's strip test, kept only when the local name says the same analyte and, read
 * alone, names no other test.
 */
function stripCodeResolution(name: string, unit: string | null): IndicatorResolution | null {
  const read = stripCodeReading(name, unit);
  if (!read) return null;
  const alone = lookup(read.rest, unit, NO_RETRIEVAL).loincCode;
  for (const reading of read.readings) {
    const found = lookup(reading, unit, NO_RETRIEVAL);
    const concept = found.loincCode ? conceptByCode(found.loincCode) : undefined;
    if (!concept || !isStripPad(concept.code)) continue;
    if (alone !== null && alone !== concept.code) return null;
    if (alone === null && !restNamesPad(read.rest, concept)) continue;
    return Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) });
  }
  return null;
}

/**
 * `Ac. Úrico`, `Col. HDL`, `Urea-N`: words cut short, spelled out as the corpus's names of the same shape spell them
 * (`dotted-abbreviations.ts`), each read by exact key only; every reading that finds a code must find the same one.
 */
function cutWordsResolution(name: string, unit: string | null): IndicatorResolution | null {
  const readings = spelledOutCutWords(name);
  if (readings.length === 0) return null;
  if (readings.some((reading) => corpusIndex.exact.get(reading)?.ambiguous)) return null;
  const { property } = analyseIndicatorText(name);
  const found = agreedResolution(readings, (reading) => {
    const match = exactGroup(reading);
    return match ? resolutionOf(match, unit, property) : unresolved(unit);
  });
  return found && Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) });
}

function resolutionOfConcept(concept: CorpusConcept, confidence: number): IndicatorResolution {
  return Object.freeze({
    loincCode: concept.code,
    canonicalName: concept.display,
    confidence,
    category: concept.category,
  });
}

/** The code a matched group gives with this unit and property, or null (ambiguous, or no sibling fits). */
function resolutionOf(match: GroupMatch, unit: string | null, property: PropertyHint): IndicatorResolution {
  const { group } = match;
  let { confidence } = match;
  if (group.ambiguous) return unresolved(unit);
  const picked = pickConcept(group, unit, property);
  if (!picked) return unresolved(unit);
  if (picked.byDefault) confidence = Math.min(confidence, UNITLESS_DEFAULT_CONFIDENCE);
  return Object.freeze({
    loincCode: picked.concept.code,
    canonicalName: picked.concept.display,
    confidence,
    category: picked.concept.category,
  });
}

/**
 * Deterministic LOINC code for an indicator name, or nulls and confidence 0 when there is no confident match.
 * Pipeline: normalise (case, accents, traditional Chinese, punctuation, specimen noise words) → exact synonym → same
 * words in another order → bracketed alias agreeing with the name → Chinese name with a Latin abbreviation (both
 * sides agreeing, else null) → n-gram vector retrieval (`retrieval/`): word-aligned neighbours, re-ranked by unit and
 * specimen, accepted above a threshold calibrated on the dev split; its score is the confidence.
 * The unit chooses between siblings that share a name (molar vs mass, % vs absolute count); a unit that fits none
 * gives null. Never guesses: a wrong code is worse than none.
 * This is the name lookup: the module exports it as `resolveSeriesIndicator` (a question's words name a series), and
 * exports the reading answer (`unitless-siblings.ts`, which asks this first) as `resolveIndicator`.
 * @see https://loinc.org/kb/users-guide/ — LOINC Users' Guide (one code per component, property, system, method)
 */
export function resolveIndicator(name: string, unit?: string | null): IndicatorResolution {
  const key = `${name}\u0000${unit ?? ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = resolvedWithUnitAsWritten(name, unit, RETRIEVAL_ACCEPT_MIN);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, result);
  return result;
}

/** Whether `resolveIndicator(name, unit)` would answer from its cache: a look-up that costs nothing. */
export function hasCachedResolution(name: string, unit?: string | null): boolean {
  return cache.has(`${name}\u0000${unit ?? ''}`);
}

/** Uncached resolution, for benchmarks and tests of the pipeline itself. */
export function resolveIndicatorUncached(name: string, unit?: string | null): IndicatorResolution {
  return resolvedWithUnitAsWritten(name, unit, RETRIEVAL_ACCEPT_MIN);
}

/** Uncached resolution with another retrieval acceptance threshold: what the calibration sweeps. */
export function resolveIndicatorAtThreshold(name: string, unit: string | null, threshold: number): IndicatorResolution {
  return resolvedWithUnitAsWritten(name, unit, threshold);
}

/**
 * `LDL-CHOLESTEROL` in `mg/dL (calc)`: a method note after the unit (`method-axis.ts` `methodNotedAfterUnit`) says how
 * the value was obtained, which `normalizeUnit` drops with the note. The code found for the name, moved to its sibling
 * carrying that method when the corpus has one the unit fits (13457-7, LDL by calculation); else the code as found.
 */
function resolvedWithUnitAsWritten(
  name: string,
  written: string | null | undefined,
  threshold: number,
): IndicatorResolution {
  const unit = normalizeUnit(written);
  const found = unit === SDK_UNITY ? dimensionlessInCount(name, threshold) : resolved(name, unit, threshold);
  const method = found.loincCode ? methodNotedAfterUnit(written) : null;
  const concept = method && found.loincCode ? conceptByCode(found.loincCode) : undefined;
  const chosen = concept && method ? conceptByMethod(concept, method) : null;
  if (!chosen || chosen === concept || (unit !== null && !chosen.units.includes(unit))) return found;
  return resolutionOfConcept(chosen, Math.min(found.confidence, SYSTEM_AXIS_CONFIDENCE));
}

/** HealthKit's `HKUnit.count()`, written `count`: the SDK's way of writing no unit as well as a count of things. */
const SDK_UNITY = '{count}';

/**
 * `HKQuantityTypeIdentifierBodyMassIndex` in `count`: a ratio (BMI) has no unit, which HealthKit writes as a count.
 * Read with the count first (steps, flights); a name no concept counts is read without a unit and kept only for a
 * concept whose property is a ratio (README *Labelling decisions*, session 26).
 */
function dimensionlessInCount(name: string, threshold: number): IndicatorResolution {
  const counted = resolved(name, SDK_UNITY, threshold);
  if (counted.loincCode !== null) return counted;
  const unitless = resolved(name, null, threshold);
  const concept = unitless.loincCode ? conceptByCode(unitless.loincCode) : undefined;
  return concept && axesOfConcept(concept)?.property === 'ratio' ? unitless : counted;
}

/**
 * The concepts one side of a written ratio names: its exact group (siblings of one analyte), or none. The cheap
 * stages only: a side no synonym names leaves the ratio as found, and OCR'd or slipped names cost no second search.
 */
function conceptsOfPart(part: string): readonly CorpusConcept[] {
  const { key } = analyseIndicatorText(part);
  if (!key) return [];
  const exact = exactishMatch(part, key);
  return exact && exact !== SCRIPT_CONFLICT ? exact.group.concepts : [];
}

/**
 * Every stage's answer, then the method the name writes where two codes differ by it alone and the unit's example
 * scale chose: `Albumin/Creatinine Ratio` in mg/g is the method-less ratio, `Microalbumin/Creat` the microalbumin
 * assay's (`microalbumin-assay.ts`).
 */
/** A name ending in `, UA` (`BLOOD, UA`, `Ketones, UA`): a line of the urinalysis, as Epic and Quest print it. */
const URINALYSIS_TAIL = /\p{L}[^,]*,\s*ua\s*$/iu;

function conceptInUrine(code: string): boolean {
  const concept = conceptByCode(code);
  return concept !== undefined && /\burine\b/i.test(axesOfConcept(concept)?.system ?? '');
}

function resolved(name: string, unit: string | null, threshold: number): IndicatorResolution {
  // Each prefix stage calls back here with the rest: the length bound is what bounds that recursion.
  if (name.length > MAX_NAME_LENGTH) return unresolved(unit);
  const coded = name.includes('^') ? codedElementOf(name) : null;
  if (coded) return codedElementResolution(coded, unit, threshold);
  const examined = withoutExaminationPrefix(name);
  if (examined) return resolved(examined, unit, threshold);
  const analysed = withoutAnalyserPrefix(name);
  if (analysed) return pointOfCareResolution(analysed, unit, threshold);
  // `Kolesterol;P` is `P-Kolesterol` (reading-prefixes.ts); a `;` writes nothing else in a test's name.
  const specimenFirst = name.includes(';') ? withTrailingSystemAsPrefix(name) : null;
  if (specimenFirst) return resolved(specimenFirst, unit, threshold);
  // `cK+` is the analyser's potassium before it is any abbreviation the letters spell (CK, creatine kinase).
  if (bloodGasSymbolName(name) !== null) return bloodGasSymbolResolution(name, unit) ?? unresolved(unit);
  // `Monozyten [#/Volumen] in Blut`: a translated long name states its axes; read as such before the word stages, whose
  // slash checks would take its property for a ratio.
  const translated = translatedLongNameResolution(name, unit, threshold);
  if (translated) return translated;
  const found = lookup(name, unit, threshold);
  // `BLOOD, UA`, `Bilirubin, urine`: what no stage read may be a urinalysis item, the strip test (urinalysis-strip.ts).
  if (found.loincCode === null)
    return (
      sharePerHundredResolution(name, unit, threshold) ??
      foreignWordsResolution(name, unit) ??
      urineSuffixResolution(name, unit) ??
      bloodSuffixResolution(name, unit) ??
      trailingNoteResolution(name, unit, threshold) ??
      hanSlipResolution(name, unit) ??
      vitalSignOfStatistic(name, unit, threshold) ??
      amountWithoutScaleWord(name, unit, threshold) ??
      countWithoutAbsoluteWord(name, unit, threshold) ??
      countOfBareCellName(name, unit) ??
      urinalysisStripResolution(name, unit) ??
      stripCodeResolution(name, unit) ??
      rejoinedResolution(name, unit, threshold) ??
      sedimentNamedByUnit(name, unit) ??
      initialSpelledOutResolution(name, unit, threshold) ??
      countWithoutTotalWord(name, unit, threshold) ??
      gfrEquationResolution(name, unit) ??
      prothrombinActivityResolution(name, unit) ??
      found
    );
  // `Créatininurie` mmol/L read by the slip stages as serum creatinine: the suffix is the specimen, so the urine test.
  if (!conceptInUrine(found.loincCode)) {
    const urine = urineSuffixResolution(name, unit);
    if (urine) return urine;
  }
  // `BLOOD, UA`: the trailing `UA` files the line under the urinalysis, so a code outside urine (uric acid in serum,
  // read from `UA` itself) is the wrong test.
  if (URINALYSIS_TAIL.test(name) && !conceptInUrine(found.loincCode)) return unresolved(unit);
  // `Eiweiß (Urinstreifen)` with no unit: the strip's grade, not its amount (urinalysis-strip.ts).
  const grade = unit === null ? presenceOnSameStrip(found.loincCode) : undefined;
  if (grade) return resolutionOfConcept(grade, found.confidence);
  const twin = albuminRatioAsWritten(found.loincCode, name, unit);
  const result = twin ? resolutionOfConcept(twin, found.confidence) : found;
  const concept = twin ?? conceptByCode(found.loincCode);
  // `Apo B/Apo A1` found as `Apolipoprotein A-I/Apolipoprotein B` by words alone: the inverse ratio, no code.
  if (concept && (name.includes('/') || name.includes(':')) && readsRatioInverted(concept, name, conceptsOfPart))
    return unresolved(unit);
  return result;
}

/**
 * `Kalium [Mol/Volumen] in Serum oder Plasma`, `Leucocytes [Nombre/Volume] Sang ; Numérique ; Comptage automate`: a
 * LOINC long name in a published translation (`translated-long-name.ts`). The component is found as a bare name (a
 * share per hundred cells as its cells), with the unit and then without it (the unit may be another system's: urine
 * creatinine in mmol/L); the code is that component's concept on the written system, method and property.
 */
function translatedLongNameResolution(
  name: string,
  unit: string | null,
  threshold: number,
): IndicatorResolution | null {
  const written = readTranslatedLongName(name);
  if (!written) return null;
  const component = (u: string | null) =>
    sharePerHundredResolution(written.component, u, threshold) ?? resolved(written.component, u, threshold);
  let found = component(unit);
  const foundWithUnit = found.loincCode !== null;
  if (!foundWithUnit && unit !== null) found = component(null);
  // A component LOINC's translation spells as the English one (`Protein`, `Albumin`), which no stage reads bare: the
  // written system is what the bare name lacked.
  const concept = found.loincCode
    ? conceptByCode(found.loincCode)
    : conceptsByComponent().get(written.component.toLowerCase())?.[0]?.concept;
  const chosen = concept ? conceptOnWrittenAxes(concept, written, unit, foundWithUnit) : null;
  return chosen ? resolutionOfConcept(chosen, Math.min(found.confidence || 1, SYSTEM_AXIS_CONFIDENCE)) : null;
}

/**
 * `Linfócitos/100 leucócitos`, `Retikulozyten/100 Erythrozyten`: a differential share named as LOINC names it, in
 * another language (`translated-long-name.ts` `sharePerHundred`): the cells read as a share, kept only when the code
 * found is that share (its component counts them per 100 of the same cells) and the unit, if any, is a fraction.
 */
function sharePerHundredResolution(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const share = sharePerHundred(name);
  if (!share || (unit !== null && unit !== '%')) return null;
  const found = lookup(share.cells, '%', threshold);
  const concept = found.loincCode ? conceptByCode(found.loincCode) : undefined;
  const axes = concept ? axesOfConcept(concept) : null;
  if (!concept || !axes?.component.endsWith(`/100 ${share.among}`)) return null;
  // LOINC's own name for the share writes no method: its method-less code (README: `Neutrophils/100 WBC` 26511-6).
  const methodless = (conceptsByComponent().get(axes.component) ?? []).filter(
    (m) => m.axes.system === axes.system && m.axes.timing === axes.timing && m.axes.method === '',
  );
  const chosen = methodless.length === 1 ? (methodless[0]?.concept ?? concept) : concept;
  return resolutionOfConcept(chosen, Math.min(found.confidence, SYSTEM_AXIS_CONFIDENCE));
}

/**
 * `K^Potassium^L`, `2823-3^Potassium^LN`: an HL7 field's text read as the name; a LOINC code the field writes is taken
 * when the corpus has it and the unit, if any, is one it is reported in (else the text decides, as for a local code).
 */
function codedElementResolution(
  coded: { text: string; loincCode: string | null },
  unit: string | null,
  threshold: number,
): IndicatorResolution {
  const concept = coded.loincCode ? conceptByCode(coded.loincCode) : undefined;
  if (concept && (unit === null || concept.units.includes(unit))) return resolutionOfConcept(concept, 1);
  return resolved(coded.text, unit, threshold);
}

/**
 * `ISTAT CHLORIDE`, `i-STAT Hematocrit`: the test the rest names, moved to its whole-blood sibling where the corpus has
 * one — the concept a flowsheet files under the analyser (`Hct Bld Qn (ISTAT)`, 4544-3) first, else the one sibling
 * of the same component and property in blood with no method or timing — and the unit fits it; else the test as named.
 */
function pointOfCareResolution(rest: string, unit: string | null, threshold: number): IndicatorResolution {
  const named = resolved(rest, unit, threshold);
  const concept = named.loincCode ? conceptByCode(named.loincCode) : undefined;
  const component = concept ? axesOfConcept(concept)?.component : undefined;
  if (!concept || component === undefined) return named;
  const fits = (sibling: CorpusConcept) =>
    axesOfConcept(sibling)?.component === component && (unit === null || sibling.units.includes(unit));
  const filed = analyserFiledConcepts().find(fits);
  if (filed) return resolutionOfConcept(filed, Math.min(named.confidence, SYSTEM_AXIS_CONFIDENCE));
  if (isWholeBlood(concept)) return named;
  const property = axesOfConcept(concept)?.property;
  const inBlood = (conceptsByComponent().get(component) ?? []).filter(
    ({ concept: sibling, axes }) =>
      axes.property === property && axes.method === '' && axes.timing === '' && isWholeBlood(sibling) && fits(sibling),
  );
  // `Glucose` in blood, capillary blood and arterial blood: the analyser's cartridge is the unqualified blood.
  const plain = inBlood.length === 1 ? inBlood : inBlood.filter(({ axes }) => axes.system === 'blood');
  const sibling = plain.length === 1 ? plain[0]?.concept : undefined;
  return sibling ? resolutionOfConcept(sibling, Math.min(named.confidence, SYSTEM_AXIS_CONFIDENCE)) : named;
}

function isWholeBlood(concept: CorpusConcept): boolean {
  return /^(?:blood|arterial blood|venous blood|capillary blood)$/.test(axesOfConcept(concept)?.system ?? '');
}

let analyserFiled: readonly CorpusConcept[] | undefined;

/** The concepts a synonym files under the point-of-care analyser (`Chloride Bld Qn (ISTAT)`). */
function analyserFiledConcepts(): readonly CorpusConcept[] {
  analyserFiled ??= corpusIndex.concepts.filter((c) => c.synonyms.some((s) => /\(i-?stat\)/i.test(s)));
  return analyserFiled;
}

/** A count per microscope field: only a urine sediment is read so (`RBC 2-4 /hpf`, `Pus Cells /hpf`). */
const PER_FIELD_UNITS: ReadonlySet<string> = new Set(['/[HPF]', '/[LPF]']);

/**
 * `Pus Cells` /hpf, `Hématies` /champ, `RBC` /hpf, `Leucocitos` /campo: the unit names the specimen the name leaves
 * out, so the name is read again as the urine's, by exact stages only, and kept only on a urine sediment concept. A
 * blood count's name counts too: a microscope field is a sediment's, whatever the cell's name says (README
 * *Labelling decisions*, session 26; it was null before, as one of name and unit misplaced).
 */
function sedimentNamedByUnit(name: string, unit: string | null): IndicatorResolution | null {
  // A Han name writes its specimen in its own characters (`尿沉渣红细胞`); beside a Latin side it is read as written.
  if (unit === null || !PER_FIELD_UNITS.has(unit) || URINE_IN_NAME.test(name) || HAN.test(name)) return null;
  const found = lookup(`${name} urine`, unit, NO_RETRIEVAL);
  const concept = found.loincCode === null ? undefined : conceptByCode(found.loincCode);
  // The field the unit names must be the concept's own: UCUM converts `/[LPF]` to `/[HPF]` by 1.
  if (concept && isSedimentConcept(concept) && concept.units.includes(unit))
    return Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) });
  // `Hematíes`, `Leucocitos`, `Globules rouges`: a cell's name in any language the corpus reads as the blood count,
  // moved to the sediment count of the same cell in the field the unit names.
  const asNamed = lookup(name, null, NO_RETRIEVAL);
  const named = asNamed.loincCode === null ? undefined : conceptByCode(asNamed.loincCode);
  const component = named ? axesOfConcept(named)?.component : undefined;
  if (component === undefined) return null;
  const sediment = (conceptsByComponent().get(component) ?? []).filter(
    ({ concept: sibling }) => isSedimentConcept(sibling) && sibling.units.includes(unit),
  );
  const only = sediment.length === 1 ? sediment[0]?.concept : undefined;
  return only ? resolutionOfConcept(only, Math.min(asNamed.confidence, RESPELLED_CONFIDENCE)) : null;
}

function isSedimentConcept(concept: CorpusConcept): boolean {
  return / in Urine sediment\b/.test(concept.display);
}
const URINE_IN_NAME = /\burin/i;
const HAN = /\p{Script=Han}/u;

/**
 * `Average heart rate`, `hr_average`, `Max HR`: a period's statistic of a point-in-time vital sign names no concept of
 * its own (vendor-fields.json leaves such fields out), but a question asking for it asks for the vital sign's series.
 * The name without its statistic words, kept only when it reads as such a vital sign; `resolveReadingIndicator` still
 * files no reading under it (period-statistic.ts).
 */
function vitalSignOfStatistic(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const vital = withoutStatisticWords(name);
  if (vital === null) return null;
  const found = lookup(vital, unit, threshold);
  const concept = found.loincCode === null ? undefined : conceptByCode(found.loincCode);
  return concept && isPointInTimeVital(concept) ? found : null;
}

/**
 * `CD19 Absolute`, `NK Cells (CD16+56) Absolute`: the count word names no test (absolute-count.ts); the name without
 * it, kept only when it reads as a count per volume, so `Neutrophils absolute` in % finds no share.
 */
function countWithoutAbsoluteWord(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const rest = withoutAbsoluteWord(name);
  if (rest === null) return null;
  const found = lookup(rest, unit, threshold);
  const concept = found.loincCode === null ? undefined : conceptByCode(found.loincCode);
  return concept && isCountPerVolume(concept) ? found : null;
}

/**
 * `Natrium (BGA)`, `Glicemia 2 ore dopo carico`, `Nitritos (tira reactiva)`: a name no stage read, with its qualifiers
 * and analyte words in English (foreign-words.ts), read by exact stages and the urinalysis strip's reading. Once, on
 * the name as written: not inside every rewritten reading of it, and never on a respelled one (a slipped `Glucola` is
 * no Spanish `glucosa`: two guesses do not make a name).
 */
function foreignWordsResolution(name: string, unit: string | null): IndicatorResolution | null {
  const translated = englishTestWords(name);
  if (translated === name || translated === englishQualifiers(name)) return null;
  const read = lookup(translated, unit, NO_RETRIEVAL);
  const found = read.loincCode ? read : urinalysisStripResolution(translated, unit);
  return found?.loincCode
    ? Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) })
    : null;
}

/** `cK+`, `cHCO3-`, `FCOHb`: an analyser's quantity symbol, read as its blood-gas name by exact stages only. */
function bloodGasSymbolResolution(name: string, unit: string | null): IndicatorResolution | null {
  const written = bloodGasSymbolName(name);
  const found = written ? lookup(written, unit, NO_RETRIEVAL) : null;
  return found?.loincCode
    ? Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) })
    : null;
}

/** `Créatininurie` mmol/L: the urine test a `-uria` word names, read by exact stages and kept only in urine. */
function urineSuffixResolution(name: string, unit: string | null): IndicatorResolution | null {
  const reading = urineSuffixReading(name, unit);
  const found = reading === null ? null : lookup(reading, unit, NO_RETRIEVAL);
  return found?.loincCode && conceptInUrine(found.loincCode)
    ? Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) })
    : null;
}

/** `Platelet count - observation`, `TCA patient`: the name read without its record's note (reading-prefixes.ts). */
function trailingNoteResolution(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const rest = withoutTrailingNote(name);
  const found = rest === null ? null : resolved(rest, unit, threshold);
  return found?.loincCode ? found : null;
}

/** `Ferritinémie` µg/L: the serum test an `-émie` word names (blood-suffix-names.ts), by exact stages, kept only off urine. */
function bloodSuffixResolution(name: string, unit: string | null): IndicatorResolution | null {
  if (name.length > MAX_NAME_LENGTH) return null;
  const reading = bloodSuffixAsWords(name);
  if (reading === null) return null;
  const found = [reading, englishTestWords(reading)]
    .map((words) => lookup(words, unit, NO_RETRIEVAL))
    .find((read) => read.loincCode !== null);
  return found?.loincCode && !conceptInUrine(found.loincCode)
    ? Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) })
    : null;
}

const HAN_RUNS = /\p{Script=Han}+/gu;
const CELL_SHARE_WORD = /(?<=细胞)(?:百分比|百分率|百分数|比值|比率|比例|绝对值|绝对数)$/u;

/** `肌肝`, `甘油三脂`: a Han character typed or read for another of its sound or shape, mended one at a time (cjk-slips.ts). */
function hanSlipResolution(name: string, unit: string | null): IndicatorResolution | null {
  const hanOf = (text: string) => (foldTraditionalChinese(text).match(HAN_RUNS) ?? []).join('');
  // Known by its exact key, or with a differential's share or count word off (`淋巴细胞比值` is `淋巴细胞` in %).
  const known = (text: string) =>
    [hanOf(text), hanOf(text).replace(CELL_SHARE_WORD, '')].some(
      (han) => han !== '' && exactGroup(analyseIndicatorText(han).key) !== null,
    );
  // A Han part the corpus knows as written has no slip (`身体质量指数(CREA)` is a contradiction, not a typo).
  if (known(name)) return null;
  // The mended Han part must be a corpus name by itself; a Latin abbreviation beside it (`淋巴胞比值(LY%)`) then only
  // confirms it, as it does for a name written right.
  const readings = hanSlipReadings(name).filter(known);
  const mended = agreedResolution(readings, (reading) => lookup(reading, unit, NO_RETRIEVAL));
  return mended && Object.freeze({ ...mended, confidence: Math.min(mended.confidence, RESPELLED_CONFIDENCE) });
}

/** `MONO%`, `Monocitos (%)`, `单核细胞比率`: a name that writes the share, which a count unit contradicts. */
const WRITES_A_SHARE = /%|\bpct\b|percent|porcent|pourcent|prozent|\brel\b|relativ|\/\s*100\b|百分|比率|比值|比例/i;

/** `Monocitos` in 10^3/µL: a bare cell-type name that finds its share without the unit, read as its count. */
function countOfBareCellName(name: string, unit: string | null): IndicatorResolution | null {
  if (unit === null || WRITES_A_SHARE.test(name)) return null;
  // The share it names, by its exact key: bare cell types are curated names, and no slip stage runs twice per name.
  const group = exactGroup(analyseIndicatorText(name).key);
  if (!group || group.group.ambiguous || group.group.concepts.length !== 1) return null;
  const count = countSiblingOfShare(group.group.concepts[0] as CorpusConcept, unit);
  return count ? resolutionOfConcept(count, Math.min(group.confidence, RESPELLED_CONFIDENCE)) : null;
}

/**
 * `A.P.T.T.`, `CReactiveProtein`, `NON_HDL_CHOL`, `Pro-Calcitonin`: a name whose words a system glued or cut apart,
 * read again as a report prints it (joined-spellings.ts). Once: the rewritten name goes through `resolved` whole, so
 * a rejoined name may still need the other fallbacks (`totalSteps` read as a vendor's field).
 */
function rejoinedResolution(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const rewritten = rejoinedSpelling(name);
  if (rewritten === null) return null;
  const found = resolved(rewritten, unit, threshold);
  if (found.loincCode !== null) return found;
  const cut = withLongWordsCut(rewritten);
  const spelledOut = cut === null ? null : lookup(cut, unit, threshold);
  return spelledOut?.loincCode ? spelledOut : null;
}

/** `T.PROTEIN`, `D.BILIRUBIN`: the dotted initial spelled out (reading-prefixes.ts), kept only where that names a test. */
function initialSpelledOutResolution(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const spelled = withInitialSpelledOut(name);
  if (spelled === null) return null;
  const found = lookup(spelled, unit, threshold);
  return found.loincCode === null ? null : found;
}

const PROTHROMBIN_TIME = '5902-2';
const PROTHROMBIN_ACTIVITY = '5894-1';

/**
 * `TP` %, `Tiempo de protrombina` %, `Tempo de protrombina` %, `Prothrombinzeit` %: European laboratories report the
 * prothrombin time as the Quick activity, a percentage of normal plasma's, under the test's own name; LOINC codes that
 * apart (*Prothrombin time (PT) actual/Normal*). A name that reads as the prothrombin time in seconds, written with a
 * percent, is that activity; no other time is read so.
 */
function prothrombinActivityResolution(name: string, unit: string | null): IndicatorResolution | null {
  if (unit !== '%') return null;
  const time = lookup(name, 's', NO_RETRIEVAL);
  const activity = time.loincCode === PROTHROMBIN_TIME ? conceptByCode(PROTHROMBIN_ACTIVITY) : undefined;
  return activity ? resolutionOfConcept(activity, Math.min(time.confidence, RESPELLED_CONFIDENCE)) : null;
}

/** `DFGe (CKD-EPI)`, `eGFR CKD-EPI Cr 2021`: the equation's test as the corpus names it (gfr-equation.ts). */
function gfrEquationResolution(name: string, unit: string | null): IndicatorResolution | null {
  const written = gfrEquationName(name);
  // `eGFR/1.73m2 (CKD-EPI)` in mL/min: the name writes the per-area part of the unit.
  const perArea = unit === 'mL/min' && GFR_AREA_IN_NAME.test(name) ? 'mL/min/{1.73_m2}' : unit;
  const found = written === null ? null : lookup(written, perArea, NO_RETRIEVAL);
  return found?.loincCode
    ? Object.freeze({ ...found, confidence: Math.min(found.confidence, RESPELLED_CONFIDENCE) })
    : null;
}

/** `Total RBC Count` in mill/cumm: the name without *total*, kept only for a count of cells per volume. */
function countWithoutTotalWord(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const rest = withoutTotalWord(name);
  if (rest === null) return null;
  const found = lookup(rest, unit, threshold);
  const concept = found.loincCode === null ? undefined : conceptByCode(found.loincCode);
  return concept && isCountPerVolume(concept) ? found : null;
}

/**
 * `D-Dimer, Quant`, `D-Dimer, Quantitative (FEU)`: the scale word names no test (quantitative-scale.ts); the name
 * without it, kept only when it reads as a concept that measures an amount.
 */
function amountWithoutScaleWord(name: string, unit: string | null, threshold: number): IndicatorResolution | null {
  const rest = withoutQuantitativeWord(name);
  if (rest === null) return null;
  const found = lookup(rest, unit, threshold);
  const concept = found.loincCode === null ? undefined : conceptByCode(found.loincCode);
  return concept && measuresAnAmount(concept) ? found : null;
}

/**
 * Resolution of a name from corpus keys an outside retriever found near it (provider embeddings, see
 * `shared/services/standardization/`): the same unit, specimen and digit re-ranking, margin and threshold as the
 * deterministic stage, then the same choice of sibling by unit. The retriever proposes keys; only the corpus gives
 * codes. Pure: the service does the I/O and hands the neighbours in.
 */
export function resolveFromNeighbours(
  name: string,
  unit: string | null | undefined,
  neighbours: readonly KeyNeighbour[],
  threshold: number,
): IndicatorResolution {
  const canonicalUnit = normalizeUnit(unit);
  const { key: normalized, property } = analyseIndicatorText(name);
  const chosen = chooseNeighbour(normalized, canonicalUnit, neighbours, threshold);
  if (!chosen) return unresolved(canonicalUnit);
  return resolutionOf(
    { group: chosen.group, confidence: retrievalConfidence(chosen.score, threshold) },
    canonicalUnit,
    property,
  );
}
