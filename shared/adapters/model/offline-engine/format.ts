/** How numbers, units and names read in an answer. Presentation only: no number is made up here. */

export { displayDate } from './dates';

/** UCUM spellings as a person writes them. */
const DISPLAY_UNITS: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  Cel: '°C',
  '[degF]': '°F',
  '[lb_av]': 'lb',
  '[in_i]': 'in',
  '[ft_i]': 'ft',
  '{steps}': 'steps',
  '{beats}/min': 'beats/min',
  'kg/m2': 'kg/m²',
  'u[IU]/mL': 'µIU/mL',
  'm[IU]/L': 'mIU/L',
  'm[IU]/mL': 'mIU/mL',
  '[IU]/L': 'IU/L',
  '[IU]/mL': 'IU/mL',
  'ug/L': 'µg/L',
  'ug/dL': 'µg/dL',
  'umol/L': 'µmol/L',
  uL: 'µL',
};

/** A unit as a person writes it; `words` are a language's own names for units that are words (`{steps}`). */
export function displayUnit(unit: string | null | undefined, words?: Readonly<Record<string, string>>): string {
  if (!unit) return '';
  return words?.[unit] ?? DISPLAY_UNITS[unit] ?? unit;
}

/** `128 mg/dL`, `72 kg`, `98%`: value then unit, no space before a percent sign. */
export function withUnit(
  value: string,
  unit: string | null | undefined,
  words?: Readonly<Record<string, string>>,
): string {
  const shown = displayUnit(unit, words);
  if (!shown) return value;
  return shown === '%' ? `${value}%` : `${value} ${shown}`;
}

/**
 * A number as the tool gave it; only binary-float noise is rounded away (`0.30000000000000004` → `0.3`), keeping
 * at most 4 decimals, or 3 significant digits below 0.01.
 */
export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const text = String(n);
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals <= 4 && !text.includes('e')) return text;
  if (Math.abs(n) < 0.01) return String(Number(n.toPrecision(3)));
  return String(Number(n.toFixed(4)));
}

/** A computed change, to 2 decimals, with its sign: `+12`, `-3.5`. */
export function formatChange(n: number): string {
  const rounded = Math.abs(n) < 0.01 && n !== 0 ? Number(n.toPrecision(2)) : Math.round(n * 100) / 100;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${rounded}` : `-${Math.abs(rounded)}`;
}

/** A percentage to 1 decimal, signed. */
export function formatPercent(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  if (rounded === 0) return '0%';
  return rounded > 0 ? `+${rounded}%` : `-${Math.abs(rounded)}%`;
}

/**
 * A LOINC long name without its property and specimen (`Cholesterol in LDL [Mass/volume] in Serum or Plasma` →
 * `Cholesterol in LDL`), for tables and chart legends; answers name the full canonical name once.
 */
export function shortName(name: string): string {
  const short = name
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(
      /\s+(?:in|of) (?:Serum or Plasma|Serum|Plasma|Blood|Arterial blood|Venous blood|Capillary blood)\b.*$/i,
      '',
    )
    .replace(/\s+by (?:Automated count|Pulse oximetry|Calculation)\b.*$/i, '')
    .trim();
  return short || name;
}

/** A markdown table cell: pipes and line breaks would break the row. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** `1 reading`, `3 readings`. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** `a, b and c`. */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
