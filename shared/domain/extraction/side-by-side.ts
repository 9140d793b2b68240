/**
 * Several readings side by side on one line, each its name, its value and perhaps its unit, with nothing between them
 * but spaces:
 *
 *   Urea pre      24.6  mmol/L      Urea post     6.8 mmol/L      URR  72 %
 *   Na 139 mmol/L  K 4.1 mmol/L  Cl 101 mmol/L
 *   BP 128/82 HR 74 SpO2 97% T 36.8
 *
 * The gap splitter (`splitSegments`) cuts a fixed-width line between a name and its value as readily as between two
 * readings, and a single-spaced line not at all; here the line is cut by what its words are instead: a run of words
 * is a name, a number ends it, a unit (or a flag) may follow the number; a range there makes it a table row. A word after a value
 * that looks like a unit but is followed by a number is the next name (`Cl 101`, `K 4.1`: chloride, potassium).
 *
 * Only a line that is wholly such groups, at least two, is cut this way (a trailing bracketed note in words, such as
 * `(target >65%)`, is left aside): anything else (prose, a date, a phone number, a table row led by a value) is left
 * to the other readers. Whether each group is a reading is the caller's to judge.
 */
import { FLAG_CELL, looksLikeUnit } from './measurement';

/** A line longer than this is prose or a table, not a line of readings; it also bounds the work per line. */
const MAX_TOKENS = 40;
/** Longer than this, a line is not one of a few readings side by side, however wide its gaps. */
const MAX_LENGTH = 500;
/** A name of more words than this is a sentence. */
const MAX_NAME_WORDS = 4;

/** `24.6`, `5,4`, `<0.1`, `97%`, `128/82`: a result as a reading line prints it. */
const VALUE = /^[<>≤≥]?\d+(?:[.,]\d+)?(?:\/\d+(?:[.,]\d+)?)?%?$/;
/** `(3.5-5.3)`, `3.5-5.3`, `[<5]`: a reference range right after a value. */
const RANGE = /^[([]?\s*(?:[<>≤≥]\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?)\s*[)\]]?$/;
/** A bracketed note in words after the last reading (`(target >65%)`, `(fasting)`). */
const TRAILING_NOTE = /\s*\([^()]*\p{L}{2}[^()]*\)\s*$/u;
/**
 * A word that makes a group a goal, a band, a condition or an earlier result rather than a reading (`LDL goal 70`,
 * `Optimal LDL 2.6`, `If Potassium 6.0`, `Previous HbA1c 52`): such a line is left to the readers that weigh those
 * words (review of session 21).
 */
const NOT_A_RESULT_WORD =
  /^(?:goals?|targets?|aims?|optimal|desirable|ideal|normal|reference|ref|recommended|limit|cut-?off|previous|prior|last|earlier|if|when|keep|below|above|under|over|less|more|for|ziel|objectif|objetivo|obiettivo|meta)$/i;

/** A word that is part of a name: it holds a letter and is not a value. */
const NAME_WORD = /\p{L}/u;

/** The groups of a line of side-by-side readings (`Urea pre 24.6 mmol/L`, `Urea post 6.8 mmol/L`), or null. */
export function sideBySideGroups(text: string): string[] | null {
  if (text.length > MAX_LENGTH) return null;
  const line = text.replace(TRAILING_NOTE, '').trim();
  if (line === '') return null;
  const tokens = line.match(/\([^()]*\)|\[[^[\]]*\]|\S+/g) ?? [];
  if (tokens.length < 4 || tokens.length > MAX_TOKENS) return null;
  const groups: string[] = [];
  let name: string[] = [];
  let k = 0;
  // A comma or semicolon parts readings already (`BP 112/68 mmHg, HR 74 bpm`): the segment splitter reads that line.
  if (tokens.some((token) => /[,;]$/.test(token))) return null;
  while (k < tokens.length) {
    const token = tokens[k] as string;
    if (!VALUE.test(token)) {
      if (!NAME_WORD.test(token) || /[:=]$/.test(token) || NOT_A_RESULT_WORD.test(token)) return null;
      name.push(token);
      if (name.length > MAX_NAME_WORDS) return null;
      k++;
      continue;
    }
    if (name.length === 0) return null;
    const group = [...name, token];
    k++;
    // What may follow the value, each at most once: a unit, a flag.
    const next = (at: number) => tokens[at] ?? null;
    const beforeValue = (at: number) => {
      const after = next(at + 1);
      return after !== null && VALUE.test(after);
    };
    const valueHasUnit = token.endsWith('%');
    let unit = false;
    let flag = false;
    for (;;) {
      const token = next(k);
      if (token === null || beforeValue(k)) break;
      if (!unit && !flag && !valueHasUnit && looksLikeUnit(token)) unit = true;
      else if (!flag && FLAG_CELL.test(token)) flag = true;
      // A range after a value makes the line a table row, or two columns of a two-column page (`columns.ts`).
      else if (RANGE.test(token)) return null;
      else break;
      group.push(token);
      k++;
    }
    groups.push(group.join(' '));
    name = [];
  }
  if (name.length > 0 || groups.length < 2) return null;
  return groups;
}
