/**
 * A low/high pair written as a report prints it: `low-high` when both are known, else one open side, `<high` /
 * `>low`, with `=` when the bound is stated inclusive (`<=5.0`, as `> OR = 40` is read). The structured readers (FHIR
 * JSON/XML, C-CDA) share it so one interval reads the same whichever document carried it.
 */
export function boundsText(
  low: string | null,
  high: string | null,
  inclusive: { low: boolean; high: boolean } = { low: false, high: false },
): string | null {
  if (low !== null && high !== null) return `${low}-${high}`;
  if (high !== null) return `<${inclusive.high ? '=' : ''}${high}`;
  if (low !== null) return `>${inclusive.low ? '=' : ''}${low}`;
  return null;
}
