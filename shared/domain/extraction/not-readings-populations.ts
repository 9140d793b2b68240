/**
 * The rows of a reference table by population: `20-30 years  118 - 475`, `Age 40-59  229 - 780`, `Women  15 - 150`,
 * `Follicular phase  1.9 - 12.5`, `3rd trimester  < 4.0`. The name is a group of people (an age span, a sex, a phase
 * of the cycle or of pregnancy) and the value a band or a bound: the interval a result of that group is judged
 * against, never a result. A test is named for what it measures, never for whom.
 */

/** An age span or age bound: `20-30 years`, `60+ yrs`, `< 1 year`, `18 - 39 J.`, `65 ans et plus`, `0-6 meses`, `40岁`. */
const AGE_SPAN =
  /\d+\s*(?:[-–]\s*\d+|\+)?\s*(?:years?|yrs?|y\.?|ans|años|anos|jahre?n?|j\.|anni|lat|岁|歳|months?|mos?\.?|meses|mois|monate?n?|mesi|weeks?|wks?|days?)(?![\p{L}])/iu;

/** A name that opens with an age caption: `Age 18-39`, `Alter 40-59`, `Edad`, `Âge`, `年龄`. */
const AGE_CAPTION = /^(?:age[ds]?|alter|edad|[âa]ge|et[àa]|idade|wiek|leeftijd|年龄|年齢)(?![\p{L}])/iu;

/** A sex, an age group, a phase of the cycle or of pregnancy, in the report languages. */
const GROUP =
  /^(?:males?|females?|men|women|boys|girls|adults?|children|child|infants?|newborns?|neonates?|adolescents?|elderly|m[äa]nner|frauen|kinder|erwachsene|hombres|mujeres|varones|ni[ñn]os|adultos|hommes|femmes|enfants|adultes|uomini|donne|bambini|adulti|homens|mulheres|crian[çc]as|m[ęe][żz]czy[źz]ni|kobiety|dzieci|mannen|vrouwen|男性?|女性?|成人|儿童|小児|(?:early\s+|mid-?|late\s+)?follicular(?:\s+phase)?|(?:mid-?)?luteal(?:\s+phase)?|ovulat\w*(?:\s+(?:phase|peak))?|mid-?cycle(?:\s+peak)?|post-?menopaus\w*|pre-?menopaus\w*|menopaus\w*|pregnan\w*|non-?pregnant|(?:first|second|third|1st|2nd|3rd)\s+trimester|trimest\w*(?:\s+\d|\s+[IV]+)?|phase\s+(?:folliculaire|lut[ée]ale|ovulatoire)|follikelphase|lutealphase|ovulationsphase|fase\s+(?:folicular|l[úu]tea|ovulatoria|follicolare|luteale|ovulatoria)|m[ée]nopaus[ée]es?|postmenopausia|postmenopausa)(?![\p{L}])/iu;

/** A band (`118 - 475`, `1,9-12,5`) or a bound (`< 4.0`, `>= 30`). */
const BAND_OR_BOUND = /^\s*(?:[<>≤≥]=?\s*\d|\d+(?:[.,]\d+)?\s*[-–]\s*\d)/u;

/** Whether the reading is a row of a reference table by population: a group of people for a name, a band for a value. */
export function isPopulationBand(name: string, value: string): boolean {
  if (!BAND_OR_BOUND.test(value)) return false;
  const trimmed = name.trim();
  return AGE_CAPTION.test(trimmed) || GROUP.test(trimmed) || AGE_SPAN.test(trimmed);
}
