import { conceptByClock, readClockTiming } from './clock-timing';
import { spelledOutNames } from './component-abbreviations';
import { type CorpusConcept, conceptByCode, corpusIndex } from './corpus';
import { conceptByMethod, readMethodAxis } from './method-axis';
import { analyseIndicatorText, sortedTokenKey } from './normalize-text';
import type { IndicatorResolution } from './resolver';
import { conceptByTiming, conceptByTimingWord, readTimingAxis, readTimingWord } from './timing-axis';
import { convertValue } from './unit-conversion';

/** A code chosen through a written timing, method or abbreviation: at most this sure. */
const QUALIFIER_CONFIDENCE = 0.9;

/** The resolver's whole pipeline, for the rest of a name (the caller passes it: no import cycle at run time). */
export type ResolveName = (name: string, unit: string | null) => IndicatorResolution;

/**
 * Last stages, for a name every other stage left unresolved:
 * 1. a challenge timing written after the test (`Glucose, 2 h post 75 g OGTT`, `timing-axis.ts`), or a draw's time
 *    of day (`Cortisol 16:00 h`, `clock-timing.ts`);
 * 2. a method written after it, with the rest of the name read by the whole pipeline (`TSH Serl Qn 3RD Gen`, where
 *    the system axis must spell `Serl` out first; `method-axis.ts`);
 * 3. a draw's moment or the patient's position written as a word (`Vancomycin Trough`, `BP Systolic (Sitting)`;
 *    `timing-axis.ts` `readTimingWord`);
 * 4. abbreviated component words spelled out (`Bili, Tot`, `component-abbreviations.ts`), accepted only when every
 *    reading that resolves gives the same code;
 * 5. a reflex order written after the test (`TSH W/REFLEX TO FT4`, `HCV Ab with Reflex`): the test before it.
 */
export function qualifierResolution(
  name: string,
  unit: string | null,
  resolve: ResolveName,
): IndicatorResolution | null {
  // A curated name the unit refused (`CHOL` in U/L) stays refused: it is not read again as something else.
  const { key } = analyseIndicatorText(name);
  if (corpusIndex.exact.has(key) || corpusIndex.sortedTokens.has(sortedTokenKey(key))) return null;
  return (
    timingResolution(name, unit, resolve) ??
    clockResolution(name, unit, resolve) ??
    methodResolution(name, unit, resolve) ??
    timingWordResolution(name, unit, resolve) ??
    abbreviationResolution(name, unit, resolve) ??
    reflexResolution(name, unit, resolve)
  );
}

/**
 * `TSH W/REFLEX TO FT4`, `TSH w/Reflex to Free T4`, `HCV Antibody with Reflex to RNA`, `ANA, Reflex`: US order names
 * (Quest, Labcorp, Epic order catalogues) that say a second test runs when this one is abnormal. The result in the row
 * is the first test's; the reflexed test prints a row of its own, named with the word after it (`FREE T4 (REFLEX)`).
 */
const REFLEX_WORD = /\breflex(?:ive|ed)?\b/iu;
/** What joins the test to the reflex word (`w/`, `with`, a comma or bracket), cut from the end of the test's name. */
const BEFORE_REFLEX = /(?:[\s,;(]|\bw\/|\bwith\b)+$/iu;

function reflexResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const text = name.normalize('NFKC');
  const at = text.search(REFLEX_WORD);
  if (at <= 0) return null;
  // Only the last 40 characters before the word are trimmed: a long name cannot make the cut quadratic.
  const before = text.slice(0, at);
  const tail = before.slice(-40).replace(BEFORE_REFLEX, '');
  const head = `${before.slice(0, Math.max(0, before.length - 40))}${tail}`.trim();
  if (!/\p{L}/u.test(head)) return null;
  const base = baseCode(head, unit, resolve);
  const concept = base?.loincCode ? conceptByCode(base.loincCode) : undefined;
  return concept && base ? resolutionOf(concept, base.confidence) : null;
}

/** The code the rest of the name gives with the reading's unit: a unit no sibling of it takes stays a refusal. */
function baseCode(component: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const base = resolve(component, unit);
  return base.loincCode ? base : null;
}

function resolutionOf(concept: CorpusConcept, confidence: number): IndicatorResolution {
  return Object.freeze({
    loincCode: concept.code,
    canonicalName: concept.display,
    confidence: Math.min(confidence, QUALIFIER_CONFIDENCE),
    category: concept.category,
  });
}

function timingResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const written = readTimingAxis(name);
  if (!written) return null;
  const base = baseCode(written.component, unit, resolve);
  const chosen = base?.loincCode ? conceptByTiming(base.loincCode, written.timing, unit) : null;
  return chosen && base ? resolutionOf(chosen, base.confidence) : null;
}

/** `Cortisol 16:00 h`, `Kortisol 08:00`, `Cortisol (tarde)`: a draw's time of day (`clock-timing.ts`). */
function clockResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const written = readClockTiming(name);
  if (!written) return null;
  const base = baseCode(written.component, unit, resolve);
  const chosen = base?.loincCode ? conceptByClock(base.loincCode, written, unit) : null;
  return chosen && base ? resolutionOf(chosen, base.confidence) : null;
}

function methodResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const written = readMethodAxis(name);
  if (!written) return null;
  const base = baseCode(written.component, unit, resolve);
  // `Estimated GFR (MDRD equation)`: the test alone is ambiguous, the name with its method words is a synonym.
  if (!base && written.filler) {
    const whole = resolve(`${written.component} ${written.written}`, unit);
    if (whole.loincCode) return whole;
  }
  const matched = base?.loincCode ? conceptByCode(base.loincCode) : undefined;
  const chosen = matched ? conceptByMethod(matched, written.method) : null;
  if (!chosen || !base) return null;
  if (unit !== null && !chosen.units.includes(unit) && convertValue(1, unit, chosen.defaultUnit) === null) return null;
  return resolutionOf(chosen, base.confidence);
}

/**
 * The code every reading of a name that finds one agrees on, or null when none does or two disagree: how respelled
 * (`resolver.ts`) and spelled-out readings are both accepted.
 */
export function agreedResolution(
  readings: readonly string[],
  resolveReading: (reading: string) => IndicatorResolution,
): IndicatorResolution | null {
  let found: IndicatorResolution | null = null;
  for (const reading of readings) {
    const resolved = resolveReading(reading);
    if (!resolved.loincCode) continue;
    if (found && found.loincCode !== resolved.loincCode) return null;
    found ??= resolved;
  }
  return found;
}

function abbreviationResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const found = agreedResolution(spelledOutNames(name), (reading) => resolve(reading, unit));
  if (!found?.loincCode) return null;
  const concept = conceptByCode(found.loincCode);
  return concept ? resolutionOf(concept, found.confidence) : null;
}

/**
 * `Gentamicin Peak`, `Systolic BP Standing`: the rest of the name read by the whole pipeline (with the unit, else
 * without it: a bare drug name is null without a unit, its trough is not), then its sibling with the written timing.
 * Every concept the rest can stand for must lead to the same sibling.
 */
function timingWordResolution(name: string, unit: string | null, resolve: ResolveName): IndicatorResolution | null {
  const written = readTimingWord(name);
  if (!written) return null;
  const base = resolve(written.component, unit);
  const baseConcept = base.loincCode ? conceptByCode(base.loincCode) : undefined;
  let candidates: readonly CorpusConcept[] = baseConcept ? [baseConcept] : [];
  if (candidates.length === 0) {
    const { key } = analyseIndicatorText(written.component);
    const group = corpusIndex.exact.get(key) ?? corpusIndex.sortedTokens.get(sortedTokenKey(key));
    if (!group || group.ambiguous) return null;
    candidates = group.concepts;
  }
  const chosen = new Set<CorpusConcept>();
  for (const concept of candidates) {
    const sibling = conceptByTimingWord(concept, written.timing, unit);
    if (sibling) chosen.add(sibling);
  }
  if (chosen.size !== 1) return null;
  return resolutionOf([...chosen][0] as CorpusConcept, base.loincCode ? base.confidence : QUALIFIER_CONFIDENCE);
}
