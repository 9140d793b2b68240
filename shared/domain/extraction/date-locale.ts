/**
 * The day/month order a document's own locale writes, for slash dates that no day > 12 settles (`02/04/2026`).
 *
 * An Indian, British, Australian or European report writes day-first; a US one month-first. When none of its dates
 * decides, the document usually still says where it comes from: its language, a country's phone code, a company
 * form (`Pvt. Ltd.`, `Pty Ltd`), its script (Arabic, Hebrew, Cyrillic, Greek, Thai), a postal code shape (Indian PIN, UK postcode, Australian state and postcode, US
 * state and ZIP), a laboratory caption only one country prints (`Bio. Ref. Interval`), British spellings, decimal
 * commas, and month names written elsewhere in it (`14 Mar 2026` is day-first, `Mar 14, 2026` month-first). Each
 * cue is evidence for one order; the stronger side wins and a tie is no decision (the caller falls back to
 * month-first). Every pattern is linear and the text is capped, so a huge document costs no more than its head.
 */
import { TWENTY_FOUR_HOUR_CHAT_STAMP } from './chat-stamps';
import type { SlashOrder } from './dates';

/** Locale cues sit in letterheads, footers and captions; the head of a long document is enough. */
const MAX_SCANNED = 20_000;

interface Cue {
  pattern: RegExp;
  weight: number;
}

const WEEKDAY_WORD = String.raw`(?:sun|mon|tue|wed|thu|fri|sat)[a-z]*\.?,?`;
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;

const DAY_FIRST: readonly Cue[] = [
  // Languages that never write month-first, and the UK NHS.
  {
    pattern:
      /\b(?:befund|datum|untersuchung|labor(?:befund|werte|atorium)?\b|geb\.|fecha|paciente|resultado|valores|pr[ée]lev|valeurs|r[ée]sultat|nhs|gp\s+surgery|referto|esame|risultato|prelievo|laudo|exame|coleta|paziente)/i,
    weight: 2,
  },
  // Dutch (a portal export's or a cumulative overview's captions and letterhead).
  {
    pattern:
      /\b(?:uitslag(?:en)?|afname(?:datum|tijd)?|bepaling|eenheid|referentie(?:waarden?)?|aanvrager|ziekenhuis|huisarts)\b/i,
    weight: 2,
  },
  // A French patient's portal message (`Bonjour Docteur`, `Objet :`, a log's `Heure` column) writes day-first too.
  { pattern: /\b(?:bonjour|cordialement|docteur|objet\s*:|heure)\b/i, weight: 2 },
  // India: company form, PIN code, phone code, accreditation and the NABL report caption.
  { pattern: /\bpvt\.?\s*ltd\b|\bprivate\s+limited\b/i, weight: 2 },
  { pattern: /\bpin(?:\s*code)?\s*[:-]?\s*\d{3}\s?\d{3}\b|\s-\s\d{3}\s\d{3}\b/i, weight: 2 },
  { pattern: /\+91[\s-]?\d/, weight: 2 },
  { pattern: /\bnabl\b|\bbio(?:logical)?\.?\s*ref(?:erence)?\.?\s*(?:interval|range)\b/i, weight: 2 },
  {
    pattern:
      /\b(?:india|mumbai|delhi|bengaluru|bangalore|chennai|kolkata|hyderabad|pune|ahmedabad|jaipur|lucknow|gurugram|gurgaon|noida)\b/i,
    weight: 2,
  },
  // UK, Ireland, Australia, New Zealand, South Africa.
  { pattern: /\+(?:44|353|61|64|27)[\s-]?\d/, weight: 2 },
  { pattern: /\bpty\.?\s+ltd\b|\babn\s*:?\s*\d{2}\s?\d{3}/i, weight: 2 },
  { pattern: /\b(?:nsw|vic|qld|tas|act)\s+\d{4}\b/i, weight: 2 },
  { pattern: /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/, weight: 2 },
  // South-East Asia, the Middle East and Africa write day-first: Thai script (a Buddhist-era year is Thai), Vietnamese
  // and Indonesian/Malay laboratory words, Arabic and Hebrew script, and those regions' phone codes.
  {
    pattern: /\p{Script=Thai}|\b\d{1,2}[/.-]\d{1,2}[/.-](?:25[5-9]\d|26\d\d)\b|\p{Script=Arabic}|\p{Script=Hebrew}/u,
    weight: 2,
  },
  {
    pattern:
      /\b(?:x[ée]t nghi[ệe]m|k[ếe]t qu[ảa]|b[ệe]nh vi[ệe]n|pemeriksaan|nilai rujukan|hasil|satuan|keputusan|ujian)\b/iu,
    weight: 2,
  },
  {
    pattern:
      /\+(?:66|84|62|60|63|65|20|972|971|966|965|974|254|234|233|255|256|212|213|216|961|962|963|964|968|973)[\s-]?\d/,
    weight: 2,
  },
  // A chat export's stamps on a 24-hour clock (`chat-stamps.ts`).
  { pattern: TWENTY_FOUR_HOUR_CHAT_STAMP, weight: 2 },
  // Cyrillic and Greek script: regions that write the day first too.
  { pattern: /[\u0400-\u04FF\u0370-\u03FF]{3}/u, weight: 2 },
  // British spellings of laboratory words (UK, Ireland, Australia, New Zealand, India).
  { pattern: /\b(?:haem|haematology|oestr|anaem|faec|paediatric|foetal|leucocyte|centre\b)/i, weight: 1 },
  // British spellings of the words of a note or a handover (`two litres`, `ankle oedema`), which US notes spell
  // `liter`, `edema`.
  { pattern: /\b(?:(?:milli)?litres?\b|oedema|tumour|anaesth)/i, weight: 1 },
  // A decimal comma in a value (`7,4`); a thousands separator has three digits after it.
  { pattern: /(?:^|[\s;])\d{1,4},\d{1,2}(?=[\s;]|$)/m, weight: 1 },
  // SI units US labs do not print for these tests: creatinine in µmol/L, haemoglobin in g/L.
  { pattern: /\b(?:creat\w*|cr)\s*[:=]?\s*\d{2,4}\s*(?:u|µ|μ)mol\/l\b/i, weight: 1 },
  { pattern: /\b(?:hb|hgb|ha?emoglobin)\s*[:=]?\s*\d{2,3}\s*g\/l\b/i, weight: 1 },
  // A month name after the day: `14 Mar 2026`, `3-Apr-2026`.
  { pattern: new RegExp(String.raw`\b\d{1,2}[\s-]${MONTH}[\s-]\d{2,4}\b`, 'i'), weight: 2 },
  // A diary line opening with a yearless day past 12 before its month (`17/2 am bp 126/79`, `Tue 24/3`).
  {
    pattern: new RegExp(String.raw`^\s*(?:${WEEKDAY_WORD}\s+)?(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2])(?![/\d])`, 'im'),
    weight: 2,
  },
];

const MONTH_FIRST: readonly Cue[] = [
  // A US state and ZIP code, a North American phone number, US laboratory regulation.
  {
    pattern:
      /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?\s+\d{5}(?:-\d{4})?\b/,
    weight: 2,
  },
  { pattern: /\+1[\s-]?\(?\d{3}|\(\d{3}\)\s?\d{3}-\d{4}/, weight: 2 },
  { pattern: /\bclia\b/i, weight: 2 },
  // A month name before the day: `Mar 14, 2026`.
  { pattern: new RegExp(String.raw`\b${MONTH}\s+\d{1,2},\s*\d{4}\b`, 'i'), weight: 2 },
  // A diary line opening with a yearless month before a day past 12 (`2/17 am bp 126/79`, `Tue 3/24`).
  {
    pattern: new RegExp(String.raw`^\s*(?:${WEEKDAY_WORD}\s+)?(?:0?[1-9]|1[0-2])\/(?:1[3-9]|2\d|3[01])(?![/\d])`, 'im'),
    weight: 2,
  },
];

function score(text: string, cues: readonly Cue[]): number {
  return cues.reduce((sum, cue) => sum + (cue.pattern.test(text) ? cue.weight : 0), 0);
}

/** The order the document's locale evidence points to, or null when it says nothing (or both equally). */
export function localeDateOrder(text: string): SlashOrder | null {
  const head = text.length > MAX_SCANNED ? text.slice(0, MAX_SCANNED) : text;
  const dayFirst = score(head, DAY_FIRST);
  const monthFirst = score(head, MONTH_FIRST);
  if (dayFirst === monthFirst) return null;
  return dayFirst > monthFirst ? 'day-first' : 'month-first';
}
