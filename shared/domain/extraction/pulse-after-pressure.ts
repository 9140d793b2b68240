/**
 * A home blood-pressure log writes the pulse as `p` right after the pressure (`bp 138/88  p 70`, `bp 146/94 p79`,
 * `B/P 131/84, P 68`), as the monitors print `SYS/DIA  P`. Alone, `p` names nothing a line reader may trust (it is
 * phosphate on a lab sheet), so it is read only there: straight after a systolic over a diastolic, a whole number a
 * pulse can be, with nothing after it but words, punctuation or the line's end.
 */
import type { Candidate } from './inline-readings';

const PULSE_AFTER_PAIR =
  /(?<![\d./])(\d{2,3}\/\d{2,3})(?:\s*mm\s?hg)?[,;]?\s+(p)\s?(\d{2,3})(?![\d.,/]\d|\s*(?:mg|mmol|%))/giu;

/** The pulses written `p` after a pressure on the line, each after the pressure's value. */
export function pulsesAfterPressure(body: string): { pressure: string; pulse: Candidate }[] {
  if (!/\d\/\d/.test(body) || body.length > 400) return [];
  const found: { pressure: string; pulse: Candidate }[] = [];
  for (const m of body.matchAll(PULSE_AFTER_PAIR)) {
    const value = Number(m[3]);
    if (value < 30 || value > 220) continue;
    found.push({
      pressure: m[1] as string,
      pulse: {
        name: m[2] as string,
        measurement: {
          value: m[3] as string,
          unit: null,
          referenceRange: null,
          flag: null,
          qualitative: false,
          rest: '',
        },
        complete: false,
      },
    });
  }
  return found;
}
