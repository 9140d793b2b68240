/**
 * The vocabulary of spreadsheet headers: what role a column plays, in English, German, Spanish and French, and how a
 * header states its unit (`Weight (kg)`, `Glucose [mg/dL]`).
 */

export type ColumnRole = 'indicator' | 'value' | 'unit' | 'date' | 'time' | 'range' | 'flag' | 'note';

/** Lower case, accents and punctuation removed, spaces collapsed: `Référence` → `reference`, `Ref.-Bereich` → `ref bereich`. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9%/]+/g, ' ')
    .trim();
}

/** Header words per role, `|`-separated, one string per language: English, German, Spanish, French. */
const ROLE_WORDS: Record<ColumnRole, readonly string[]> = {
  indicator: [
    'test|tests|test name|name|analyte|analysis|parameter|indicator|measurement|item|exam|examination|component|' +
      'lab test|investigation|determination|observation|marker|biomarker|metric|type',
    'analyt|untersuchung|bezeichnung|messgrosse|laborwert|laborparameter|kenngrosse|art',
    'prueba|analisis|parametro|determinacion|examen|nombre|indicador|componente|estudio|tipo',
    'analyse|parametre|nom|indicateur|element|dosage|examen biologique',
  ],
  value: [
    'value|values|result|results|reading|measured value|level|amount|result value',
    'wert|ergebnis|resultat|befund|messwert',
    'valor|resultado|medida|medicion',
    'valeur|mesure|resultats',
  ],
  unit: [
    'unit|units|uom|unit of measure|units of measure',
    'einheit|einheiten|masseinheit',
    'unidad|unidades|unidad de medida',
    'unite|unites|unite de mesure',
  ],
  date: [
    'date|datetime|date time|timestamp|time stamp|collected|collection date|collected at|sample date|measured at|' +
      'measurement date|recorded|recorded at|day|observation date|effective date|start|start date|start time',
    'datum|abnahmedatum|entnahmedatum|messzeitpunkt|zeitpunkt|tag|messdatum|datum uhrzeit',
    'fecha|fecha de toma|fecha de la muestra|fecha hora|dia',
    'jour|date de prelevement|horodatage|date heure',
  ],
  time: ['time|hour|time of day', 'uhrzeit|zeit', 'hora', 'heure'],
  range: [
    'reference range|reference|references|ref range|ref|normal range|reference interval|reference values|' +
      'normal values|range|ref interval|normal|limits|biological reference interval',
    'referenzbereich|normbereich|normalbereich|referenz|referenzwerte|normwerte|normwert|ref bereich',
    'rango de referencia|valores de referencia|intervalo de referencia|referencia|rango normal|valores normales|rango',
    'valeurs de reference|intervalle de reference|valeurs normales|normes|norme|valeurs usuelles',
  ],
  flag: [
    'flag|flags|abnormal|abnormal flag|status|h/l|interpretation',
    'kennzeichen|markierung|bewertung|auffallig',
    'alerta|marca|interpretacion',
    'alerte|anomalie',
  ],
  note: [
    'note|notes|comment|comments|remark|remarks|description',
    'notiz|notizen|kommentar|bemerkung|bemerkungen|anmerkung',
    'nota|notas|comentario|comentarios|observaciones',
    'commentaire|commentaires|remarque|remarques',
  ],
};

const ROLE_BY_WORDS = new Map<string, ColumnRole>();
for (const [role, languages] of Object.entries(ROLE_WORDS) as [ColumnRole, readonly string[]][]) {
  for (const word of languages.flatMap((words) => words.split('|'))) {
    if (!ROLE_BY_WORDS.has(word)) ROLE_BY_WORDS.set(word, role);
  }
}

export interface HeaderCell {
  /** The header without its unit, as written: `Weight` of `Weight (kg)`. */
  name: string;
  /** The unit the header states in brackets or after a comma, or null. */
  unit: string | null;
}

/**
 * Splits a header into name and unit: `Weight (kg)`, `Glucose [mg/dL]`, `Glucose {mg/dL}`, `Heart rate, bpm`,
 * `Weight in kg`. The unit is as written; whether it is a unit at all is for the caller (`normalizeUnit`).
 */
export function parseHeader(text: string): HeaderCell {
  const trimmed = text.trim();
  const bracketed = /^(.*?)\s*[([{]\s*([^()[\]{}]+?)\s*[)\]}]\s*$/.exec(trimmed);
  if (bracketed?.[1]) return { name: bracketed[1].trim(), unit: bracketed[2]?.trim() || null };
  const comma = /^(.+?),\s*([^\s,]{1,12})$/.exec(trimmed);
  if (comma?.[1]) return { name: comma[1].trim(), unit: comma[2] ?? null };
  const inUnit = /^(.+?)\s+in\s+([^\s]{1,12})$/i.exec(trimmed);
  if (inUnit?.[1]) return { name: inUnit[1].trim(), unit: inUnit[2] ?? null };
  return { name: trimmed, unit: null };
}

/** The role a header names, or null for anything else (a measurement name in a wide layout, an ID column). */
export function headerRole(text: string): ColumnRole | null {
  const folded = foldHeader(text);
  const direct = ROLE_BY_WORDS.get(folded);
  if (direct) return direct;
  // `Result (mg/dL)`, `Reference range (adults)`: the role of the words before the brackets.
  const bare = foldHeader(parseHeader(text).name);
  return bare === folded ? null : (ROLE_BY_WORDS.get(bare) ?? null);
}
