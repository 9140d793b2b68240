import { normalizeUnit } from '#standardization';
import type { WriteFhirObservationArgs } from '../../../domain/agent/tool-results';
import type { IndicatorMention } from './indicators';
import type { TimeWindow } from './time-window';

/** Dates and years in the text, blanked so their digits are not read as the value (`on 2026-01-12`, `3 March`). */
const DATE_LIKE =
  /\b\d{4}[-/]\d{1,2}[-/]\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?(?: of)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}(?:st|nd|rd|th)?\b|\b(?:19|20)\d{2}\b|\b\d{1,2}:\d{2}\b|\b(?:last|past) \d+ \w+/gi;

const VALUE = /(\d+(?:[.,]\d+)?)(?:\s*(?:\/|\bover\b)\s*(\d+(?:[.,]\d+)?))?/g;

/** The unit written right after a value, when it is one (`72 kg`, `5.4 mmol/L`, `120/80 mm Hg`, `65bpm`). */
function unitAfter(rest: string): string | null {
  const words = rest.trimStart().split(/\s+/);
  for (const n of [2, 1]) {
    const candidate = words
      .slice(0, n)
      .join(' ')
      .replace(/[,;:!?)]+$/, '')
      .replace(/\.$/, '');
    if (!candidate || (n === 2 && words.length < 2)) continue;
    if (normalizeUnit(candidate) !== null) return candidate;
  }
  return null;
}

/**
 * The reading a "record/log/add …" request carries: the test (the first named, else the words before the value),
 * the value as written (`72`, `120/80`, decimal comma read as a point), the unit right after it, and the day when
 * the request names one other than today. Null when there is no value or nothing to name it.
 */
export function parseRecordRequest(
  original: string,
  mentions: readonly IndicatorMention[],
  terms: readonly string[][],
  window: TimeWindow | null,
  todayIso: string,
): WriteFhirObservationArgs | null {
  const text = original.replace(DATE_LIKE, (m) => ' '.repeat(m.length));
  const match = VALUE.exec(text);
  VALUE.lastIndex = 0;
  if (!match) return null;
  const first = (match[1] as string).replace(',', '.');
  const second = match[2]?.replace(',', '.');
  const value = second ? `${first}/${second}` : first;
  const unit = unitAfter(text.slice((match.index ?? 0) + match[0].length));

  const mention = mentions[0];
  let indicator: string | null = null;
  // Two values (`120/80`) with no test named are a blood pressure.
  if (mention?.panel === 'blood pressure' || (second && !mention)) {
    indicator = 'blood pressure';
  } else if (mention) {
    indicator = mention.phrase;
  } else {
    const words = terms.flat().filter((w) => w !== unit?.toLowerCase());
    indicator = words.length ? words.join(' ') : null;
  }
  if (!indicator) return null;

  const args: WriteFhirObservationArgs = { indicator, value: second ? value : Number(value) };
  if (unit) args.unit = unit;
  if (window?.from && window.from === window.to && window.from !== todayIso) args.time = window.from;
  return args;
}
