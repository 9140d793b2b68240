/**
 * A message of a chat export as the apps write it: WhatsApp Android `03/10/26, 7:45 am - Ravi: …`, WhatsApp iOS
 * `[03/10/2026, 07:45:10] Nurse Anita: …`, Signal/Telegram exports of the same shape. The stamp's date and time are
 * when the readings typed in the message were taken (unless the message says otherwise); the sender's name is no
 * part of an indicator, and an emoji between a greeting and a reading (`Good morning sister 🙏 Fasting sugar 142`)
 * ends the greeting: the parts between emoji without a number go.
 */
import { PICTOGRAPH } from './lines';

// The comma between date and time, or the brackets around both, is what sets a chat stamp apart from a report's
// `03/10/2026 07:45` collection line. The sender is a short name without a colon before the message's own colon.
const STAMP =
  /^\s*(\[)?(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}),?\s+(\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s*[ap]\.?\s?m\.?)?)(\])?\s*(?:[-–—]\s*)?([^:\d\s][^:]{0,60}?):\s+(\S.*)$/iu;

const EMOJI_RUN = new RegExp(String.raw`\s*(?:${PICTOGRAPH})+\s*`, 'gu');

export interface ChatMessage {
  /** The stamp's date as written, for the document's day order to read. */
  date: string;
  /** The stamp's clock time as written (`07:45:10`, `7:45 am`). */
  time: string;
  /** The message without its stamp, its sender and its greeting or reaction parts. */
  message: string;
}

export function chatMessage(line: string): ChatMessage | null {
  const m = STAMP.exec(line);
  if (!m) return null;
  // `[` without `]` (or the reverse) is some other bracketed note, not an app's stamp.
  if ((m[1] === undefined) !== (m[4] === undefined)) return null;
  // Without brackets the Android form puts a dash before the sender.
  if (m[1] === undefined && !/\d\s*(?:[ap]\.?\s?m\.?)?\s*[-–—]\s*$/i.test(line.slice(0, line.indexOf(m[5] as string))))
    return null;
  // A part between emoji with no number is a greeting or a reaction (`Good morning sister 🙏`), never a reading.
  const parts = (m[6] as string).split(EMOJI_RUN).filter((part) => /\d/.test(part));
  const message = parts.length > 0 ? parts.join('; ').trim() : (m[6] as string).replace(EMOJI_RUN, ' ').trim();
  return { date: m[2] as string, time: m[3] as string, message };
}

/**
 * A chat whose stamps write a two-digit 24-hour clock (`[03/10/2026, 07:42:15]`, `03/10/2026, 14:21 -`): the app's
 * locale is not the US one (whose stamps read `3/10/26, 7:42 AM`), so its slash dates are day-first.
 */
export const TWENTY_FOUR_HOUR_CHAT_STAMP =
  /^\s*\[?\d{1,2}\/\d{1,2}\/\d{2,4},\s+(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?!\s*[ap]\.?\s?m\b)(?:\]|\s+[-–—])/im;
