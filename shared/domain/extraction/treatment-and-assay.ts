/**
 * Numbers a laboratory report prints about the treatment or the assay, not about the patient's body: a dose or an
 * infusion rate (`Heparin infusion: 18 units/kg/h`, `on lithium 800 mg nocte`), the body weight a dose was worked out
 * from or that the patient stated (`Weight 82 kg (stated)`, `Poids déclaré : 64 kg`), a waiting time (`next aPTT in 6
 * hours`), and the assay's own figures: imprecision (`CV de répétabilité 1,8 %`), reagent calibration (`ISI 1.02`,
 * `MNPT 12.8 sec`), quality-control and calibrator lines, instrument and reagent lines.
 *
 * Each rule rests on what a measured result never is: a laboratory does not report a quantity per kilogram of body
 * weight or per hour of infusion, nor a duration in hours or weeks outside a table; a reagent, QC or analyser line
 * describes the run, whatever numbers it prints; nor does a prescription line.
 */

/** A dose per kilogram of body weight, or an hourly infusion rate: `18 units/kg/h`, `80 units/kg`, `1,350 units/h`. */
const DOSE_UNIT =
  /^(?:(?:mg|mcg|µg|μg|ug|g|units?|u|iu|ie|ui|ml|mmol)\s*\/\s*kg(?:\s*\/\s*(?:h|hr|hour|min|d|day|24\s*h))?|(?:units?|iu|ie|ui|u|mg|ml)\s*\/\s*(?:h|hr|hour|hora|std|stunde|heure|ora|uur|godz))$/iu;

/** A unit a dose is given in; with a dosing frequency after it (`800 mg nocte`), it is a prescription. */
const DOSE_AMOUNT_UNIT = /^(?:mg|mcg|µg|μg|ug|g|units?|iu|ie|ui|tabs?|tablets?|comprimidos?|comprimés?|compresse)$/iu;

/** How often a dose is taken, in the report languages (Latin abbreviations included). */
const DOSING_FREQUENCY =
  /^\s*(?:nocte|mane|o\.?d\.?|b\.?d\.?|b\.?i\.?d\.?|t\.?d\.?s\.?|t\.?i\.?d\.?|q\.?i\.?d\.?|q\.?d\.?|qhs|prn|stat|daily|once|twice|nightly|at\s+night|a\s+day|per\s+day|each\s+day|weekly|täglich|tgl\.?|pro\s+tag|abends|morgens|par\s+jour|le\s+soir|al\s+d[ií]a|diari[ao]s?|por\s+d[ií]a|al\s+giorno|per\s+giorno|die|per\s+dag|dziennie|na\s+dob[ęe]|每日|每天|1日)(?![\p{L}])/iu;

/** A dose word just before the name: `on lithium`, `dose`, `Dosis`, `taking`. */
const DOSE_BEFORE =
  /(?:^|[^\p{L}])(?:on|taking|takes|dose|dosis|dosage|dosierung|posolog[ií]a|posologie|dawka|dosaggio)\s*:?\s*$/iu;

/** A duration: a laboratory never reports hours or weeks outside a table (fasting time, repeat-in, post-dose time). */
const DURATION_WORDS = String.raw`(?:h|hs|hrs?|hours?|days?|weeks?|wks?|months?|years?|yrs?|std\.?|stunden?|tage?n?|wochen?|monate?n?|jahre?n?|horas?|d[ií]as?|semanas?|meses|mes|a[nñ]os?|heures?|jours?|semaines?|mois|ans?|ore|giorni|settimane|mesi|anni|uur|dagen|weken|maanden|jaar|godz(?:in)?\.?|dni|tygodni|miesi[ęe]cy|lat)`;
const DURATION_UNIT = new RegExp(`^${DURATION_WORDS}$`, 'iu');

/**
 * A duration word right after a number whose unit was not read: `Kontrolle der Lipide in 6 Wochen`. A lone `H` there
 * is a flag (`5.3 H`), not hours. A gap of three spaces or more parts cells: the word after it opens the next one
 * (`Sys BP 162    Dia BP 88`: `Dia` is no Spanish `día`).
 */
const DURATION_AFTER = new RegExp(String.raw`^\s{0,2}(?!h(?![\p{L}]))${DURATION_WORDS}(?![\p{L}])`, 'iu');

/** A body-weight name: it is a reading only when weighed at the visit, never when stated or used for a dose. */
const WEIGHT_NAME = /(?:^|[^\p{L}])(?:weight|wt|peso|poids|gewicht|waga|体重)(?![\p{L}])/iu;

/** The weight is what the patient said, not what was measured: `(stated)`, `déclaré`, `laut Patient`. */
const STATED =
  /(?:stated|declared|self[-\s]?reported|reported\s+by\s+(?:the\s+)?patient|patient[-\s]reported|d[ée]clar[ée]e?|laut\s+patient|angegeben|referido|informado|declarado|dichiarato|riferito|opgegeven|deklarowan[aey]|podan[aey]|自己申告|自述)/iu;

/** The assay's own figures: imprecision, uncertainty, reagent calibration, a lot, a dilution. */
const ASSAY_FIGURE_NAME =
  /(?:^(?:IQC|EQA|ISI|MNPT)(?![\p{L}])|(?:^|[^\p{L}-])(?:r[ée]p[ée]tabilit[ée]|repeatability|reproducibility|reproductibilit[ée]|intra-?\s?assay|inter-?\s?assay|intraensayo|interensayo|imprecision|uncertainty|messunsicherheit|incertidumbre|incertitude|incertezza|mean\s+normal\s+prothrombin|calibrat\w*|kalibrat\w*|calibrador|lot(?:e|to)?|quality\s+control|qualitätskontrolle|control\s+de\s+calidad|contr[oô]le\s+(?:de\s+)?qualit[ée]|controllo\s+(?:di\s+)?qualit[àa]|kontrola\s+jako[śs]ci|dilution|verdünnung|diluci[oó]n|diluizione|verdunning|rozcie[ńn]czen\w*)(?![\p{L}]))/iu;

/**
 * A line that opens with a caption of the run, not of a test: QC, reagent, calibrator, instrument. Nothing on it is a
 * reading of the patient, whatever numbers it prints (`QC Level 1 12.1 sec (11.0-13.2) acceptable`).
 */
const RUN_LINE =
  /^\s*(?:QC|IQC|EQA|internal\s+quality|quality\s+control|interne\s+qualitätskontrolle|qualitätskontrolle|contr[oô]le\s+(?:de\s+)?qualit[ée]|control\s+de\s+calidad|controllo\s+(?:di\s+)?qualit[àa]|kontrola\s+jako[śs]ci|reagents?|reagenz(?:ien)?|r[ée]actifs?|reactivos?|reagent[ei]|calibrat\w*|kalibrat\w*|calibrador\w*|instrument|analy[sz]er|analysator|analizador|aparat|strumento|gerät|室内质控|检测仪器|测定仪器|測定機器|試薬)(?![\p{L}])/iu;

/**
 * A line captioned as a prescription (a dialysis run sheet's `Prescription: 4 h, Qb 350 ml/min, Na 138, Heparin 1000 iu
 * bolus`, an infusion order): what the treatment is set to deliver, never what was measured.
 */
const PRESCRIPTION_LINE =
  /^\s*(?:(?:dialysis|hd|dialyse|di[áa]lise|di[áa]lisis)\s+)?(?:prescription|rx|verordnung|ordonnance|prescripci[oó]n|prescrizione|prescri[çc][ãa]o)\s*:/iu;

/**
 * A coefficient of variation is the patient's own figure on a glucose-monitor summary (`Coefficient of variation
 * 34.8 %`); it is the assay's imprecision when the line speaks of the method or the analyser (`HPLC (Bio-Rad D-100),
 * CV intraensayo 1.2 %`, `Roche cobas 8000 c702, CV 2.1 %`).
 */
const CV_NAME =
  /(?:^|[^\p{L}-])(?:C\.?V\.?|coefficient\s+(?:of|de)\s+variation|variationskoeffizient|coeficiente\s+de\s+varia[cç]i?[oóã]o?n?)(?![\p{L}])/iu;
const METHOD_WORDS =
  /(?:method|m[ée]thode|m[ée]todo|methode|metodo|metoda|assay|dosage|analy[sz]|analizador|instrument|ger[äa]t|certifi|NGSP|IFCC|HPLC|precision|pr[ée]cision|pr[äa]zision|cobas|architect|alinity|atellica|vitros|advia|sysmex|beckman|abbott|roche|siemens)/iu;

export interface NumberOnLine {
  name: string;
  value: string;
  unit: string | null;
  line: string;
  fromTable: boolean;
}

/** The text of the line after the value (and its unit), a short reach: where a frequency or `(stated)` is written. */
function textAfter(line: string, value: string, unit: string | null, reach: number): string {
  const at = line.indexOf(value.trim());
  if (at < 0) return '';
  let rest = line.slice(at + value.trim().length);
  if (unit) {
    const unitAt = rest.indexOf(unit);
    if (unitAt >= 0 && unitAt < 4) rest = rest.slice(unitAt + unit.length);
  }
  return rest.slice(0, reach);
}

/** Whether the line prints a dose per kilogram or an hourly rate anywhere: its weight is the dose's basis. */
function isDosingLine(line: string): boolean {
  return /\d\s*(?:mg|mcg|µg|ug|units?|iu|ie|ui|ml)\s*\/\s*(?:kg|h|hr|hour)(?![\p{L}])/iu.test(line);
}

/** Whether the number describes a dose, a duration, a stated weight or the assay rather than the patient's body. */
export function isTreatmentOrAssayNumber({ name, value, unit, line, fromTable }: NumberOnLine): boolean {
  const trimmedName = name.trim();
  const trimmedUnit = unit?.trim() ?? '';
  if (RUN_LINE.test(line) || PRESCRIPTION_LINE.test(line) || ASSAY_FIGURE_NAME.test(trimmedName)) return true;
  if (CV_NAME.test(trimmedName) && METHOD_WORDS.test(line)) return true;
  if (DOSE_UNIT.test(trimmedUnit)) return true;
  if (DOSE_AMOUNT_UNIT.test(trimmedUnit)) {
    if (DOSING_FREQUENCY.test(textAfter(line, value, unit, 30))) return true;
    const nameAt = line.indexOf(trimmedName);
    if (nameAt >= 0 && DOSE_BEFORE.test(line.slice(Math.max(0, nameAt - 20), nameAt))) return true;
  }
  if (WEIGHT_NAME.test(trimmedName)) {
    if (STATED.test(trimmedName) || STATED.test(textAfter(line, value, unit, 30))) return true;
    if (isDosingLine(line)) return true;
  }
  if (fromTable) return false;
  return DURATION_UNIT.test(trimmedUnit) || (unit === null && DURATION_AFTER.test(textAfter(line, value, null, 20)));
}
