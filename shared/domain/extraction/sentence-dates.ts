/**
 * A prose reading dated by a date its own sentence writes, as letters and lab notes mention an earlier result:
 *
 *   `Previous lithium 0.86 mmol/L on 12-Aug-2026.`, `Vorige uitslag kreatinine 128 µmol/L (12-08-2026).`,
 *   `Kontrolle in 4 Wochen. Vorbefund vom 14.10.2026: Kreatinin 1,21 mg/dl.`, `前回値（2026年8月20日）：LDL 171 mg/dL`,
 *   `TSH 5,94 µUI/mL em 12/05/2026`.
 *
 * The date counts when the sentence calls the reading an earlier one (`previous`, `Vorbefund`, `前回`), or when the
 * date is joined right after the reading by a word or a bracket (`on`, `em`, `vom`, `(…)`). A date after a word that
 * looks ahead (`repeat on`, `next`, `due`) is an appointment, never the reading's; neither is one before the reading
 * that no earlier word introduces (`Seen 12/03/2026, glucose 6.1` is the letter's account, dated elsewhere).
 */
import { findDates, type SlashOrder } from './dates';

/** Words calling a result an earlier one, in the languages partners write. */
const EARLIER_WORD =
  /(?:\b(?:previous|prior|earlier|last\s+(?:result|value|reading|level)s?|vorige|vorbefund\w*|vorwert\w*|vorherige\w*|letzte[rn]?\s+(?:wert|befund)\w*|anteriore?s?|ant[ée]rieure?s?|ant[ée]riorit[ée]s?|pr[ée]c[ée]dente?s?|precedent[ei]|vorig\w*)\b|前回|上次|前次|이전|직전)/iu;

/** What joins a date to the reading before it: `on`, `em`, `vom`, `le`, `from`, a bracket. */
const JOINER = /(?:\b(?:on|em|am|vom|von|le|du|del|de|do|da|from|dated|drawn|taken|collected|op|van)|[([（【])\s*$/iu;

/** Words that put the date after them ahead of the reading: an appointment or a recall. */
const AHEAD =
  /\b(?:next|repeat|recheck|re-?test|follow[-\s]?up|due|until|till|before|booked|scheduled|appointment|appt|kontrolle|wiederholung|n[äa]chste[rn]?|herhal\w*|volgende|pr[óo]xim[oa]|prochain\w*|prossim[oa]|controle|contr[ôo]le|再検査|次回)\b/iu;

/** Where a sentence ends: a full stop, question or exclamation mark before a space or the end, or a CJK stop. */
function sentenceAround(line: string, at: number, end: number): { start: number; text: string } {
  let start = 0;
  for (const m of line.slice(0, at).matchAll(/[.!?](?=\s)|[。！？]/gu)) start = (m.index as number) + 1;
  const tail = /[.!?](?=\s|$)|[。！？]/u.exec(line.slice(end));
  const stop = tail ? end + tail.index : line.length;
  return { start, text: line.slice(start, stop) };
}

/** A value right after a name, maybe after a colon or a verb (`lithium 0.86`, `INR was 1.4`). */
const VALUE_NEXT = /^\s*(?:[:：=]\s*|(?:was|is|of|level|value)\s+){0,2}[<>≤≥]?\d/iu;

/** Where the name stands before its value: the sentence before may name the test too (`Repeat lithium in 1 week.`). */
function readingPlace(line: string, name: string): number {
  let at = line.indexOf(name);
  const first = at;
  while (at >= 0) {
    if (VALUE_NEXT.test(line.slice(at + name.length, at + name.length + 30))) return at;
    at = line.indexOf(name, at + 1);
  }
  return first;
}

/**
 * The date (ISO) that the sentence holding `name` on `line` gives its reading, or null when the sentence writes none
 * or its date is not the reading's.
 */
export function sentenceDate(line: string, name: string, order: SlashOrder): string | null {
  if (line.length > 400) return null;
  const at = readingPlace(line, name);
  if (at < 0) return null;
  const sentence = sentenceAround(line, at, at + name.length);
  const dates = findDates(sentence.text, order);
  if (dates.length !== 1) return null;
  const date = dates[0] as (typeof dates)[number];
  const before = sentence.text.slice(0, date.start);
  if (AHEAD.test(before)) return null;
  if (EARLIER_WORD.test(sentence.text)) return date.iso;
  const nameAt = at - sentence.start;
  return date.start > nameAt && JOINER.test(before) ? date.iso : null;
}
