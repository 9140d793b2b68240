/**
 * `eGFR CKD-EPI 2021 per 1.73 square metres` in mL/min, `FG estimado por 1,73 m²`: the body-surface part of the unit
 * written into the name, the rest of the unit beside the value. Read together they are LOINC's `mL/min/{1.73_m2}`,
 * the unit every indexed-to-surface GFR and clearance concept is reported in.
 */
const PER_BODY_SURFACE =
  /[\s,(]*(?:per|pro|por|par|\/)\s*1[.,]73\s*(?:m\s*2|m²|m\^2|sq\.?\s*m|square\s+met(?:re|er)s?|metros?\s+cuadrados|quadratmeter)\s*\)?\s*$/iu;

const RATE_UNITS: ReadonlySet<string> = new Set(['mL/min']);
export const PER_BODY_SURFACE_UNIT = 'mL/min/{1.73_m2}';

/** The name without its written body-surface part, and the unit it completes; null when it writes none. */
export function withoutBodySurface(name: string, unit: string | null): { rest: string; unit: string } | null {
  if (name.length > 200) return null;
  const match = PER_BODY_SURFACE.exec(name);
  if (!match) return null;
  const rest = name.slice(0, match.index).trim();
  if (!rest) return null;
  if (unit === null || unit === PER_BODY_SURFACE_UNIT) return { rest, unit: PER_BODY_SURFACE_UNIT };
  return RATE_UNITS.has(unit) ? { rest, unit: PER_BODY_SURFACE_UNIT } : null;
}
