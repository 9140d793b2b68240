/**
 * When the readings in a clinic letter or discharge summary were taken. A letter is dated when it is typed or sent,
 * days after the readings it reports; the text itself says when they were taken:
 *
 *   - `Admitted: 07/01/2026`, `Admitted 19/02/2026, discharged 22/02/2026`, `Date of admission: …` gives the
 *     admission date;
 *   - `On arrival (07/01/2026 22:40) temperature 38.9°C, HR 118 …`, `On admission her haemoglobin was …`, `in ED`,
 *     `Admission bloods showed …` opens an arrival account: the prose readings after it, to the end of its
 *     paragraph (a blank line), were taken at arrival — on the date written with the phrase, else on the admission
 *     date. A time written with the phrase stamps only its own sentence: the next sentence (`Urine dipstick in ED:
 *     leucocytes 3+`) happened later that day, at a time the letter does not give;
 *   - `Bloods on the day of discharge (18/05/2026):` introduces what follows with its date (a section date);
 *   - `EGD on 11/03 showed a 1 cm ulcer. H. pylori stool antigen: Negative.`: once the account of the stay names a
 *     day after admission, a prose reading after it in the paragraph was taken on a day the letter does not give, so
 *     the letter's admission date is not its day (`pastFirstDay`).
 *
 * Table rows keep their own column dates; the account dates only readings read from prose.
 */

import { findDates, iso, type SlashOrder, withTimeAfter } from './dates';
import { monthAndDayOfCell } from './yearless-dates';

/** `Admitted: 07/01/2026`, `Admitted 19/02/2026,`, `Date of admission - 14/05/2026`, `Admission date: …`. */
const ADMISSION_CAPTION = /\b(?:admitted(?:\s+on)?|date\s+of\s+admission|admission\s+date)\s*[:\-–]?\s*$/i;

const ADMISSION_WORD = /admi(?:tted|ssion)/i;

/** `Discharged: 23/10/2026`, `Discharge Date:  03/09/2026`, `Date of discharge - …`. */
const DISCHARGE_CAPTION = /\b(?:discharged(?:\s+on)?|date\s+of\s+discharge|discharge\s+date)\s*[:\-–]?\s*$/i;

/** The phrases that open an account of the day the patient went home: `Discharge vitals:`, `on day of discharge`. */
const DEPARTURE =
  /\b(?:(?:on|at)\s+(?:the\s+)?(?:day\s+of\s+)?discharge|discharge\s+(?:vitals|observations|obs|exam(?:ination)?)\b)/i;

/** The phrases that open an account of the patient's arrival. */
const ARRIVAL =
  /\b(?:(?:on|at)\s+(?:arrival|admission|presentation)|admission\s+(?:bloods|observations|obs|tests)|in\s+(?:ED|A&E|the\s+emergency\s+department))\b/i;

/**
 * A draw told in a letter with its date: `her bloods taken on 12 January 2026`, `blood tests on 03/02/2026 showed`,
 * `results from 12/01/2026`, `labs drawn 02/03/2026`. Only the date right after the phrase counts (`openAccount`).
 */
const DRAWN_ON =
  /\b(?:bloods?|blood\s+(?:tests?|work|results)|labs?|lab\s+results|results|tests)\s+(?:(?:were|was)\s+)?(?:(?:taken|drawn|done|collected|sent|checked)(?:\s+(?:on|dated))?|on|from|dated)(?=\s)/i;

/** A draw's subject ending a line, and its verb and `on` opening the next. */
const DRAWN_SUBJECT_ENDING = /\b(?:bloods?|blood\s+(?:tests?|work|results)|labs?|results|tests)\s*$/i;
const DRAWN_VERB_OPENING = /^\s*(?:(?:were|was)\s+)?(?:taken|drawn|done|collected|sent|checked)\s+(?:on|dated)(?=\s)/i;

/** Words before a draw that put it ahead: `repeat bloods on`, `will check bloods on`, `bloods due` is caught by the date. */
const PLANNED_BEFORE =
  /\b(?:repeat|recheck|next|book(?:ed)?|arrange[sd]?|will|plan(?:ned)?|request(?:ed)?|due|further)\s+(?:\p{L}+\s+)?$/iu;

/** An event's day joined by `on` in running text: `on 11/03`, `on 3 Nov`, `on 11/03/2026`. */
const EVENT_DAY =
  /\bon\s+(\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\d{1,2}\s+\p{L}{3,9}\.?|\p{L}{3,9}\.?\s+\d{1,2})(?![\d/.-]?\d)/giu;

/** A sentence's end: a full stop, question or exclamation mark before a space or the end of the line. */
const SENTENCE_END = /[.!?](?=\s|$)/;

/** A time opening the line, closing a bracket left open on the line above (`On arrival (07/01/2026` / `22:40) …`). */
const TIME_OPENING_LINE = /^\s*(?:at\s+)?(\d{1,2}[:h]\d{2})\s*\)/i;

/** A line introducing what follows with its date: `Bloods on the day of discharge (18/05/2026):`. */
const INTRODUCING_LINE = /^[^\d]{3,80}[([]?\s*$/u;

interface ArrivalAccount {
  /** The day of the account, `YYYY-MM-DD`. */
  date: string;
  /** The date with the time written with the phrase, for its own sentence; null without a time. */
  timed: string | null;
  /** The sentence the time stamps is still being read (it may run over lines). */
  sentenceOpen: boolean;
  /** The line the account opened on, and where on it. */
  line: number;
  column: number;
  /** The line's date bracket was left open: its time may open the next line. */
  awaitsTime: boolean;
  /** A draw's account (`bloods taken on …`) ends where the paragraph names another event's day (`EGD on 11/03`). */
  drawn?: boolean;
  until?: ReadingPlace;
}

/** Where a reading's name sits, for dating it against a sentence end on the same line. */
export interface ReadingPlace {
  line: number;
  column: number;
}

export class LetterDates {
  private admission: string | null = null;
  private discharge: string | null = null;
  private account: ArrivalAccount | null = null;
  /** Where the paragraph first named a day after admission (`EGD on 11/03`), or null. */
  private movedOn: ReadingPlace | null = null;
  /** Where the stamped sentence ended on the line being read (readings before it take the time). */
  private sentenceEndsAt: { line: number; column: number } | null = null;

  constructor(private readonly order: SlashOrder) {}

  /** Reads what a line says about dates; call for every line, a blank one included. */
  see(index: number, text: string): void {
    if (text.trim() === '') {
      this.account = null; // a paragraph ends its account
      this.movedOn = null;
      this.lineAbove = '';
      return;
    }
    if (text.length > 2000) return;
    this.sentenceEndsAt = null;
    this.seeAdmission(text);
    this.movedOn ??= this.laterDay(index, text);
    const account = this.account;
    if (account && account.line < index) this.continueSentence(index, text, account);
    if (account?.drawn && account.until === undefined) {
      const other = [...text.matchAll(EVENT_DAY)].find((m) => account.line < index || (m.index ?? 0) > account.column);
      if (other) account.until = { line: index, column: (other.index ?? 0) + other[0].length };
    }
    const arrival = ARRIVAL.exec(text);
    if (arrival) this.openAccount(index, text, arrival.index, arrival.index + arrival[0].length, this.admission);
    // The day of discharge: an account of its own, dated by the discharge date (`Discharged: 23/10/2026`).
    const departure = arrival ? null : DEPARTURE.exec(text);
    if (departure) {
      this.account = null;
      this.openAccount(index, text, departure.index, departure.index + departure[0].length, this.discharge);
    }
    // `Her bloods taken on 12 January 2026 showed …`: the draw's own date, written with the phrase, for the paragraph.
    this.plannedAbove = false;
    const drawn = arrival || departure ? null : (DRAWN_ON.exec(text) ?? this.drawnAcrossLines(text));
    const planned = drawn?.index === 0 ? this.plannedAbove : false;
    if (drawn && !planned && !PLANNED_BEFORE.test(text.slice(Math.max(0, drawn.index - 30), drawn.index))) {
      const written = findDates(text.slice(drawn.index + drawn[0].length), this.order)[0];
      if (written) this.account = null; // a new draw's date starts its own account
      this.openAccount(index, text, drawn.index, drawn.index + drawn[0].length, null);
      const opened = this.account !== account ? this.account : null;
      if (opened) {
        opened.drawn = true;
        // The draw's own date is the first `on` day after the phrase; a later one on the line is another event's.
        const from = drawn.index + drawn[0].length;
        const days = [...text.slice(from).matchAll(EVENT_DAY)].filter((m) => (m.index ?? 0) > 2);
        const other = days[0];
        if (other) opened.until = { line: index, column: from + (other.index ?? 0) + other[0].length };
      }
    }
    this.lineAbove = text;
  }

  /** Whether the line above ended with a planned draw's subject (`… will repeat her bloods` / `on 12/02/2026`). */
  private plannedAbove = false;
  private lineAbove = '';

  /** `… Her bloods` / `taken on 12 January 2026 showed …`: the draw's subject ended the line above. */
  private drawnAcrossLines(text: string): RegExpExecArray | null {
    const subject = DRAWN_SUBJECT_ENDING.exec(this.lineAbove);
    if (!subject) return null;
    this.plannedAbove = PLANNED_BEFORE.test(this.lineAbove.slice(Math.max(0, subject.index - 30), subject.index));
    return DRAWN_VERB_OPENING.exec(text);
  }

  /** The date a prose reading at this place takes from an arrival account, or null outside one. */
  dateAt(place: ReadingPlace): string | null {
    const account = this.account;
    if (!account || place.line < account.line) return null;
    const until = account.until;
    if (until && (place.line > until.line || (place.line === until.line && place.column > until.column))) return null;
    if (place.line === account.line && place.column >= 0 && place.column < account.column) return null;
    if (account.timed === null) return account.date;
    const end = this.sentenceEndsAt;
    if (end !== null && end.line === place.line) return place.column < end.column ? account.timed : account.date;
    return account.sentenceOpen ? account.timed : account.date;
  }

  /**
   * Whether a prose reading here comes after its paragraph named a day past `documentDate`, the admission date: its
   * day is then none the letter gives.
   */
  pastFirstDay(place: ReadingPlace, documentDate: string | null): boolean {
    const moved = this.movedOn;
    if (moved === null || this.admission === null || documentDate?.slice(0, 10) !== this.admission.slice(0, 10)) {
      return false;
    }
    return place.line > moved.line || (place.line === moved.line && place.column > moved.column);
  }

  /** Where the line names an event's day after admission (`EGD on 11/03 showed …`), or null. */
  private laterDay(index: number, text: string): ReadingPlace | null {
    const admission = this.admission?.slice(0, 10);
    if (admission === undefined || !/\bon\s/i.test(text)) return null;
    for (const m of text.matchAll(EVENT_DAY)) {
      const written = m[1] as string;
      const full = findDates(written, this.order)[0];
      const found = full ? null : monthAndDayOfCell(written, this.order);
      const day = full?.iso ?? (found ? iso(Number(admission.slice(0, 4)), found.month, found.day) : null);
      if (day !== null && day.slice(0, 10) > admission) return { line: index, column: (m.index ?? 0) + m[0].length };
    }
    return null;
  }

  private seeAdmission(text: string): void {
    const admits = ADMISSION_WORD.test(text);
    const discharges = /discharge/i.test(text);
    if (!admits && !discharges) return; // most lines: no date search
    let admissionSeen = false;
    let dischargeSeen = false;
    for (const date of findDates(text, this.order)) {
      const before = text.slice(Math.max(0, date.start - 40), date.start);
      if (admits && !admissionSeen && ADMISSION_CAPTION.test(before)) {
        this.admission = date.iso;
        admissionSeen = true;
      }
      if (discharges && !dischargeSeen && DISCHARGE_CAPTION.test(before)) {
        this.discharge = date.iso;
        dischargeSeen = true;
      }
    }
  }

  private openAccount(index: number, text: string, start: number, end: number, day: string | null): void {
    const after = text.slice(end);
    const written = findDates(after, this.order).find((d) => /^\s*[([]?\s*$/.test(after.slice(0, d.start)));
    // A second phrase in the same account (`Urine dipstick in ED`, `<3 ng/L on arrival`) goes on with it.
    if (this.account && !written) return;
    const date = written?.iso ?? day;
    if (date === null) return;
    // The account opens with the sentence holding the phrase (`Troponin T was <3 ng/L on arrival`).
    const sentenceStart = Math.max(text.lastIndexOf('. ', start), text.lastIndexOf('; ', start));
    const column = sentenceStart < 0 ? 0 : sentenceStart + 2;
    const rest = written ? after.slice(written.end) : '';
    const timedHere = written ? withTimeAfter(written.iso, rest) : date;
    const timed = timedHere !== date ? timedHere : null;
    const awaitsTime =
      written !== undefined && timed === null && /\(\s*$/.test(after.slice(0, written.start)) && rest.trim() === '';
    this.account = { date, timed, sentenceOpen: timed !== null, line: index, column, awaitsTime };
    if (timed !== null) this.endSentence(index, text, end + (written?.end ?? 0));
  }

  private continueSentence(index: number, text: string, account: ArrivalAccount): void {
    if (account.awaitsTime) {
      account.awaitsTime = false;
      const time = TIME_OPENING_LINE.exec(text);
      if (time && account.timed === null) {
        const timed = withTimeAfter(account.date, ` ${time[1]}`);
        if (timed !== account.date) {
          account.timed = timed;
          account.sentenceOpen = true;
          this.endSentence(index, text, time[0].length);
          return;
        }
      }
    }
    if (account.sentenceOpen) this.endSentence(index, text, 0);
  }

  /** Finds where the stamped sentence ends on this line, from `from` on; it stays open when the line has no end. */
  private endSentence(index: number, text: string, from: number): void {
    const account = this.account as ArrivalAccount;
    const end = SENTENCE_END.exec(text.slice(from));
    if (!end) {
      account.sentenceOpen = true;
      return;
    }
    account.sentenceOpen = false;
    this.sentenceEndsAt = { line: index, column: from + end.index };
  }
}

/**
 * `Bloods on the day of discharge (18/05/2026):`, `Results from 12/03/2026:`: a line of words and one date, ending in
 * a colon, introducing the results under it. The date with its time, or null.
 */
export function introducingDate(text: string, order: SlashOrder): string | null {
  const trimmed = text.trim();
  if (trimmed.length > 120) return null;
  if (!/[:：]$/.test(trimmed)) return resultsHeadingDate(trimmed, order);
  const dates = findDates(trimmed, order);
  if (dates.length !== 1) return null;
  const date = dates[0] as (typeof dates)[number];
  const before = trimmed.slice(0, date.start);
  const after = trimmed.slice(date.end);
  if (!INTRODUCING_LINE.test(before) || !/\p{L}{3}/u.test(before)) return null;
  const timed = withTimeAfter(date.iso, after);
  const tail = after.replace(/^\s*(?:,|at)?\s*\d{1,2}[:h]\d{2}(?::\d{2})?/i, '');
  return /^\s*[)\]]?\s*[:：]$/.test(tail) ? timed : null;
}

/** Words naming a set of results: labs, bloods, tests, and their names in the languages partners write. */
const RESULTS_WORD =
  /(?:\b(?:labs?|bloods|blood\s+(?:tests?|work)|results?|tests|investigations|esami|analisi|an[áa]lisis|ex[áa]menes|exames|analyses|examens|bilan|befunde?|laborwerte|labor|uitslag(?:en)?|bepalingen)\b)/iu;

/** Words that make the date another event's: an appointment, a recall, a birth. */
const NOT_RESULTS_DATE =
  /(?:\b(?:next|due|appointment|appt|scheduled|booked|follow[-\s]?up|recall|prossim\w*|pr[óo]xim\w*|prochain\w*|n[äa]chste\w*|controllo|kontrolle|dob|born|geb)\b)/iu;

/**
 * `Diapositiva 3 - Esami all'ingresso (02/11/2026)`, `Admission bloods (14/02/2026)`: a heading naming results, its
 * one date in brackets at its end, no colon. The date with its time, or null.
 */
function resultsHeadingDate(trimmed: string, order: SlashOrder): string | null {
  const m = /^(.{3,90}?)\s*[([]([^()[\]]{6,40})[)\]]$/u.exec(trimmed);
  if (!m) return null;
  const words = m[1] as string;
  if (!RESULTS_WORD.test(words) || NOT_RESULTS_DATE.test(words) || /[=<>]|\d\s*%/.test(words)) return null;
  const dates = findDates(m[2] as string, order);
  if (dates.length !== 1 || findDates(words, order).length > 0) return null;
  const date = dates[0] as (typeof dates)[number];
  const inside = m[2] as string;
  if (
    /[\p{L}\d]/u.test(inside.slice(0, date.start).replace(/\b(?:drawn|taken|collected|del|du|vom|of|from|on)\b/gi, ''))
  ) {
    return null;
  }
  return withTimeAfter(date.iso, inside.slice(date.end));
}
