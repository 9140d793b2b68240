/**
 * A laboratory network prints, after each test's name, the code of the site that performed it (`Glucose 01`,
 * `Hemoglobin A1c 02`, Labcorp) and lists the sites at the foot of the report, one line per code with the site's
 * name, address and director (`01 BN Labcorp Burlington, 1447 York Court, Burlington, NC … Dir: …`). The code
 * is no part of the test's name: the indicator is the name without it.
 *
 * Only a code the document's own legend lists is taken, so a name that ends in a number or in capitals of its
 * own (`Vitamin B 12`, `Cholesterol LDL`, `Factor 13`) keeps them when no site line explains them.
 */

/**
 * `01`, `02` (zero-padded: a footer's street number, `12 Harley Street Clinic`, is no code), or two to three capitals
 * (`BN`, `EZ`; `Z4M` is left alone: sites with digits inside are too like names).
 */
const SITE_CODE = /^(?:0\d|[A-Z]{2,3})$/;
/** The opening code of a legend line, perhaps followed by a short site abbreviation (`01 BN Labcorp …`). */
const LEGEND_OPENING = /^\s*(0\d|[A-Z]{2,3})\s+(?=\S)/;
/** What a site line speaks of: a laboratory, its director, a hospital or an institute. */
const SITE_WORDS =
  /\b(?:lab(?:oratory|oratories|oratorio|oratoire|orcorp)?s?|labcorp|quest|diagnostics?|pathology|institute|hospital|medical\s+center|clinic|dir(?:ector)?\b)/i;
/** The line gives an address or a director: a number in it, or `Dir:`. */
const ADDRESS_OR_DIRECTOR = /\d|\bdir(?:ector)?\s*[:.]/i;

/**
 * The site codes the document's legend lists: lines opening with a code and naming a laboratory site with its address
 * or director. A line that opens with a code and prints a result (`01  Glucose  104 mg/dL`) is a row, not a legend.
 */
export function performingSiteCodes(lines: readonly string[]): ReadonlySet<string> {
  const codes = new Set<string>();
  lines.forEach((line, k) => {
    if (line.length > 300) return;
    const opening = LEGEND_OPENING.exec(line);
    if (!opening) return;
    const rest = line.slice(opening[0].length);
    // The address and director may go on an indented line of their own under the site's name.
    const next = lines[k + 1] ?? '';
    const below = /^\s{3,}\S/.test(next) && next.length <= 300 ? next : '';
    if (!SITE_WORDS.test(rest) || !(ADDRESS_OR_DIRECTOR.test(rest) || ADDRESS_OR_DIRECTOR.test(below))) return;
    // A row's result is a number followed by a unit or range; a site line's numbers are street numbers and postcodes.
    if (/\b\d+(?:[.,]\d+)?\s*(?:mg|g|mmol|µmol|umol|iu|u|%|ng|pg|ml)\/?/i.test(rest) && !/\bdir/i.test(rest)) return;
    codes.add(opening[1] as string);
  });
  return codes;
}

/** The name without a trailing site code the legend lists (`Glucose 01` → `Glucose`); otherwise as written. */
export function withoutSiteCode(name: string, codes: ReadonlySet<string>): string {
  if (codes.size === 0) return name;
  const match = /\s+(\S+)$/.exec(name.trim());
  if (!match) return name;
  const code = match[1] as string;
  if (!SITE_CODE.test(code) || !codes.has(code)) return name;
  const rest = name.trim().slice(0, match.index).trim();
  return /\p{L}{2}/u.test(rest) ? rest : name;
}
