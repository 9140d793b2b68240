/**
 * Russian, Ukrainian, Belarusian, Bulgarian and Serbian reports print units in Cyrillic (`ммоль/л`, `мкмоль/л`,
 * `г/л`, `Ед/л`, `мМЕ/л`, `10⁹/л`, `фл`, `тыс/мкл`): the GOST 8.417 symbols of the same SI and lab units, so each
 * Cyrillic symbol is written in its Latin form and the unit is then read as any other. A unit with a Cyrillic word
 * outside this table is left as written (and stays unread): a guess at a unit would file a value on the wrong scale.
 * @see https://docs.cntd.ru/document/1200031406 — ГОСТ 8.417-2002, the Russian unit symbols
 */
const SYMBOLS: ReadonlyMap<string, string> = new Map([
  // amount of substance and mass
  ['моль', 'mol'],
  ['ммоль', 'mmol'],
  ['мкмоль', 'umol'],
  ['нмоль', 'nmol'],
  ['пмоль', 'pmol'],
  ['г', 'g'],
  ['кг', 'kg'],
  ['мг', 'mg'],
  ['мкг', 'ug'],
  ['нг', 'ng'],
  ['пг', 'pg'],
  // volume
  ['л', 'L'],
  ['дл', 'dL'],
  ['мл', 'mL'],
  ['мкл', 'uL'],
  ['фл', 'fL'],
  // enzyme units (Russian `Ед`, Ukrainian `Од`) and international units (`МЕ`, Ukrainian `МО`)
  ['ед', 'U'],
  ['кед', 'kU'],
  ['мед', 'mU'],
  ['мкед', 'uU'],
  ['од', 'U'],
  ['ме', '[IU]'],
  ['мме', 'm[IU]'],
  ['мкме', 'u[IU]'],
  ['кме', 'k[IU]'],
  ['мо', '[IU]'],
  ['ммо', 'm[IU]'],
  // time and length
  ['с', 's'],
  ['сек', 's'],
  ['мин', 'min'],
  ['ч', 'h'],
  ['час', 'h'],
  ['сут', 'd'],
  ['мм', 'mm'],
  ['см', 'cm'],
  ['м', 'm'],
]);

/**
 * Counts written with a multiplier word (`тыс/мкл`, thousand per µL; `млн/мкл`, million per µL) or with the Cyrillic
 * letter `х` for the multiplication sign (`х10^9/л`).
 */
const MULTIPLIERS: ReadonlyMap<string, string> = new Map([
  ['х', 'x'],
  ['тыс', '10*3'],
  ['млн', '10*6'],
  ['млрд', '10*9'],
]);

const CYRILLIC_WORD = /\p{Script=Cyrillic}+\.?/gu;

/** `мм рт. ст.`, `мм рт ст`: millimetres of mercury. */
const MERCURY = /^мм\s*рт\.?\s*ст\.?$/iu;

/** The unit with its Cyrillic symbols in Latin (`мкмоль/л` → `umol/L`), or as written when one is not a unit symbol. */
export function latinUnitSymbols(unit: string): string {
  if (!/\p{Script=Cyrillic}/u.test(unit)) return unit;
  if (MERCURY.test(unit.trim())) return 'mm[Hg]';
  let unknown = false;
  const latin = unit.replace(CYRILLIC_WORD, (word) => {
    const bare = word.replace(/\.$/, '').toLowerCase();
    const symbol = SYMBOLS.get(bare) ?? MULTIPLIERS.get(bare);
    if (symbol === undefined) unknown = true;
    return symbol ?? word;
  });
  return unknown ? unit : latin;
}
