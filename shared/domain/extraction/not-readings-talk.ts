/**
 * Numbers in what people say about results rather than in a statement of one: a patient's question (`Is a TSH of 4.8
 * something to worry about?`), a value recalled without its date (`Her previous TSH of 6.2 mIU/L prompted …`, `Baseline
 * creatinine around 90`), and the lines of a plan or a list of goals (`Plan: 1500 kcal/day, walk 10000 steps/day`,
 * `Daily targets: protein 90 g, sodium < 2000 mg`). Each is read only outside a table: a table row states a result
 * whatever words surround it.
 */

/**
 * The end of the clause the value stands in: `.`, `!`, `?`, a comma or a semicolon (a decimal point or comma is no
 * end), or the line's end, brackets aside. A question asked in a later clause (`was 11.4 ng/mL, they said ovulation confirmed if
 * >10?`) does not make the stated value asked.
 */
function sentenceEnd(text: string): string {
  // A bracketed aside after the value (`weight 87.9 (after xmas choc finally gone??)`) is a remark of its own: its
  // question mark asks nothing of the value.
  // A bare `(?)` is the writer doubting the value itself, and stays.
  const outside = text.replace(/[(（][^()（）\p{L}]{0,40}\p{L}[^()（）]{0,80}[)）]/gu, ' ');
  const end = /[!?？！。;；]|[.,](?!\d)/u.exec(outside);
  return end ? end[0] : '';
}

/** A line that is a question put to someone: `Q:`, `Question:`, `Frage:`, `Pregunta:`. */
const QUESTION_CAPTION = /^\s*(?:q|question|frage|pregunta|pergunta|domanda|vraag|pytanie|质问|質問|问题)\s*[:：]/iu;

/**
 * Whether the value sits in a question: the sentence it stands in ends with a question mark, or the line is captioned
 * as a question. A result is stated, never asked.
 */
export function isAsked(value: string, line: string, valueAt: number): boolean {
  if (QUESTION_CAPTION.test(line)) return true;
  if (valueAt < 0) return false;
  return /[?？]/u.test(sentenceEnd(line.slice(valueAt + value.trim().length)));
}

/** Words saying a value is an earlier one or a usual level: `previous`, `baseline`, `früherer`, `anterior`. */
const RECALLED = `(?:previous|prior|earlier|old|baseline|usual|vorherige[rsn]?|frühere[rsn]?|alte[rsn]?|anterior|previo|previa|pr[ée]c[ée]dente?|ancien(?:ne)?|habituel(?:le)?|precedente|vorige|eerdere|poprzedni[ae]?)`;

/** Such a word right before the name (`previous TSH of`), a `value of` after it allowed (`valor anterior de`). */
const RECALLED_BEFORE_NAME = new RegExp(
  String.raw`(?:^|[^\p{L}])${RECALLED}\s+(?:(?:level|value|wert|valor|valeur|valore|waarde)\s+(?:of|de|di|van)\s+)?$`,
  'iu',
);

/** Such a word opening the name as read (`Baseline creatinine`). */
const RECALLED_NAME = new RegExp(String.raw`^${RECALLED}\s+\p{L}`, 'iu');

/** A date written on the line (`12-Aug-2026`, `03/2026`, `in March`, `2024`; a decimal `6.2` is none): a recalled value with one is an earlier reading. */
const ANY_DATE =
  /\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}|\d{1,2}[./-](?:19|20)\d{2}|\b(?:19|20)\d{2}\b|(?<![\p{L}])(?:jan(?:uary|vier|uar|eiro)?|feb(?:ruary|ruar|rero)?|f[ée]vr(?:ier)?|m[aä]r(?:ch|s|z|zo|ço)?|apr(?:il|ile)?|avr(?:il)?|abr(?:il)?|may|mai|mayo|maggio|mei|jun(?:e|i|io|ho)?|juin|giugno|jul(?:y|i|io|ho)?|juil(?:let)?|luglio|aug(?:ust|ustus)?|ao[uû]t|ago(?:sto)?|sep(?:t|tember|tembre|tiembre|tembro)?|oct(?:ober|obre|ubre)?|okt(?:ober)?|ott(?:obre)?|nov(?:ember|embre|iembre|embro)?|dec(?:ember)?|d[ée]c(?:embre)?|dez(?:ember|embro)?|dic(?:iembre|embre)?|ene(?:ro)?|gen(?:naio)?)\.?(?![\p{L}])/iu;

/**
 * Whether the reading is a value recalled without its date: an earlier or usual level (`previous`, `baseline`) named
 * right before the test (the name stands at `at` on the line), on a line that writes no date. With a date it is an earlier reading of its own (`Previous
 * lithium 0.86 mmol/L on 12-Aug-2026`).
 */
export function isRecalledWithoutDate(name: string, line: string, at: number): boolean {
  const trimmed = name.trim();
  if (at < 0) return false;
  const recalled = RECALLED_NAME.test(trimmed) || RECALLED_BEFORE_NAME.test(line.slice(Math.max(0, at - 30), at));
  return recalled && !ANY_DATE.test(line);
}

/**
 * A line captioned as a plan, a treatment or a list of goals (`Plan:`, `Daily targets:`, `Tratamiento:`, `Objectifs :`):
 * every number on it is something to do or to reach.
 */
const PLAN_OR_GOALS_CAPTION =
  /^\s*(?:[\p{L}-]+\s+)?(?:plan|management|treatment|therapy|medications?|meds|targets?|goals?|aims?|recommendations?|advice|instructions?|tratamiento|plan\s+de\s+tratamiento|objetivos|metas?|traitement|objectifs?|conduite\s+[àa]\s+tenir|terapia|obiettivi|therapie|medikation|procedere|empfehlung(?:en)?|ziele|zielwerte|behandeling|beleid|streefwaarden|doelen|leczenie|zalecenia|cele)\s*[:：]/iu;

/**
 * A longer caption that speaks of a goal before its colon (`Treatment target if statin indicated: LDL-C <2.0 mmol/L or
 * non-HDL-C <2.6 mmol/L`, `Therapieziel bei hohem Risiko:`). A caption with a number in it is a reading's name with its
 * goal in brackets (`HbA1c (target <7%): 7.4`) and is not one. A note's `Objective:` / `Objetivo:` (SOAP's findings
 * section, where measured vitals stand) and morphology's `Target cells:` are no goals; the plural `Objectives:` is.
 */
const GOAL_IN_CAPTION =
  /(?:^|[^\p{L}])(?:targets?(?!\s+cells?(?![\p{L}]))|goals?|objectives|objetivos|metas?|objectifs?|cibles?|obiettivi|ziele?|zielwerte?|therapieziele?|behandelziele?|streefwaarden?|doelen|cele)(?![\p{L}-])/iu;

/** Whether the line is a plan's or a goal list's: its caption says so. */
export function isPlanOrGoalsLine(line: string): boolean {
  if (PLAN_OR_GOALS_CAPTION.test(line)) return true;
  const colon = line.search(/[:：]/u);
  if (colon < 0 || colon > 60) return false;
  const caption = line.slice(0, colon);
  return !/\d/.test(caption) && GOAL_IN_CAPTION.test(caption);
}
