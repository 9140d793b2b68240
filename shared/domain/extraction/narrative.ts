/**
 * Readings inside running text ("Morning glucose was 104 mg/dL, felt fine."): a value counts only when a known
 * health measurement names it within the same clause, separated at most by linking words ("was", "of", "this
 * morning"). Everything else a sentence holds (ages, times, distances, doses, room and phone numbers) is ignored.
 * Each name tried costs from the document's look-up budget, which every reader shares (`lookup-budget.ts`).
 */
import { findDates, type SlashOrder } from './dates';
import type { Candidate } from './inline-readings';
import { valueStarts, withoutWhenTaken } from './inline-readings';
import { looksLikeUnit, type Measurement, parseMeasurement } from './measurement';
import { plausibleAbbreviatedValue } from './message-lists';
import { DOSING_CONTEXT, isDoseUnit, isKnownMeasurement, LINKING_WORDS } from './vocabulary';

/** Clause boundaries: sentence ends before a capital, commas and semicolons, and/und/y/et between clauses. */
// A dot after a dot ends leaders (`Blood Pressure 1 .. Systolic 138`), not a sentence.
const CLAUSE_BOUNDARY = /(?<!\.)[.!?]\s+(?=\p{Lu})|,\s+|;\s*|\s+(?:and|und|y|et|but|then|with)\s+/u;
/** Articles and possessives in front of a name in prose. */
const DETERMINER = /^(?:the|a|an|her|his|their|your|my|our|its|der|die|das|le|la|les|el|los|las|il|lo)\s/i;
const CLAUSE_BOUNDARY_KEPT = new RegExp(`(${CLAUSE_BOUNDARY.source})`, 'u');
/** The longest name tried, in words ("fasting plasma glucose level"). */
const MAX_NAME_WORDS = 4;

function stripPunctuation(word: string): string {
  // Leader dots before a name (`.. Systolic`) close the caption before it.
  // `BP's 128 on 84`: the contracted `is` after a name is no part of it.
  const stripped = word.replace(/^(?:\.{2,}\s*)?[("'“‘[]+|^\.{2,}\s*|['’]s$|[)"'”’\]:,;.!?]+$/g, '');
  // A bracket the name opened is closed by the name's own: `Lp(a)`, `Apo(B)`.
  const opened = (stripped.match(/\(/g)?.length ?? 0) - (stripped.match(/\)/g)?.length ?? 0);
  return opened === 1 &&
    /^[^(]*\([^()]*\)/.test(`${stripped})`) &&
    word.startsWith(stripped) &&
    word.charAt(stripped.length) === ')'
    ? `${stripped})`
    : stripped;
}

/**
 * A judgement a letter puts between the name and the value besides the linking words (`her platelets were slightly
 * raised at 452`, `ALT markedly increased at 210`): it says how the value stands, not what was measured.
 */
const JUDGEMENT_WORDS = new Set([
  'raised',
  'increased',
  'decreased',
  'reduced',
  'borderline',
  'markedly',
  'significantly',
  // a course told with an auxiliary: `her HbA1c has improved from 62 mmol/mol`
  'has',
  'had',
  'improved',
  'worsened',
]);

/** `Your LDL Cholesterol result is 138`: the word for the result stands between the name and the verb. */
const RESULT_WORD = /^(?:result|results|reading|readings|value|values)$/i;

type Word = { text: string; start: number; end: number };

/** The non-space runs of `text` ending at or before `end`, last first, found lazily. */
function* wordsBackFrom(text: string, end: number): Generator<Word> {
  let at = end;
  while (at > 0) {
    while (at > 0 && /\s/.test(text.charAt(at - 1))) at--;
    if (at === 0) return;
    const wordEnd = at;
    while (at > 0 && !/\s/.test(text.charAt(at - 1))) at--;
    yield { text: text.slice(at, wordEnd), start: at, end: wordEnd };
  }
}

/** The last `count` words ending at or before `end`, in order. */
function lastWords(text: string, end: number, count: number): Word[] {
  const found: Word[] = [];
  for (const word of wordsBackFrom(text, end)) {
    found.push(word);
    if (found.length === count) break;
  }
  return found.reverse();
}

/**
 * The words before `end`, without the linking words and the word for the result that end them: at most the last
 * `MAX_NAME_WORDS`, which is all any caller looks at (a name is no longer; `nameAcrossComma` asks only whether
 * there are more than two). They are found walking back from `end`, so that a line of many values costs each value
 * only its own few words (splitting the whole clause again per value took 24 s on 800 k characters of `1 `).
 */
export function wordsBefore(clause: string, end: number): Word[] {
  const back = wordsBackFrom(clause, end);
  let next = back.next();
  while (!next.done) {
    const word = stripPunctuation(next.value.text).toLowerCase();
    if (!LINKING_WORDS.has(word) && !JUDGEMENT_WORDS.has(word)) break;
    next = back.next();
  }
  if (next.done) return [];
  const kept: Word[] = [next.value];
  next = back.next();
  // The word for the result is dropped only when a word stands before it (`Result 5.2` keeps `Result`).
  if (!next.done && RESULT_WORD.test(stripPunctuation((kept[0] as Word).text))) {
    kept.pop();
    kept.push(next.value);
    next = back.next();
  }
  while (!next.done && kept.length < MAX_NAME_WORDS) {
    kept.push(next.value);
    next = back.next();
  }
  return kept.reverse();
}

/**
 * `Your result for Cholesterol, Total is 212 mg/dL`: the comma that ends a clause also stands inside lab names
 * (`Cholesterol, Total`, `Vitamin D, 25-Hydroxy`). When the words before the value name nothing alone, the words
 * before the comma and after it may name a test together, as written.
 */
function nameAcrossComma(previous: string, clause: string, end: number, unit: string | null): string | null {
  const after = wordsBefore(clause, end);
  const before = lastWords(previous, previous.length, 3);
  if (after.length === 0 || after.length > 2 || before.length === 0) return null;
  const tail = stripPunctuation(
    clause.slice((after[0] as { start: number }).start, (after.at(-1) as { end: number }).end),
  );
  for (let n = Math.min(3, before.length); n >= 1; n--) {
    const head = stripPunctuation(previous.slice((before[before.length - n] as { start: number }).start).trim());
    const name = `${head}, ${tail}`;
    if (head !== '' && isKnownMeasurement(name, unit)) return name;
  }
  return null;
}

/**
 * `Post dinner sugar was 212`, `After lunch 2 hr sugar 188`, `PP sugar 190`: the meal the reading was timed by,
 * written right before the name, is part of the indicator as printed (a home glucose log's names are these).
 */
const MEAL_TIMING_BEFORE =
  /(?<![\p{L}\d])(?:(?:post|after|before|pre)[\s-]?(?:dinner|lunch|breakfast|supper|meals?|prandial)(?:\s+\d+(?:\.\d+)?\s*(?:hrs?|hours?|h))?|\d+(?:\.\d+)?\s*(?:hrs?|hours?)\s+(?:post|after)[\s-]?(?:dinner|lunch|breakfast|meals?)|pp|bedtime)\s+$/iu;

/** The known measurement name ending right before `end` (after linking words), as written, or null. */
function nameBefore(clause: string, end: number, unit: string | null): string | null {
  const before = wordsBefore(clause, end);
  const last = before.length - 1;
  if (last < 0) return null;
  for (let n = Math.min(MAX_NAME_WORDS, last + 1); n >= 1; n--) {
    const first = before[last - n + 1] as { start: number };
    const lastWord = before[last] as { end: number };
    const name = stripPunctuation(clause.slice(first.start, lastWord.end));
    if (DETERMINER.test(name)) continue; // `the serum potassium`: the name starts after the article
    if (name !== '' && /\p{L}/u.test(name) && isKnownMeasurement(name, unit)) {
      const meal = MEAL_TIMING_BEFORE.exec(clause.slice(0, first.start));
      return meal ? stripPunctuation(clause.slice(meal.index, lastWord.end)) : name;
    }
    // `Weight Saturday morning: 212 lb`: the words saying when are no part of the name (the day dates the reading).
    const bare = withoutWhenTaken(name);
    if (bare !== name && isKnownMeasurement(bare, unit)) return bare;
    // `Blood pressure sitting was 142/91`, `Pulse standing 102`: an orthostatic pair names each reading by the
    // posture, which stays in the name as written (the two readings of one visit are told apart by it).
    const posture = POSTURE_AFTER_NAME.exec(name);
    if (posture && n > 1 && isKnownMeasurement(name.slice(0, posture.index), unit)) return name;
  }
  return null;
}

/** A systolic over a diastolic as a blood pressure is written: `130/80`, `118/72`. */
const PRESSURE_PAIR = /^(\d{2,3})\/(\d{2,3})$/;

/**
 * `pressure one thirty over eighty`, `pressures 142/90 and 138/88`: handovers and ward rounds say `pressure` for the
 * blood pressure. The word alone names nothing (`pressure sore 3 cm`, `under pressure`), so only a systolic over a
 * lower diastolic right after it (linking words aside) is read, named as written.
 */
function pressureBeforePair(clause: string, end: number, value: string): string | null {
  const pair = PRESSURE_PAIR.exec(value);
  if (!pair || Number(pair[1]) <= Number(pair[2]) || Number(pair[1]) < 50) return null;
  const last = wordsBefore(clause, end).at(-1);
  if (last === undefined) return null;
  const word = stripPunctuation(last.text);
  return /^pressures?$/i.test(word) ? word : null;
}

/** The posture a vital sign was taken in, written after its name (`BP sitting`, `pulse lying`, `PA de pie`). */
const POSTURE_AFTER_NAME =
  /\s+(?:\(?(?:sitting|seated|standing|lying|supine|recumbent|erect|upright|assis|debout|couch[ée]e?|sentad[oa]|de\s+pie|acostad[oa]|em\s+p[ée]|deitad[oa]|sitzend|stehend|liegend)\)?)$/i;

/**
 * Words saying when a sample was drawn, standing between a name and its verb: `Repeat INR drawn at 23:10 that
 * evening was 1.4`, `my progesterone from Oct 20 (day 21) was 11.4 ng/mL`, `potassium taken on 03/11 was 5.9`. The
 * phrase opens with a drawing word or a when-word and ends at the verb; it holds no value of its own (a unit).
 */
const WHEN_PHRASE =
  /\s+((?:(?:drawn|taken|collected|done|checked|measured|sent|repeated)\s+)?(?:from|on|at\s+\d{1,2}[:.h]\d{2}|in\s+(?:the\s+)?(?:clinic|surgery|office|practice|hospital|a&e|ed)|drawn|taken|collected|done|checked|measured|that\s+(?:morning|afternoon|evening|night|day)|this\s+(?:morning|afternoon|evening)|yesterday|last\s+(?:night|week)|today)\b[^,;=]{0,40}?)\s+(?:was|were|is|came\s+back(?:\s+at)?|returned(?:\s+at)?|showed|read)\s*$/iu;

/** A clock time in the phrase: `at 23:10`, `at 7.30am`. */
const PHRASE_TIME = /\bat\s+(\d{1,2}[:.h]\d{2}(?:\s*[ap]\.?m\.?)?)/i;

/**
 * The name before a when-phrase that ends right before the value (`Repeat INR drawn at 23:10 that evening was`), and
 * the clock time the phrase writes, or null.
 */
function nameBeforeWhenPhrase(
  clause: string,
  end: number,
  unit: string | null,
): { name: string; time: string | null; phraseStart: number } | null {
  // The phrase is short: only the clause's last 120 characters are looked at, so long blank runs stay linear.
  const from = Math.max(0, end - 120);
  const head = clause.slice(0, end);
  const found = WHEN_PHRASE.exec(head.slice(from));
  const m = found ? Object.assign(found, { index: found.index + from }) : null;
  if (!m || /\d\s*(?:mg|g|mmol|µmol|umol|ng|pg|iu|u|%)\b/iu.test(m[1] as string)) return null;
  // The name as written up to the phrase (`Digoxin level on 22/09 was`): its last word is no linking word there.
  const written = lastWords(head, m.index, 2);
  const asWritten =
    written.length === 2 ? stripPunctuation(head.slice((written[0] as { start: number }).start, m.index)) : '';
  const whole = asWritten !== '' && /^\p{L}/u.test(asWritten) && isKnownMeasurement(asWritten, unit) ? asWritten : null;
  const name = whole ?? nameBefore(clause, m.index, unit);
  if (name === null) return null;
  const time = PHRASE_TIME.exec(m[1] as string);
  return { name, time: time ? (time[1] as string) : null, phraseStart: m.index };
}

/**
 * `71 mg/dL (was 148 in July)`, `(previously 6.8%)`: the same test's earlier result. A change told in words (`down from
 * 218 at my visit`) is no result cited, as patients' logs write it.
 */
const EARLIER_IN_BRACKETS = /^\s*\(\s*(?:was|previously|prev\.?)\s+([<>]?\d+(?:[.,]\d+)?)\s*([^()]{0,40})\)/i;

/**
 * The earlier value a bracket right after a prose reading gives (`LDL is now 71 mg/dL (was 148 in July)`): the same
 * test, with the unit the bracket writes (none when it writes none), dated only by a full date of its own: a month
 * alone (`in July`) is no day.
 */
function earlierInBrackets(
  fromValue: string,
  measurement: Measurement,
  order: SlashOrder,
): { measurement: Measurement; earlier: { date: string | null } } | null {
  const after = fromValue.slice(fromValue.length - measurement.rest.length);
  const m = EARLIER_IN_BRACKETS.exec(after);
  if (!m) return null;
  const words = (m[2] as string).trim();
  const unitWord = words.split(/\s+/)[0] ?? '';
  const unit = unitWord !== '' && looksLikeUnit(unitWord) ? unitWord : null;
  const date = findDates(words, order)[0]?.iso ?? null;
  const value = m[1] as string;
  return {
    measurement: { value, unit, referenceRange: null, flag: null, qualitative: false, rest: '' },
    earlier: { date },
  };
}

/**
 * A course told with one unit at its end (`went from 124 to 131 umol/L`, `fell from 9.1 to 7.4 %`): written so, the
 * two numbers read as a band; the unit is given to both ends.
 */
const COURSE_WITH_UNIT_AT_END =
  /(\b(?:rose|fell|went|increased|decreased|dropped|climbed|improved|worsened|came\s+down|went\s+up)\s+from\s+)([<>]?\d+(?:[.,]\d+)?)\s+to\s+([<>]?\d+(?:[.,]\d+)?)\s*([^\s,;]+?)(?=[\s,;]|\.(?:\s|$)|$)/giu;

/** A range in brackets after a name in prose: `(normal <16)`, `(ref 0.5-1.0)`, `(reference range 3.5-5.0)`. */
const NAMED_RANGE_BRACKET =
  /\(\s*(?:normal|ref(?:erence)?(?:\s+range)?|range|N)\s*[:=]?\s*((?:[<>≤≥]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?[-–]\s?\d+(?:[.,]\d+)?))\s*\)/giu;

/**
 * `weight up 1.4 kg in one week`, `lost 3 kg`, `HbA1c down by 6`: a value after a word of change is how much it moved,
 * not a reading (`down to 71 kg` and `rose to 9.1` are readings: `to` names where it stands).
 */
const CHANGE_BEFORE_VALUE =
  /\b(?:up|down|gained|lost|gain\s+of|loss\s+of|(?:increased|decreased|rose|fell|dropped)\s+by|a\s+(?:rise|fall|drop)\s+of)\s+(?:by\s+)?(?:another\s+|a\s+further\s+)?$/i;

/** `repeat the potassium in 2 weeks`: a number of days, weeks or months after a name is when, not what. */
const DURATION = /^(?:days?|weeks?|wks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?)\b/i;

/**
 * `TSH (2.1)`: a bare number in brackets right after a word is that word's value. Four-digit years (`(2019)`) and
 * one-digit footnote or list marks (`(1)`) are left alone; the brackets become spaces so positions stay.
 */
const BRACKETED_VALUE = /(?<=\p{L}\s?)\((\d{2,3}(?:[.,]\d+)?|\d[.,]\d+)\)/gu;

/** The condition a repeated vital was taken under, right after its value: `after deep breathing`, `on 2 L oxygen`. */
const CONDITION_AFTER_VALUE =
  /^\s*(?:after|on|off|with|without|post|following|during|while|at\s+rest|on\s+exertion)\b/i;

/**
 * The reading that ends the text before a comma, when this text opens with a value: a line cut at its commas
 * (`O2 sat 94 % on room air` | `96 % after deep breathing`) is read a part at a time.
 */
function readingCommaBefore(clause: string, before: string | null, order: SlashOrder): Candidate | undefined {
  if (before === null || !/^\s*[<>]?\d/.test(clause)) return undefined;
  return readingsInProse(before, order, null).at(-1);
}

/** `<3 ng/L on arrival and 5 ng/L at three hours`: `and`/`then` before a clause that opens with a value. */
const SAME_TEST_AGAIN = /^\s+(?:and|then)\s+$/;

/**
 * A clause opening with a value in the unit of the reading just before it (`Troponin T was <3 ng/L on arrival and
 * 5 ng/L at three hours`) is a later reading of the same test. The unit must be written and the same.
 */
function laterValue(clause: string, prior: Candidate | undefined): Candidate | null {
  if (!prior || prior.measurement.unit === null) return null;
  const start = clause.search(/\S/);
  const measurement = start < 0 ? null : parseMeasurement(clause, start);
  if (!measurement || measurement.unit !== prior.measurement.unit || measurement.qualitative) return null;
  return { name: prior.name, measurement, complete: false };
}

/** `hypokalaemia (K 3.3)`, `(Na 128)`: a bracket holding a test's abbreviation and a number, and nothing else. */
const BRACKETED_ABBREVIATION = /\(\s*([A-Za-z][A-Za-z0-9]{0,7})\s*[:=]?\s*(\d{1,5}(?:[.,]\d{1,3})?)\s*\)/g;

/**
 * Letters cite a result in brackets after the finding it supports (`hyponatraemia (Na 131 mmol/L) and hypokalaemia
 * (K 3.3)`), often without a unit. Without one, only an unmistakable abbreviation with a number in its test's span
 * counts (`message-lists.ts`): `K` alone is no known name without a unit.
 */
function bracketedAbbreviations(clause: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of clause.matchAll(BRACKETED_ABBREVIATION)) {
    const [, name, value] = m as unknown as [string, string, string];
    if (!plausibleAbbreviatedValue(name, value)) continue;
    const measurement = { value, unit: null, referenceRange: null, flag: null, qualitative: false, rest: '' };
    found.push({ name, measurement, complete: false });
  }
  return found;
}

/**
 * Readings named by a known measurement inside prose. Doses in a medication context are skipped. `before`: the text
 * in front of this one when only a comma parts them (a name may span it).
 */
export function readingsInProse(text: string, order: SlashOrder, before: string | null = null): Candidate[] {
  const found: Candidate[] = [];
  // Clauses and the boundaries between them, alternately.
  const parts = text.split(CLAUSE_BOUNDARY_KEPT);
  let readAt = -1; // the clause the last reading was found in
  for (let k = 0; k < parts.length; k += 2) {
    // `troponin I (normal <16) rose from 48 ng/L …`: the bracketed range is the test's, blanked so the name stays
    // next to its verb (spaces keep every position).
    let clauseRange: string | null = null;
    const clause = (parts[k] as string)
      .replace(NAMED_RANGE_BRACKET, (all, range: string) => {
        clauseRange ??= range.trim();
        return ' '.repeat(all.length);
      })
      .replace(BRACKETED_VALUE, ' $1 ')
      .replace(COURSE_WITH_UNIT_AT_END, (_all, lead: string, from: string, to: string, unit: string) =>
        looksLikeUnit(unit) ? `${lead}${from} ${unit} to ${to} ${unit}` : _all,
      );
    let course: Candidate | null = null; // the reading a `from` opened: `rose from 48 ng/L … to 2,140 ng/L`
    const previous = k >= 2 ? (/^,\s+$/.test(parts[k - 1] as string) ? (parts[k - 2] as string) : null) : before;
    if (!/\d/.test(clause)) continue;
    // Only the clause right before: the reading must end the clause the `and` continues.
    const prior = readAt === k - 2 ? found.at(-1) : k === 0 ? readingCommaBefore(clause, before, order) : undefined;
    const joiner = parts[k - 1] ?? '';
    const afterComma = /^,\s+$/.test(joiner) || (k === 0 && prior !== undefined);
    const laterAgain = SAME_TEST_AGAIN.test(joiner) || afterComma ? laterValue(clause, prior) : null;
    // After a comma only a value told under other conditions (`94 % on room air, 96 % after deep breathing`): a
    // comma lists other things too, and a bare number there may be anyone's.
    const again =
      laterAgain && (SAME_TEST_AGAIN.test(joiner) || CONDITION_AFTER_VALUE.test(laterAgain.measurement.rest))
        ? laterAgain
        : null;
    if (again) {
      found.push(again);
      readAt = k;
      continue;
    }
    const count = found.length;
    for (const start of valueStarts(clause, order)) {
      const measurement = parseMeasurement(clause, start);
      if (!measurement || measurement.qualitative) continue;
      if (measurement.unit === null && DURATION.test(measurement.rest)) continue;
      if (isDoseUnit(measurement.unit) && measurement.unit !== null && DOSING_CONTEXT.test(clause)) continue;
      const before = clause.slice(Math.max(0, start - 8), start);
      if (CHANGE_BEFORE_VALUE.test(clause.slice(Math.max(0, start - 24), start))) continue;
      const courseUnit = course?.measurement.unit ?? null;
      if (
        course &&
        /\bto\s+$/i.test(before) &&
        (measurement.unit === null || courseUnit === null || measurement.unit === courseUnit)
      ) {
        // `went from 124 to 131 umol/L`: one unit written once serves both ends.
        measurement.unit ??= courseUnit;
        course.measurement.unit ??= measurement.unit;
        measurement.referenceRange ??= course.measurement.referenceRange;
        found.push({ name: course.name, measurement, complete: false });
        course = null;
        continue;
      }
      const name =
        nameBefore(clause, start, measurement.unit) ??
        (previous === null ? null : nameAcrossComma(previous, clause, start, measurement.unit)) ??
        pressureBeforePair(clause, start, measurement.value);
      // A name inside the phrase (`my fasting sugar on the glucometer was 6.4`) is the device, not the test.
      const whenWritten = nameBeforeWhenPhrase(clause, start, measurement.unit);
      if (whenWritten && (name === null || whenWritten.phraseStart < clause.lastIndexOf(name, start))) {
        found.push({ name: whenWritten.name, measurement, complete: false, takenAt: whenWritten.time });
        continue;
      }
      if (name === null) continue;
      if (clauseRange !== null) measurement.referenceRange ??= clauseRange;
      found.push({ name, measurement, complete: false });
      course = /\bfrom\s+$/i.test(before) ? (found.at(-1) as Candidate) : null;
      const earlier = earlierInBrackets(clause.slice(start), measurement, order);
      if (earlier) found.push({ name, ...earlier, complete: false });
    }
    if (found.length === count) found.push(...bracketedAbbreviations(clause));
    if (found.length > count) readAt = k;
  }
  return found;
}
