/**
 * A test name a fax's OCR split inside a word (`Album in`, `Creat inine`, `Bilirub in`): its last piece is a short
 * lowercase tail that reads as a dangling English word (`in`, `a`, `on`), so the name looks like a sentence's end.
 * Glued back together the pieces name a known measurement; the name is then kept as written, split and all.
 */
import { isKnownMeasurement } from './vocabulary';

const SPLIT_TAIL = /^(.*\p{L})\s(\p{Ll}{1,4})$/u;

/** Whether the name is a known test's name with one space OCR put inside its last word. */
export function isOcrSplitName(name: string): boolean {
  if (name.length > 40) return false;
  const m = SPLIT_TAIL.exec(name.trim());
  return m !== null && isKnownMeasurement(`${m[1]}${m[2]}`, null);
}
