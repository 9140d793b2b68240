import { ucumInstance } from './units';

/** A fraction of a whole: UCUM calls `%` and `mmol/mol` commensurable, but HbA1c in % (NGSP) is not 10× its IFCC mmol/mol. */
const FRACTION = /%|mol\/mol|\{ratio\}/;
/** Arbitrary units UCUM will not convert, although the same unit under two prefixes is plain arithmetic. */
const ARBITRARY = /\[(?:IU|iU|arb'U)\]/g;

const CACHE_LIMIT = 1024;
const factors = new Map<string, ((value: number) => number) | null>();

/**
 * `value` in `from` expressed in `to` (UCUM codes as `normalizeUnit` returns them), or null when UCUM cannot
 * convert them: different dimensions, arbitrary units of different kinds, or mass ↔ molar without a molar mass.
 * `molarMass` (g/mol) lets mg/dL meet mmol/L. Equal units return the value unchanged.
 */
export function convertValue(value: number, from: string, to: string, molarMass: number | null = null): number | null {
  if (from === to) return value;
  const key = `${from}\u0000${to}\u0000${molarMass ?? ''}`;
  let convert = factors.get(key);
  if (convert === undefined) {
    convert = converterFor(from, to, molarMass);
    if (factors.size >= CACHE_LIMIT) factors.clear();
    factors.set(key, convert);
  }
  if (!convert) return null;
  const result = convert(value);
  return Number.isFinite(result) ? result : null;
}

function converterFor(from: string, to: string, molarMass: number | null): ((value: number) => number) | null {
  if (FRACTION.test(from) || FRACTION.test(to)) return null;
  const fromArbitrary = from.match(ARBITRARY);
  const toArbitrary = to.match(ARBITRARY);
  // mIU/L → µIU/mL is a prefix change of one arbitrary unit; IU against anything else is not convertible.
  if (fromArbitrary || toArbitrary) {
    if (!fromArbitrary || !toArbitrary || fromArbitrary.join() !== toArbitrary.join()) return null;
    from = from.replace(ARBITRARY, 'U');
    to = to.replace(ARBITRARY, 'U');
  }
  const ucum = ucumInstance();
  const options = { molecularWeight: molarMass };
  const probe = (v: number): number | null => {
    const result = ucum.convertUnitTo(from, v, to, options);
    return result.status === 'succeeded' && typeof result.toVal === 'number' ? result.toVal : null;
  };
  const zero = probe(0);
  const one = probe(1);
  if (zero === null || one === null) return null;
  // Every clinical conversion is affine (°C → °F) or linear: two points define it, and later calls skip UCUM.
  const scale = one - zero;
  return (value) => zero + scale * value;
}
