/**
 * Text shaped like a reading that states no measured result: the bands a report prints under a result to interpret
 * it (`Deficiency: <20 ng/mL`, `Insufficiency: 20 - 29 ng/mL`), risk-category tables (`Optimal  < 200  < 150`,
 * `Borderline High  200 - 239`), goals and targets (`HbA1c goal <7 %`, `a non-HDL-C goal of <100 mg/dL`), and
 * thresholds quoted in prose or in a call-back note (`Glucose > 11.0 mmol/L telephoned to ward 7`).
 *
 * Seven rules, each from what such text always has and a measured result never has:
 *   - the name is a category label (a band, a risk class, a goal) and nothing else: no test is called `Optimal`;
 *     nor is one called `NCEP ATP III classification` (the caption of a band table);
 *   - the name is a place in a building (`floor 2`, `Room 12`): an appointment's or an address's number;
 *   - the name ends in a comparator (`Glucose >` over `11.0`): the comparator belongs to a threshold; a name that
 *     says how long a device was worn (`% Time CGM is Active`) states the device's use, not the body's state;
 *   - the line is a legend: it opens with an interpretation caption and a colon;
 *   - outside a table, a bare number of seven or more digits, which is an identifier;
 *   - outside a table, an inclusive bound (`>= 48`) with a sentence running on after it: a quoted criterion;
 *   - outside a table, a censored or banded value (`<70`, `20 - 29`) on a line that speaks of goals, guidance or a
 *     notification. A censored result in a table row (`Troponin T  < 3  ng/l`) is a result and stays one.
 */

import { isBandListLine } from './band-lists';
import { isDoseCriterionOrScore } from './doses-criteria-scores';
import { isMoney } from './not-readings-money';
import { isPopulationBand } from './not-readings-populations';
import { isAsked, isPlanOrGoalsLine, isRecalledWithoutDate } from './not-readings-talk';
import { isPendingValue, namesAPendingResult } from './pending-results';
import { isTreatmentOrAssayNumber } from './treatment-and-assay';
import { isUnitConversion } from './unit-conversions';

/**
 * Band and goal labels of the Italian, Portuguese, Polish and CJK reports (`Diabete`, `Non diabetico`, `Deficiência`,
 * `niedobór`, `toksyczne`, `糖尿病`, `边缘升高`): no test is called so.
 */
const MORE_LABELS = String.raw`diabete|diabetico|diab[ée]tique|diab[ée]tica|prediabete|pre-?diabetico|alterata\s+glicemia|glicemia\s+alterata|glucosa\s+alterada|impaired\s+(?:fasting\s+glucose|glucose\s+tolerance)|defici[êe]ncia|insufici[êe]ncia|sufici[êe]ncia|indeterminad[oa]|indeterminate|desej[áa]vel|lim[íi]trofe|niedob[óo]r|toksyczn[eya]|optymaln[eya]|suboptymaln[eya]|prawid[łl]ow[eya]|podwy[żz]szon[eya]|obiettivo|streefwaarde|docelowe|糖尿病|前驱糖尿病|糖尿病前期|升高|降低|偏高|偏低|边缘升高|邊緣升高|理想水平|合适水平|合適水平|缺乏|不足|充足|中毒|境界型|正常高値|要注意|保健指導|受診勧奨|目標値|目标值`;
const MODIFIER = String.raw`(?:very|near|above|below|borderline|moderately|mildly|severely|sehr|muy|tr[eè]s|molto)`;
const LABEL = String.raw`(?:high|low|normal|optimal|near\s+optimal|desirable|borderline|deficiency|deficient|insufficiency|insufficient|sufficiency|sufficient|adequate|inadequate|toxicity|toxic|potential\s+toxicity|toxicit[ée]|tossicit[àa]|toxizit[äa]t|prediabetes|pre-?diabetes|diabetes|diabetic|elevated|acceptable|ideal|goal|goals|target|targets|risk|increased\s+risk|decreased\s+risk|average\s+risk|optimum|mangel|ausreichend|wünschenswert|grenzwertig|erhöht|hoch|niedrig|deficiencia|insuficiencia|suficiencia|óptimo|optimo|deseable|limítrofe|limitrofe|alto|bajo|carence|insuffisance|suffisant|souhaitable|limite|élevé|eleve|bas|carenza|insufficienza|sufficienza|ottimale|desiderabile|elevato|basso|t[oó]xico|toxicidad|toxique|tossico|toxisch|class|klasse|clase|classe|sınıf|s[ıi]n[ıi]f|t[řr][íi]da|stage|stadium|estadio|${MORE_LABELS})`;
/** `Nivel toxico`, `Toxic level`: a level word in front of the label still names a band. */
const LEVEL_WORD = '(?:nivel|niveau|livello|level|niveles|spiegel)';
const CATEGORY_LABEL = new RegExp(
  String.raw`^(?:non[-\s]?)?(?:${LEVEL_WORD}\s+)?(?:${MODIFIER}\s+)?${LABEL}(?:\s+(?:risk|range|level|value|values|zone|high|low|terapeutico|terap[ée]utico|th[ée]rapeutique|therapeutic|likely|possible|probable))?\s*[:：]?$`,
  'iu',
);

/** A cardiovascular or screening risk class as the row label of a goal table: `Risque modéré`, `High risk`. */
const RISK_CLASS =
  /^(?:(?:(?:very|sehr)\s+)?(?:low|moderate|intermediate|high|average|increased|elevated|niedriges|mittleres|hohes)\s+(?:risk|risiko)|(?:risque|riesgo|rischio)\s+(?:tr[eè]s\s+|muy\s+|molto\s+)?(?:faible|bas|mod[ée]r[ée]|interm[ée]diaire|[ée]lev[ée]|bajo|moderado|intermedio|alto|basso|moderato))\s*:?$/iu;

/** How long a sensor or device was worn or active (`% Time CGM is Active: 97%`): a statistic of the device. */
const DEVICE_USAGE =
  /(?:time\s+(?:cgm|sensor|device)\s+(?:is|was)\s+active|sensor\s+(?:wear|usage|use)|wear\s+time|time\s+active|data\s+sufficiency|(?:^|\s)(?:battery|batterie|bater[ií]a|batteria|akku)(?:\s+(?:level|charge|status|life))?$|signal\s+strength|memory\s+(?:used|usage|free))/iu;

/** The caption of a band table: `NCEP ATP III classification`, `Risk categories`, `ADA interpretation`. */
const BAND_TABLE_CAPTION =
  /(?:^|\s)(?:classifications?|categories|category|guidelines?|interpretation|interpretation\s+of\s+\S+|klassifikation|einteilung|beurteilung|clasificaci[oó]n|categor[ií]as?|interpretaci[oó]n|classificazione|interpretazione|interpr[ée]tation)\s*:?$/iu;

/**
 * The name ends in a comparator: `Glucose >`, `LDL ≤`, or one in words (`Goal: Time in Range over 70%`, `keep LDL
 * below 1.8`): the number after it is a threshold.
 */
/** `menor de`, `mayor o igual a`, `inferior a`, `moins de`, `meno di`, `kleiner als`, `poniżej`, `以上`: bounds in words. */
const WORD_COMPARATORS = String.raw`(?:menor|mayor|maior)(?:\s+o\s+igual)?\s+(?:de|que|a|do\s+que)|inferior(?:e)?\s+a|superior(?:e)?\s+a|inf[ée]rieure?\s+[àa]|sup[ée]rieure?\s+[àa]|moins\s+de|plus\s+de|meno\s+di|pi[ùu]\s+di|kleiner\s+(?:als|dan)|gr[öo](?:ß|ss)er\s+als|groter\s+dan|lager\s+dan|hoger\s+dan|poni[żz]ej|powy[żz]ej|mniej\s+ni[żz]|wi[ęe]cej\s+ni[żz]|au-del[àa]\s+de|en\s+dessous\s+de|en\s+de[çc][àa]\s+de|jusqu'[àa]|m[áa]s\s+de|menos\s+de|acima\s+de|abaixo\s+de|mais\s+de|oltre|al\s+di\s+(?:sopra|sotto)\s+(?:di|de)`;

const COMPARATOR_TAIL = new RegExp(
  String.raw`(?:[<>≤≥=]|(?:^|\s)(?:over|under|above|below|less\s+than|greater\s+than|more\s+than|at\s+least|at\s+most|up\s+to|between|beyond|zwischen|entre|tra|tussen|pomi[ęe]dzy|über|unter|sous|au-dessus\s+de|sopra|sotto|por\s+encima\s+de|por\s+debajo\s+de|${WORD_COMPARATORS}))\s*$`,
  'iu',
);

/**
 * A word of approximation before the value (`Baseline creatinine around 90`, `HbA1c etwa 7`): a level
 * estimated or recalled, never a measured result, which is written as the analyser gave it.
 */
const APPROXIMATION_TAIL =
  /(?:(?:^|\s)(?:around|about|approx\.?|approximately|roughly|circa|ca\.|etwa|ungefähr|rund|environ|à\s+peu\s+près|aproximadamente|alrededor\s+de|cerca\s+de|aproximadamente|por\s+volta\s+de|intorno\s+a|circa|ongeveer|oko[łl]o|około))\s*$/iu;

/** `~` or `≈` glued to the value (`baseline ~1.3`); spaced on both sides it is a separator (`Glucose (mmol/L) ~ 5.4`). */
const APPROXIMATION_MARK = /(?:^|\s)[~≈]$/u;

/**
 * A name that opens with a goal word (`Target glucose`, `Goal weight`, `Zielwert LDL`, `Meta de LDL`): a setting or a
 * goal, not a result. A name with a number in it (a CGM report's `Target 70-180 mg/dL`) names a band's share and
 * stays; so do morphology's `target cells`.
 */
const GOAL_FIRST_NAME =
  /^(?:target|goal|aim|objective|ziel(?:wert)?|objetivo|objectif|cible|obiettivo|meta|streefwaarde|doel|m[åa]lv[äa]rde|hedef|cel)\s+(?:de\s+|di\s+|for\s+)?(?!cells?\b|zellen\b)\p{L}[^\d]*$/iu;

/**
 * A name that ends with a goal word (`HbA1c target 53 mmol/mol`, `LDL goal: 70`, `Glucose Zielwert 100`): the value
 * after it is the goal (only the name's end is looked at). A goal in brackets inside the name (`LDL (goal <70) 112 mg/dL`) leaves the result after it.
 */
const GOAL_LAST_NAME =
  /\p{L}\s+(?:targets?|goals?|aim|objective|ziel(?:wert)?|objetivo|objectif|cible|obiettivo|meta|streefwaarde|m[åa]lv[äa]rde|hedef)(?:\s+(?:is|of|de|di|van))?\s*:?$/iu;

/**
 * A word before the name saying the quantity is not the patient's measured one: a computed or wished level (`Ideal
 * body weight 68 kg`, `Desired INR 2.0 - 3.0`, `predicted FEV1`) or the surroundings' (`Room temperature 22 °C`,
 * `storage temperature`, `Raumtemperatur`). CJK advice names the goal so too: `목표 허리둘레 90cm 미만` (target waist),
 * `目標 体重 60kg`.
 */
const NOT_THE_PATIENTS_BEFORE_NAME =
  /(?:^|[^\p{L}])(?:ideal|desired|desirable|predicted|age-predicted|expected|recommended|intended|room|ambient|storage|transport|fridge|freezer|incubator|water\s+bath|ideale?|deseado|deseada|previsto|prevista|attendue?|erwartete[rn]?|umgebungs|ambiante|ambiente|목표|권장|目標|目标|推奨|推荐)[\s-]+$/iu;

/**
 * An assay's detection or measuring limit (`Limit of detection 0.005 mIU/L`, `Nachweisgrenze 0,1 ng/ml`, `Measuring
 * range 0.005 - 100`): the method's, printed in a method note, never the patient's.
 */
const METHOD_LIMIT_NAME =
  /(?:limit\s+of\s+(?:detection|quantitation|quantification|blank)|detection\s+limit|lower\s+limit\s+of\s+(?:detection|quantitation)|(?:^|\s)lo[dqb](?:\s|$)|measuring\s+range|analytical\s+(?:range|sensitivity)|reportable\s+range|functional\s+sensitivity|nachweisgrenze|bestimmungsgrenze|messbereich|l[ií]mite\s+de\s+(?:detecci[oó]n|cuantificaci[oó]n|d[ée]tection|quantification|detec[çc][ãa]o|quantifica[çc][ãa]o)|seuil\s+de\s+d[ée]tection|limite\s+di\s+(?:rilevabilit[àa]|rilevazione|quantificazione)|detectiegrens|granica\s+wykrywalno[śs]ci|检出限|検出限界)/iu;

/**
 * Seven or more digits without a separator, outside a table: a provider, order or insurance number (`IČP 72031456`),
 * never a measured value (counts that large are written with separators or in a power-of-ten unit).
 */
const IDENTIFIER_NUMBER = /^\s*\d{7,}\s*$/;

/**
 * An inclusive bound (`>= 48`, `≤ 7.0`, `> or = 30`): criteria and goals are written so, a result is censored with `<`
 * or `>` alone; outside a table, with a sentence running on after it, such a value is a quoted criterion (`HbA1c >=
 * 48 mmol/mol on two occasions ...`). Alone (`Vitamin D ≥ 30 ng/mL`) it is a censored result as written.
 */
const INCLUSIVE_BOUND = /^\s*(?:>=|<=|=>|=<|≥|≤|≧|≦|[<>]\s*or\s*=)/iu;

/** Words after the value and its unit (`on two occasions indicates diabetes`): the bound is part of a sentence. */
function sentenceRunsOn(line: string, value: string): boolean {
  const at = line.indexOf(value.trim());
  if (at < 0) return false;
  const words = line.slice(at + value.trim().length, at + value.trim().length + 200).match(/\p{L}{2,}/gu) ?? [];
  return words.length >= 3;
}

/** A value that is a bound or a band, not a single measured number: `<70`, `> or = 30`, `20 - 29`. */
const CENSORED_OR_BAND = /^\s*(?:[<>≤≥]|\d+(?:[.,]\d+)?\s*[-–]\s*\d)/u;

/**
 * Words of guidance, goals, diagnostic criteria (`HbA1c >= 6.5 % ใช้วินิจฉัยเบาหวาน`, used to diagnose diabetes) and
 * call-back notes, in the languages the reports come in (Thai and CJK words have no ASCII word boundary); a condition (`restart ramipril
 * if creatinine <110`, `unless potassium >6`) quotes a threshold for what to do, not a result.
 */
const GUIDANCE =
  /(?:วินิจฉัย|เกณฑ์|診斷|诊断|診断|진단|目标|目標|危险分层|判定値)|\b(?:diagnos[a-z]*|criteri(?:a|on)|warrant(?:s|ed)?|ch[ẩa]n\s+đo[áa]n|kriteria|if|unless|goals?|targets?|aim|desirable|optimal|recommended|considered|treat(?:ing|ed)?\s+to|thresholds?|cut-?offs?|for\s+patients|consistent\s+with|(?:tele)?phoned|notified|called\s+to|zielwert|ziel|wünschenswert|objetivo|meta|deseable|cible|objectif|souhaitable|obiettivo|desiderabile|beslutsgräns|målvärde|streefwaarde|doelwaarde|hedef|spricht\s+für|sugiere|suggests|suggestive\s+of|toxicity|toxic|toxicidad|toxicit[ée]|tossicit[àa]|toxizit[äa]t)\b/iu;

/**
 * A line that opens with an interpretation caption and a colon (`Interpretacion HbA1c: Normal < 5,7 % - Prediabetes
 * 5,7 a 6,4 %`, `Interpretation of lithium levels: maintenance 0.6-0.8 mmol/L`) lists the bands of a test: a legend. So
 * does a classification or staging caption (`Indeling albuminurie: A1 < 3 mg/mmol, A2 3 - 30 mg/mmol`, the KDIGO
 * stages; `Classification: G3a 45-59`).
 */
const LEGEND_LINE =
  /^\s*(?:interpretaci[oó]n|interpretation|interpr[ée]tation|interpretazione|interpreta[çc][ãa]o|beurteilung|interpretacja|interpretatie|klasyfikacja|valori\s+decisionali|tolkning|indeling|classificatie|stadi[eë]ring|einteilung|stadieneinteilung|klassifikation|classification|clasificaci[oó]n|classificazione|classifica[çc][ãa]o|staging|stadiering|gradering|sınıflama|sınıflandırma|evreleme)\b[^:]{0,60}:/iu;
/**
 * A health-check report's grade legend (`判定区分：Ａ 異常なし　Ｂ 軽度異常 …`, `判定基准：`, `판정기준:`, `Legend: A normal, B
 * mild`): what each grade letter means, never a result. CJK captions take no word boundary, hence apart.
 */
const GRADE_LEGEND_LINE =
  /^\s*(?:判定区分|判定基準|判定の見方|凡例|判定基准|判定说明|判定標準|판정\s?기준|판정\s?구분|legend|key\s+to\s+grades|grades)\s*[:：]/iu;

/** The albuminuria and GFR stages of chronic kidney disease (KDIGO): `A1`-`A3`, `G1`-`G5`, `G3a`, `G3b`. */
const STAGE_CODE = /^(?:A[1-3]|G[1-5][ab]?)\s*:?$/;

/**
 * Words after a figure (and its unit) that make it a bound: `7.0% or less`, `60 mL/min or more`, `6,5 % o más`,
 * `10 ou plus`, `5 oder weniger`, `2 o meno`.
 */
const WORDED_BOUND_AFTER =
  /^\s*(?:%|[\p{L}µ/.\d²]{1,14})?\s*(?:or|o|ou|oder)\s+(?:less|lower|below|under|more|higher|above|greater|over|menos|m[áa]s|moins|plus|weniger|mehr|meno|pi[ùu])(?![\p{L}])/iu;

/** How far before the name and after the value guidance words are looked for, in characters. */
const GUIDANCE_REACH = 25;

/** What a plan does when a bound is crossed: `consider freeze-all`, `stop metformin`, `repeat in 1 week`. */
const ACTION_AFTER_COLON =
  /^[^:;.]{0,40}:\s*(?:consider|start|stop|withhold|hold|give|repeat|refer|cancel|freeze|trigger|increase|reduce|inform|call|contact)\b/i;

/**
 * `Progesterone >4.8 nmol/L on trigger day: consider freeze-all`: a bound, the moment it applies, a colon and what to
 * do then is a plan's rule, not a result.
 */
function actionRule(value: string, line: string): boolean {
  const at = line.indexOf(value.trim());
  return at >= 0 && ACTION_AFTER_COLON.test(line.slice(at + value.trim().length));
}

export interface ReadingShape {
  name: string;
  value: string;
  /** The unit read with the value (a dose or rate unit, a duration: `treatment-and-assay.ts`). */
  unit?: string | null;
  /** The reading comes from a row under a table header (censored values there are results). */
  fromTable: boolean;
  /** The whole line the reading was read from. */
  line: string;
  /** The line above it, whose sentence may run on into this one. */
  lineAbove?: string;
}

/**
 * A sentence broken at a goal word (`… volgens NHG-standaard; streefwaarde` / `LDL-cholesterol < 2,6 mmol/L.`,
 * `… the usual target for` / `LDL < 2.0 mmol/L`): the bound on the next line is the goal's, not a result.
 */
function goalRunsOnFromAbove(value: string, lineAbove: string | undefined): boolean {
  if (lineAbove === undefined || !CENSORED_OR_BAND.test(value) || /[.:;!?]\s*$/.test(lineAbove)) return false;
  const tail = lineAbove.trimEnd().split(/\s+/).slice(-3).join(' ');
  return /\p{Ll}/u.test(lineAbove) && GUIDANCE.test(tail);
}

/**
 * `Target HbA1c 53 mmol/mol or below`, `goal LDL 70`, `Goal: LDL 3.1 mmol/L`, `aim for an LDL of 1.8`: a goal word (its
 * caption's colon too) right before the name.
 */
const GOAL_BEFORE_NAME =
  /(?:^|[^\p{L}])(?:targets?|goals?|aim(?:\s+for)?|zielwert|ziel|objetivo|objectif|cible|obiettivo|meta|streefwaarde|doel|m[åa]lv[äa]rde|hedef|目标|目標)\s*:?\s+(?:(?:an?|the|of|your|his|her|de|del|la|le|el|di|van)\s+)*$/iu;

/** The name as written right before its value on the line (a table row may name the test elsewhere, in a note). */
function namedAsGoal(name: string, value: string, line: string): boolean {
  const valueAt = line.indexOf(value.trim());
  const at = valueAt < 0 ? -1 : line.lastIndexOf(name, valueAt);
  return at >= 0 && GOAL_BEFORE_NAME.test(line.slice(Math.max(0, at - 30), at));
}

/** A cell of a band table: a bound (`<100`, `>=190`) or a band (`100-129`). */
const BAND_CELL = /^(?:[<>≤≥]=?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?-\d+(?:[.,]\d+)?)$/;

/**
 * A row of a guideline band table (`LDL Cholesterol  <100  100-129  130-159  160-189  >=190`): four band cells or
 * more running from a lower bound to an upper one, and no other number. Censored results in a cumulative row are
 * bounds of one side; bands run from one to the other.
 */
function isBandRow(line: string): boolean {
  const numeric = line
    .trim()
    .split(/\s{2,}|\t/)
    .filter((cell) => /\d/.test(cell))
    .map((cell) => cell.trim().replace(/\s+/g, ''));
  if (numeric.length < 4 || !numeric.every((cell) => BAND_CELL.test(cell))) return false;
  return numeric.some((cell) => /^[<≤]/.test(cell)) && numeric.some((cell) => /^[>≥]/.test(cell));
}

/**
 * A place in a building (`Room 12, floor 2`, `Bay 4`, `Ward 7`, `3. Stock`): an appointment's or an address's
 * number. `floor` alone resolves to flights climbed (`Floors climbed`), which a tracker writes in the plural.
 */
const PLACE_IN_BUILDING =
  /^(?:floor|storey|level|room|bay|ward|bed|flat|suite|gate|door|etage|étage|stock(?:werk)?|piso|planta|piano|andar|verdieping)$/iu;

/**
 * How the specimen was taken and sent (`Tubes 3`, `Tube  2  EDTA`, `Sample volume 4 mL`, `Aliquots 2`, `Barcode …`):
 * the laboratory's handling, not the patient. A bare `Volume` stays (a 24-hour urine's volume is a result).
 */
const SPECIMEN_HANDLING =
  /^(?:(?:number\s+of\s+)?tubes?(?:\s+(?:count|received|drawn))?|barcode|bar\s*code|containers?|aliquots?|(?:specimen|sample)\s+(?:volume|vol\.?|count|id|no\.?|number)|draw\s+volume|r[öo]hrchen|probenvolumen|tubos?|tubi|provett[ae]|probówk[ia]|tubes?\s+pr[ée]lev[ée]s|volumen\s+de\s+(?:muestra|extracci[oó]n)|volume\s+(?:de\s+l'[ée]chantillon|pr[ée]lev[ée]|do\s+tubo))\s*:?$/iu;

/**
 * `eGFR >90: normal. 60-89: mildly decreased.`: a bound or band with a colon and words after it is a band given its
 * meaning in a legend; a result is never followed by a colon.
 */
function bandGivenMeaning(name: string, value: string, line: string): boolean {
  const at = line.indexOf(name);
  const valueAt = at < 0 ? -1 : line.indexOf(value.trim(), at + name.length);
  return valueAt >= 0 && /^\s*[:：]\s*\p{L}/u.test(line.slice(valueAt + value.trim().length));
}

/**
 * Where the name stands on its line right before its value, and where the value stands (-1 when not found): of the
 * name's occurrences, the one its value follows most closely, since a line may name a test twice (`Baseline
 * creatinine around 90 umol/L; today creatinine 96 umol/L`, `Desired INR 2.0 - 3.0; INR today 2.7`).
 */
function namedValueAt(name: string, value: string, line: string): { nameAt: number; valueAt: number } {
  const written = value.trim();
  let best = { nameAt: -1, valueAt: -1 };
  if (name === '' || written === '') return best;
  for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
    const valueAt = line.indexOf(written, at + name.length);
    if (valueAt < 0) break;
    if (best.nameAt < 0 || valueAt - at < best.valueAt - best.nameAt) best = { nameAt: at, valueAt };
  }
  return best;
}

/** What the line holds after the name (empty when the name is not found in it). */
function afterName(name: string, line: string): string {
  const at = name === '' ? -1 : line.indexOf(name);
  return at < 0 ? '' : line.slice(at + name.length);
}

/** Whether text shaped like a reading is a band, a goal, a category or a quoted threshold instead. */
/**
 * `Sua consulta é dia 12/03 às 10:30`, `see you 12/03 at 9:15`: a day and month with a clock time after them is an
 * appointment, not a pressure or a ratio (no diastolic pressure is 12 or under).
 */
function isAppointmentDay(value: string, line: string): boolean {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (!m || Number(m[1]) > 31 || Number(m[2]) > 12) return false;
  const at = line.indexOf(value);
  return (
    at >= 0 && /^\s*,?\s*(?:às|as|at|a\s+las|alle|à|um|@)\s*\d{1,2}[:h.]\d{2}/i.test(line.slice(at + value.length))
  );
}

export function isNotAReading(shape: ReadingShape): boolean {
  const { name, value, unit = null, fromTable, line } = shape;
  const trimmed = name.trim();
  // A dose, an infusion rate, a stated weight, a waiting time, a QC or reagent figure (`treatment-and-assay.ts`).
  if (isTreatmentOrAssayNumber({ name, value, unit, line, fromTable })) return true;
  // `creatinina 1 mg/dl = 88,4 µmol/l`: a conversion between units (`unit-conversions.ts`).
  if (isUnitConversion(value, unit, line)) return true;
  // `Warfarin 5 mg`, `Diabetes: HbA1c >= 6.5 %`, `QRISK3 score 12.4 %` (`doses-criteria-scores.ts`).
  if (isDoseCriterionOrScore({ name, value, unit, fromTable, line })) return true;
  // A bound in a line of labelled bands whose thresholds climb or fall (`band-lists.ts`).
  if (CENSORED_OR_BAND.test(value) && isBandListLine(line)) return true;
  // So is a band's label read as a worded value after it (`HbA1c < 5,7 % : normal ; 5,7 - 6,4 % : prédiabète ; …`).
  if (CENSORED_OR_BAND.test(afterName(trimmed, line)) && isBandListLine(line)) return true;
  // A KDIGO stage code (`A1`, `G3a`) before a bound or a band names the stage's band, never a test.
  if (STAGE_CODE.test(trimmed) && CENSORED_OR_BAND.test(value)) return true;
  // A result cell saying the result is awaited leaves only the range's number on the row (`pending-results.ts`).
  if (namesAPendingResult(name) || isPendingValue(value)) return true;
  if (CATEGORY_LABEL.test(trimmed) || RISK_CLASS.test(trimmed)) return true;
  if (PLACE_IN_BUILDING.test(trimmed) || SPECIMEN_HANDLING.test(trimmed)) return true;
  // A prose band list wrapped over lines leaves the end of the band before it in the name (`mmol/L; Toxicidad`).
  const lastClause = trimmed.split(/[;]\s*/).pop() ?? trimmed;
  if (lastClause !== trimmed && CATEGORY_LABEL.test(lastClause.trim())) return true;
  if (LEGEND_LINE.test(line) || GRADE_LEGEND_LINE.test(line)) return true;
  if (COMPARATOR_TAIL.test(trimmed) || BAND_TABLE_CAPTION.test(trimmed)) return true;
  if (DEVICE_USAGE.test(trimmed)) return true;
  if (METHOD_LIMIT_NAME.test(trimmed) || GOAL_FIRST_NAME.test(trimmed) || GOAL_LAST_NAME.test(trimmed.slice(-40)))
    return true;
  const nameAt = namedValueAt(trimmed, value, line).nameAt;
  if (nameAt >= 0 && NOT_THE_PATIENTS_BEFORE_NAME.test(line.slice(Math.max(0, nameAt - 30), nameAt))) return true;
  if (isAppointmentDay(value, line)) return true;
  // A price list or an invoice prints test names before prices (`not-readings-money.ts`).
  if (isMoney(trimmed, value, line)) return true;
  // `20-30 years  118 - 475`, `Women  15 - 150`: a reference table's row for a group of people (`not-readings-populations.ts`).
  if (isPopulationBand(trimmed, value)) return true;
  if (line.length < 400 && isBandRow(line)) return true;
  if (!fromTable && namedAsGoal(trimmed, value, line)) return true;
  if (fromTable) return false;
  if (IDENTIFIER_NUMBER.test(value)) return true;
  if (goalRunsOnFromAbove(value, shape.lineAbove)) return true;
  const named = namedValueAt(trimmed, value, line);
  // The approximation word may stand in the name or between it and the value (`creatinine about 150`).
  if (APPROXIMATION_TAIL.test(trimmed)) return true;
  if (named.valueAt >= 0) {
    const between = line.slice(named.nameAt, named.valueAt);
    if (APPROXIMATION_TAIL.test(between) || APPROXIMATION_MARK.test(between)) return true;
  }
  // A question, a value recalled without its date, a plan's or a goal list's line (`not-readings-talk.ts`).
  if (isPlanOrGoalsLine(line) || isRecalledWithoutDate(trimmed, line, named.nameAt)) return true;
  if (isAsked(value, line, named.valueAt)) return true;
  if (INCLUSIVE_BOUND.test(value) && sentenceRunsOn(line, value)) return true;
  // `A1C 7.0% or less is the usual target`: a figure made a bound by the words after it is a cut-off, not a result.
  if (named.valueAt >= 0 && WORDED_BOUND_AFTER.test(line.slice(named.valueAt + value.trim().length))) return true;
  if (!CENSORED_OR_BAND.test(value)) return false;
  if (bandGivenMeaning(trimmed, value, line)) return true;
  if (actionRule(value, line)) return true;
  // The guidance must stand near the reading (`aim for an LDL <1.8`, `<70 mg/dL is considered`), not anywhere in a
  // long sentence (`Troponin T was <3 ng/L on arrival and ..., below the 14 ng/L threshold`).
  const at = line.indexOf(trimmed);
  const valueAt = at < 0 ? -1 : line.indexOf(value.trim(), at + trimmed.length);
  if (at < 0 || valueAt < 0) return GUIDANCE.test(`${trimmed} ${line.slice(0, GUIDANCE_REACH * 4)}`);
  const before = line.slice(Math.max(0, at - GUIDANCE_REACH), valueAt + value.length);
  // After the value, only words that run on from it (`<70 mg/dL is considered optimal`): a note in brackets or after
  // a comma is about the result (`<3 ng/L (cut-off 14 ng/L)`, `<0.1 ng/mL, consistent with remission`).
  const after = line.slice(valueAt + value.length, valueAt + value.length + GUIDANCE_REACH).split(/[([,;]/)[0] ?? '';
  return GUIDANCE.test(before) || GUIDANCE.test(after);
}
