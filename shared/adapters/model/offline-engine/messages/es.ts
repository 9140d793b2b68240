import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: 'reclutando',
  NOT_YET_RECRUITING: 'aún sin reclutar',
  ENROLLING_BY_INVITATION: 'inscripción por invitación',
  ACTIVE_NOT_RECRUITING: 'activo, sin reclutar',
  COMPLETED: 'completado',
  SUSPENDED: 'suspendido',
  TERMINATED: 'terminado',
  WITHDRAWN: 'retirado',
};
const WHAT = { studies: 'estudios', trials: 'ensayos', article: 'el artículo', page: 'la página' } as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `percentil ${p ?? 50}`
    : { sd: 'desviación estándar', variance: 'varianza', median: 'mediana', correlation: 'correlación' }[kind];

/** Spanish (tú, as health apps address the reader in Spain and Latin America). */

const LOCALE = 'es';
const date = (iso: string) => localDate(iso, LOCALE);
const readings = (n: number) => (n === 1 ? '1 medición' : `${n} mediciones`);
const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

const UNITS = {
  hour: ['la última hora', (n: number) => `las últimas ${n} horas`],
  day: ['el último día', (n: number) => `los últimos ${n} días`],
  week: ['la última semana', (n: number) => `las últimas ${n} semanas`],
  month: ['el último mes', (n: number) => `los últimos ${n} meses`],
  year: ['el último año', (n: number) => `los últimos ${n} años`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return `el ${date(p.day)}`;
    case 'month':
      return `en ${localMonth(p.year, p.month, LOCALE)}`;
    case 'year':
      return `en ${p.year}`;
    case 'window':
      return window(p.name);
  }
}

function window(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `entre el ${date(name.from)} y el ${date(name.to)}`;
    case 'years':
      return `en ${name.from}–${name.to}`;
    case 'bounds':
      return [name.since ? `desde el ${date(name.since)}` : '', name.until ? `hasta el ${date(name.until)}` : '']
        .filter(Boolean)
        .join(' ');
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `en ${name.n === 1 ? one : many(name.n)} (desde el ${date(name.since)})`;
    }
    case 'weekday':
      return `el ${localWeekday(name.day, LOCALE)} (${date(name.day)})`;
    case 'today':
      return `hoy (${date(name.day)})`;
    case 'yesterday':
      return `ayer (${date(name.day)})`;
    case 'thisWeek':
      return `esta semana (desde el ${date(name.since)})`;
    case 'thisMonth':
      return `este mes (desde el ${date(name.since)})`;
    case 'thisYear':
      return `este año (desde el ${date(name.since)})`;
    case 'lastMonth':
      return `el mes pasado (${localMonth(name.year, name.month, LOCALE)})`;
    case 'lastYear':
      return `el año pasado (${name.year})`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: ' — marcada como anormal',
  inRange: ' — dentro de su rango de referencia',
  notFlagged: ' — sin marcar',
  noFlag: ' — sin marca registrada',
} as const;

const DIRECTION = {
  rising: 'en aumento',
  falling: 'en descenso',
  stable: 'estable',
  insufficient_data: 'demasiado pocas mediciones para indicar una tendencia',
} as const;

const PLACE = {
  above: ', por encima del rango de referencia',
  below: ', por debajo del rango de referencia',
  flagged: ', marcada como anormal',
} as const;

const reference = (r: string | null) => (r ? ` (referencia: ${r})` : ' (sin rango de referencia registrado)');

export const ES: Messages = {
  language: 'es',
  date,
  window,
  allRecords: 'en tus registros',
  readings,
  list,
  quote: (text) => `"${text}"`,
  unitWords: { '{steps}': 'pasos', '{beats}/min': 'latidos/min' },
  panels: {
    'blood pressure': 'presión arterial',
    'lipid panel': 'perfil lipídico',
    'thyroid tests': 'pruebas de tiroides',
    'kidney function tests': 'función renal',
    'liver function tests': 'función hepática',
    'blood count': 'hemograma',
    'iron studies': 'perfil de hierro',
    electrolytes: 'electrolitos',
    'vital signs': 'signos vitales',
    sleep: 'sueño',
    'diabetes markers': 'marcadores de diabetes',
  },

  footer: '_Este es un resumen de tus registros basado en reglas, no un consejo médico._',
  journalAcknowledgement: 'Anotado, gracias.',
  advice:
    'No puedo dar consejos médicos ni diagnósticos: soy un motor basado en reglas que informa de lo que muestran tus registros, así que coméntalo con tu médico.',
  toolsOff:
    'Las herramientas están desactivadas en esta solicitud, así que no puedo leer tus registros y no tengo nada de tus datos que comunicar.',
  nothingToLookUp:
    'No había nada que consultar para esta pregunta, así que no hay nada de tus registros que comunicar.',
  dataToolsMissing:
    'Aquí no puedo leer tus datos de salud: las herramientas de datos no están disponibles en esta conversación.',
  familyToolMissing:
    'Aquí no puedo mostrar tu círculo de cuidado: esa herramienta no está disponible en esta conversación.',
  filesToolMissing:
    'Aquí no puedo mostrar tus archivos clínicos: esa herramienta no está disponible en esta conversación.',
  familyNotOwnRecords: 'Las mediciones siguientes son tuyas; solo puedo leer tus registros, no los de un familiar.',
  lookupFailed: 'la consulta falló',
  ownToolReturned: (name) => `Tu herramienta **${name}** devolvió:`,
  ownToolReturnedNothing: (name) => `Tu herramienta **${name}** no devolvió nada.`,
  couldNotReadRecords: (error) => `No pude leer tus registros: ${error}.`,
  couldNotListFamily: (error) => `No pude mostrar tu círculo de cuidado: ${error}.`,
  couldNotListFiles: (error) => `No pude mostrar tus archivos: ${error}.`,

  panelHeading: (panel) => `**${capitalise(panel)}**:`,
  panelLookupFailed: (panel, error) => `No pude consultar **${panel}**: ${error}.`,
  lookupFailedFor: (label, error) => `No pude consultar **${label}**: ${error}.`,
  noData: (label, where) => `No encontré mediciones de **${label}** ${where}.`,
  missingMembers: (where, names) => `No hay mediciones ${where} de: ${names}.`,
  recordsDoHold: (window, names) => `Lo que sí hay en tus registros${window ? ` ${window}` : ''}: ${names}.`,

  searchFailed: (quoted, error) => `No pude buscar ${quoted} en tus registros: ${error}.`,
  nothingToMatch: (where, quoted) => `No encontré mediciones ${where}, así que nada coincide con ${quoted}.`,
  noMatch: (quoted, window) =>
    `No pude relacionar ${quoted} con ninguna prueba de tus registros${window ? ` ${window}` : ''}.`,
  recordsInclude: (window, names) => `${window ? `${capitalise(window)}, tus` : 'Tus'} registros incluyen: ${names}.`,
  matching: (quoted) => `Buscando ${quoted} entre los nombres de tus registros:`,

  noFlaggedReadings: (where) =>
    `No encontré mediciones marcadas como anormales o fuera de su rango de referencia ${where}.`,
  flaggedReadings: (n, where, shown) =>
    `Encontré **${readings(n)}** ${agree(n, 'marcada como anormal', 'marcadas como anormales')} o fuera de su rango ` +
    `de referencia ${where}${shown !== null ? ` (se muestran las ${shown} más recientes)` : ''}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}:`,
  noReadings: (where) => `No encontré mediciones ${where}.`,
  overviewHeading: (window, series) =>
    `${window ? `${capitalise(window)}, tus` : 'Tus'} registros contienen ${series === 1 ? '1 serie' : `${series} series`}:`,
  overviewColumns: {
    test: 'Prueba',
    readings: 'Mediciones',
    latest: 'Última',
    date: 'Fecha',
    change: 'Cambio',
    flagged: 'Marcadas',
  },
  overviewTruncated:
    'Solo una parte de tus series cabe en este resumen; pregunta por una prueba concreta para ver el resto.',
  noneFlagged: 'Ninguna de estas mediciones se marcó como anormal.',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}: ${emphasise ? `**${readings(n)}**` : readings(n)} ${where}.`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- Última: **${value}** el ${day}${convertedFrom ? `, convertida desde ${convertedFrom}` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}.`,
  referenceUpTo: (value) => `hasta ${value}`,
  referenceAtLeast: (value) => `al menos ${value}`,
  converted: (n, unit) => `- ${readings(n)} ${agree(n, 'convertida', 'convertidas')} a ${unit} para unir las cifras.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} sin unidad`
        : reason === 'other_unit'
          ? `${count} en ${unit || 'otra unidad'}, que no se puede convertir`
          : `${count} ${agree(count, 'no numérica', 'no numéricas')}`,
    );
    return `- ${agree(total, 'Excluida', 'Excluidas')} de estas cifras: ${readings(total)} (${list(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- Cambio: ${first} → ${last} (${firstDate} → ${lastDate}): ${change}${percent !== null ? ` (${percent})` : ''}, ` +
    `${DIRECTION[direction]}.`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Máximo: **${highest}** el ${highestDate}; mínimo: **${lowest}** el ${lowestDate}.`,
  onlyOneReading: (where, value, day) =>
    `- Solo hay una medición numérica ${where}: ${value} el ${day}, así que no hay tendencia que indicar.`,
  singleExtreme: (where, value, day) =>
    `- Con una sola medición numérica ${where}, ${value} el ${day} es a la vez el máximo y el mínimo.`,
  noNumericReadings: (where, what) =>
    `- No hay mediciones numéricas ${where}, así que no hay ${what === 'trend' ? 'tendencia' : 'rango'} que indicar.`,
  average: (value, n) => `- Promedio: **${value}** en ${readings(n)}.`,
  flaggedCount: (n) => `- ${readings(n)} ${agree(n, 'marcada como anormal', 'marcadas como anormales')}.`,
  noneFlaggedIn: (where) => `- Ninguna de estas mediciones se marcó como anormal ${where}.`,
  flaggedList: (n, shown) =>
    `- ${agree(n, 'Marcada como anormal', 'Marcadas como anormales')}: ${readings(n)}` +
    `${shown !== null ? ` (se muestran las ${shown} más recientes de ${n})` : ''}:`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}: **${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: 'Fecha', value: 'Valor', flag: 'Estado' },
  flagWords: { abnormal: 'anormal', normal: 'normal' },
  showingNewest: (shown, total) => `Se muestran las ${shown} más recientes de ${total}.`,
  couldNotListReadings: (error) => `- No pude mostrar las mediciones individuales: ${error}.`,
  comparisonColumns: { test: 'Prueba', latest: 'Última', date: 'Fecha', change: 'Cambio', readings: 'Mediciones' },

  noFamily: 'Tu círculo de cuidado aún no tiene familiares.',
  familyHeading: (n) => `Tu círculo de cuidado tiene ${n === 1 ? '1 miembro' : `${n} miembros`}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (tiene sus propios registros en HDS)' : ''}${notes ? `: ${notes}` : ''}`,
  noFiles: 'No encontré archivos clínicos en tu cuenta.',
  filesHeading: (n, truncated) =>
    `Tienes ${n === 1 ? '1 archivo clínico' : `${n} archivos clínicos`}${truncated ? ' (la lista está recortada)' : ''}:`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}** (${type}, ${status}, subido el ${day}): ${readings(n)} ${agree(n, 'extraída', 'extraídas')}` +
    `${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `Tu archivo clínico más reciente es **${filename}** (${type}, ${status}, subido el ${day}): ` +
    `${readings(n)} ${agree(n, 'extraída', 'extraídas')}.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `Empieza así:\n> ${excerpt}`,
  otherFiles: (n) => `Tienes ${n === 1 ? 'otro archivo' : `otros ${n} archivos`}; pide tus archivos para verlos todos.`,
  noReadingToRecord:
    'No encontré ninguna medición que registrar en tu mensaje. Indícala con un valor, por ejemplo "registra mi peso 72 kg" o "registra presión arterial 120/80 mmHg".',
  nothingRecorded: 'No se registró nada.',
  cannotRecord:
    'No puedo registrar mediciones en esta conversación: la herramienta de escritura no está disponible aquí.',
  recordFailed: (error) => `No pude registrar esa medición: ${error}.`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `Registrado: **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}: **${value}** el ${day}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `Encontré **${total} ${agree(total, 'artículo', 'artículos')}** en ${source} sobre «${query}»${shown > 1 && shown < total ? `; los ${shown} primeros` : ''}:`,
    noArticles: (query, source) => `No encontré artículos en ${source} sobre «${query}».`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `Encontré **${total} ${agree(total, 'ensayo clínico', 'ensayos clínicos')}** sobre ${condition}${location ? ` cerca de ${location}` : ''}` +
      `${shown > 1 && shown < total ? `; los ${shown} primeros` : ''}:`,
    noTrials: (condition, location) =>
      `No encontré ensayos clínicos sobre ${condition}${location ? ` cerca de ${location}` : ''} con ese estado.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**: ${title} (${status}${phase ? `, ${phase}` : ''}): ${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition:
      'Para buscar ensayos clínicos necesito una enfermedad o afección, por ejemplo «ensayos que reclutan para diabetes tipo 2 cerca de Madrid».',
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid}):\n\n> ${text}\n\nPuedes leerlo en ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} no está en el subconjunto de acceso abierto de PubMed Central, así que no puedo leer su texto aquí; está en ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url}):\n\n> ${paragraph}`,
    pageEmpty: (url) => `Leí ${url}, pero no tiene texto que pueda citar.`,
    unreachable: (source, what, retry) =>
      `No pude conectar con ${source} en este momento, así que no puedo citar ${WHAT[what]}.` +
      `${retry ? ` Puede que vuelva a responder en unos ${retry} segundos.` : ''}`,
    failed: (what, error) => `No pude leer ${WHAT[what]}: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `La correlación (r de Pearson) entre tus mediciones de **${names[0]}** y **${names[1]}** ${where} es **${value}**, a partir de ${n} ${agree(n, 'día', 'días')} con mediciones de ambas.`
        : `La ${statisticName(kind, percentile)} de tus mediciones de **${names[0]}** ${where} es **${value}**, a partir de ${readings(n)}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Solo ${n} ${agree(n, 'día tiene', 'días tienen')} ${where} mediciones de **${names[0]}** y de **${names[1]}**; una correlación necesita al menos 3.`
        : `Solo hay ${readings(n)} de **${names[0]}** ${where}, demasiado pocas para una ${statisticName(kind, null)}.`,
    statisticFailed: (error) => `No pude calcularlo: ${error}.`,
    statisticNoData: (name, where) => `No encontré mediciones numéricas de **${name}** ${where} para calcularlo.`,
  },
  chart: {
    date: 'Fecha',
    value: 'Valor',
    test: 'Prueba',
    flaggedPerTest: 'Mediciones marcadas por prueba',
    flaggedReadings: 'Mediciones marcadas',
    versus: ' vs. ',
  },
};
