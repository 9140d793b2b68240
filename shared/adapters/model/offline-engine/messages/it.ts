import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: 'in reclutamento',
  NOT_YET_RECRUITING: 'reclutamento non ancora aperto',
  ENROLLING_BY_INVITATION: 'arruolamento su invito',
  ACTIVE_NOT_RECRUITING: 'attivo, senza reclutamento',
  COMPLETED: 'concluso',
  SUSPENDED: 'sospeso',
  TERMINATED: 'interrotto',
  WITHDRAWN: 'ritirato',
};
const WHAT = { studies: 'studi', trials: 'sperimentazioni', article: "l'articolo", page: 'la pagina' } as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `${p ?? 50}° percentile`
    : { sd: 'deviazione standard', variance: 'varianza', median: 'mediana', correlation: 'correlazione' }[kind];
const la = (kind: StatisticLine['kind']) => (kind === 'percentile' ? 'Il ' : 'La ');
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Italian (tu); sentences about the engine's own attempts are impersonal ("non è stato possibile"). */

const LOCALE = 'it';
/** The first of the month is `1º`. */
const date = (iso: string) => localDate(iso, LOCALE).replace(/^1 /, '1º ');
/** A written day with its article, or the article fused with `da` / `a`: `il 2 marzo`, `l'8 marzo`, `dall'11 marzo`. */
function art(day: string, preposition: '' | 'da' | 'a' = ''): string {
  const elided = /^(?:8|11) /.test(day);
  const article = { '': ['il ', "l'"], da: ['dal ', "dall'"], a: ['al ', "all'"] }[preposition];
  return `${elided ? article[1] : article[0]}${day}`;
}
const the = (iso: string, preposition: '' | 'da' | 'a' = '') => art(date(iso), preposition);
const readings = (n: number) => (n === 1 ? '1 misurazione' : `${n} misurazioni`);
const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

const UNITS = {
  hour: ["nell'ultima ora", (n: number) => `nelle ultime ${n} ore`],
  day: ["nell'ultimo giorno", (n: number) => `negli ultimi ${n} giorni`],
  week: ["nell'ultima settimana", (n: number) => `nelle ultime ${n} settimane`],
  month: ["nell'ultimo mese", (n: number) => `negli ultimi ${n} mesi`],
  year: ["nell'ultimo anno", (n: number) => `negli ultimi ${n} anni`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return the(p.day);
    case 'month':
      return `a ${localMonth(p.year, p.month, LOCALE)}`;
    case 'year':
      return `nel ${p.year}`;
    case 'window':
      return window(p.name);
  }
}

function window(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `tra ${the(name.from)} e ${the(name.to)}`;
    case 'years':
      return `negli anni ${name.from}–${name.to}`;
    case 'bounds':
      if (name.since && name.until) return `${the(name.since, 'da')} ${the(name.until, 'a')}`;
      return name.since ? the(name.since, 'da') : `fino ${the(name.until ?? '', 'a')}`;
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `${name.n === 1 ? one : many(name.n)} (${the(name.since, 'da')})`;
    }
    case 'weekday':
      return `${localWeekday(name.day, LOCALE)} (${date(name.day)})`;
    case 'today':
      return `oggi (${date(name.day)})`;
    case 'yesterday':
      return `ieri (${date(name.day)})`;
    case 'thisWeek':
      return `questa settimana (${the(name.since, 'da')})`;
    case 'thisMonth':
      return `questo mese (${the(name.since, 'da')})`;
    case 'thisYear':
      return `quest'anno (${the(name.since, 'da')})`;
    case 'lastMonth':
      return `il mese scorso (${localMonth(name.year, name.month, LOCALE)})`;
    case 'lastYear':
      return `l'anno scorso (${name.year})`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: ' — segnalata come anomala',
  inRange: ' — nel suo intervallo di riferimento',
  notFlagged: ' — non segnalata',
  noFlag: ' — nessuna segnalazione registrata',
} as const;

const DIRECTION = {
  rising: 'in aumento',
  falling: 'in calo',
  stable: 'stabile',
  insufficient_data: 'troppo poche misurazioni per indicare una tendenza',
} as const;

const PLACE = {
  above: ", sopra l'intervallo di riferimento",
  below: ", sotto l'intervallo di riferimento",
  flagged: ', segnalata come anomala',
} as const;

const reference = (r: string | null) => (r ? ` (riferimento: ${r})` : ' (nessun intervallo di riferimento registrato)');

export const IT: Messages = {
  language: 'it',
  date,
  window,
  allRecords: 'nei tuoi dati',
  readings,
  list,
  quote: (text) => `«${text}»`,
  unitWords: { '{steps}': 'passi', '{beats}/min': 'battiti/min' },
  panels: {
    'blood pressure': 'pressione arteriosa',
    'lipid panel': 'profilo lipidico',
    'thyroid tests': 'esami della tiroide',
    'kidney function tests': 'funzionalità renale',
    'liver function tests': 'funzionalità epatica',
    'blood count': 'emocromo',
    'iron studies': 'assetto marziale',
    electrolytes: 'elettroliti',
    'vital signs': 'parametri vitali',
    sleep: 'sonno',
    'diabetes markers': 'marcatori del diabete',
  },

  footer: '_Questo è un riepilogo dei tuoi dati basato su regole, non un consiglio medico._',
  journalAcknowledgement: 'Preso nota, grazie.',
  advice:
    'Non posso dare consigli medici né diagnosi: sono un motore basato su regole che riporta ciò che mostrano i tuoi dati, quindi parlane con il tuo medico.',
  toolsOff:
    'Gli strumenti sono disattivati per questa richiesta, quindi non posso leggere i tuoi dati e non ho nulla da riportare.',
  nothingToLookUp: "Non c'era nulla da cercare per questa domanda, quindi non ho nulla da riportare dai tuoi dati.",
  dataToolsMissing:
    'Qui non posso leggere i tuoi dati sanitari: gli strumenti per i dati non sono disponibili in questa conversazione.',
  familyToolMissing:
    'Qui non posso elencare la tua cerchia di cura: questo strumento non è disponibile in questa conversazione.',
  filesToolMissing:
    'Qui non posso elencare i tuoi documenti clinici: questo strumento non è disponibile in questa conversazione.',
  familyNotOwnRecords:
    'Le misurazioni qui sotto sono le tue; posso leggere solo i tuoi dati, non quelli di un familiare.',
  lookupFailed: 'la ricerca non è riuscita',
  ownToolReturned: (name) => `Il tuo strumento **${name}** ha restituito:`,
  ownToolReturnedNothing: (name) => `Il tuo strumento **${name}** non ha restituito nulla.`,
  couldNotReadRecords: (error) => `Non è stato possibile leggere i tuoi dati: ${error}.`,
  couldNotListFamily: (error) => `Non è stato possibile elencare la tua cerchia di cura: ${error}.`,
  couldNotListFiles: (error) => `Non è stato possibile elencare i tuoi documenti: ${error}.`,

  panelHeading: (panel) => `**${capitalise(panel)}**:`,
  panelLookupFailed: (panel, error) => `Non è stato possibile consultare **${panel}**: ${error}.`,
  lookupFailedFor: (label, error) => `Non è stato possibile consultare **${label}**: ${error}.`,
  noData: (label, where) => `Non ho trovato misurazioni di **${label}** ${where}.`,
  missingMembers: (where, names) => `Nessuna misurazione ${where} per: ${names}.`,
  recordsDoHold: (window, names) =>
    `${window ? `${capitalise(window)}, i` : 'I'} tuoi dati contengono invece: ${names}.`,

  searchFailed: (quoted, error) => `Non è stato possibile cercare ${quoted} nei tuoi dati: ${error}.`,
  nothingToMatch: (where, quoted) => `Non ho trovato misurazioni ${where}, quindi nulla corrisponde a ${quoted}.`,
  noMatch: (quoted, window) =>
    `Non è stato possibile associare ${quoted} a nessun esame nei tuoi dati${window ? ` ${window}` : ''}.`,
  recordsInclude: (window, names) => `${window ? `${capitalise(window)}, i` : 'I'} tuoi dati includono: ${names}.`,
  matching: (quoted) => `Cerco ${quoted} tra i nomi nei tuoi dati:`,

  noFlaggedReadings: (where) =>
    `Non ho trovato misurazioni segnalate come anomale o fuori dal loro intervallo di riferimento ${where}.`,
  flaggedReadings: (n, where, shown) =>
    `Ho trovato **${readings(n)}** ` +
    agree(
      n,
      'segnalata come anomala o fuori dal suo intervallo',
      'segnalate come anomale o fuori dal loro intervallo',
    ) +
    ` di riferimento ${where}${shown !== null ? ` (sono elencate le ${shown} più recenti)` : ''}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}:`,
  noReadings: (where) => `Non ho trovato misurazioni ${where}.`,
  overviewHeading: (window, series) =>
    `${window ? `${capitalise(window)}, i` : 'I'} tuoi dati contengono ${series === 1 ? '1 serie' : `${series} serie`}:`,
  overviewColumns: {
    test: 'Esame',
    readings: 'Misurazioni',
    latest: 'Ultima',
    date: 'Data',
    change: 'Variazione',
    flagged: 'Segnalate',
  },
  overviewTruncated:
    'Solo una parte delle tue serie rientra in questo riepilogo; chiedi di un esame specifico per il resto.',
  noneFlagged: 'Nessuna di queste misurazioni è stata segnalata come anomala.',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}: ${emphasise ? `**${readings(n)}**` : readings(n)} ${where}.`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- Ultima: **${value}** ${art(day)}${convertedFrom ? `, convertita da ${convertedFrom}` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}.`,
  referenceUpTo: (value) => `fino a ${value}`,
  referenceAtLeast: (value) => `almeno ${value}`,
  converted: (n, unit) => `- ${readings(n)} ${agree(n, 'convertita', 'convertite')} in ${unit} per unire i valori.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} senza unità`
        : reason === 'other_unit'
          ? `${count} in ${unit || "un'altra unità"}, non ${agree(count, 'convertibile', 'convertibili')}`
          : `${count} non ${agree(count, 'numerica', 'numeriche')}`,
    );
    return `- ${agree(total, 'Esclusa', 'Escluse')} da questi valori: ${readings(total)} (${list(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- Variazione: ${first} → ${last} (${firstDate} → ${lastDate}): ${change}${percent !== null ? ` (${percent})` : ''}, ` +
    `${DIRECTION[direction]}.`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Massimo: **${highest}** ${art(highestDate)}; minimo: **${lowest}** ${art(lowestDate)}.`,
  onlyOneReading: (where, value, day) =>
    `- Una sola misurazione numerica ${where}: ${value} ${art(day)}, quindi non c'è una tendenza da riportare.`,
  singleExtreme: (where, value, day) =>
    `- Con una sola misurazione numerica ${where}, ${value} ${art(day)} è sia il massimo sia il minimo.`,
  noNumericReadings: (where, what) =>
    `- Nessuna misurazione numerica ${where}, quindi non c'è ${what === 'trend' ? 'una tendenza' : 'un intervallo'} da riportare.`,
  average: (value, n) => `- Media: **${value}** su ${readings(n)}.`,
  flaggedCount: (n) => `- ${readings(n)} ${agree(n, 'segnalata come anomala', 'segnalate come anomale')}.`,
  noneFlaggedIn: (where) => `- Nessuna di queste misurazioni è stata segnalata come anomala ${where}.`,
  flaggedList: (n, shown) =>
    `- ${agree(n, 'Segnalata come anomala', 'Segnalate come anomale')}: ${readings(n)}${shown !== null ? ` (sono mostrate le ${shown} più recenti su ${n})` : ''}:`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}: **${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: 'Data', value: 'Valore', flag: 'Stato' },
  flagWords: { abnormal: 'anomala', normal: 'normale' },
  showingNewest: (shown, total) => `Sono mostrate le ${shown} più recenti su ${total}.`,
  couldNotListReadings: (error) => `- Non è stato possibile elencare le singole misurazioni: ${error}.`,
  comparisonColumns: {
    test: 'Esame',
    latest: 'Ultima',
    date: 'Data',
    change: 'Variazione',
    readings: 'Misurazioni',
  },

  noFamily: 'La tua cerchia di cura non ha ancora familiari.',
  familyHeading: (n) => `La tua cerchia di cura ha ${n === 1 ? '1 membro' : `${n} membri`}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (ha i propri dati in HDS)' : ''}${notes ? `: ${notes}` : ''}`,
  noFiles: 'Non ho trovato documenti clinici nel tuo account.',
  filesHeading: (n, truncated) =>
    `Hai ${n === 1 ? '1 documento clinico' : `${n} documenti clinici`}${truncated ? " (l'elenco è incompleto)" : ''}:`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}** (${type}, ${status}, caricato ${art(day)}): ${readings(n)} ${agree(n, 'estratta', 'estratte')}` +
    `${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `Il tuo documento clinico più recente è **${filename}** (${type}, ${status}, caricato ${art(day)}): ` +
    `${readings(n)} ${agree(n, 'estratta', 'estratte')}.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `Inizia così:\n> ${excerpt}`,
  otherFiles: (n) =>
    `Hai ${n === 1 ? 'un altro documento' : `altri ${n} documenti`}; chiedi i tuoi documenti per vederli tutti.`,
  noReadingToRecord:
    'Non ho trovato una misurazione da registrare nel tuo messaggio. Indicala con un valore, per esempio «registra il mio peso 72 kg» o «registra pressione 120/80 mmHg».',
  nothingRecorded: 'Non è stato registrato nulla.',
  cannotRecord:
    'Non posso registrare misurazioni in questa conversazione: lo strumento di scrittura non è disponibile qui.',
  recordFailed: (error) => `Non è stato possibile registrare questa misurazione: ${error}.`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `Registrato: **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}: **${value}** ${art(day)}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `Ho trovato **${count(total, 'articolo', 'articoli')}** su ${source} per «${query}»${shown > 1 && shown < total ? `; ecco i primi ${shown}` : ''}:`,
    noArticles: (query, source) => `Non ho trovato articoli su ${source} per «${query}».`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `Ho trovato **${count(total, 'sperimentazione clinica', 'sperimentazioni cliniche')}** su ${condition}${location ? ` vicino a ${location}` : ''}` +
      `${shown > 1 && shown < total ? `; ecco le prime ${shown}` : ''}:`,
    noTrials: (condition, location) =>
      `Non ho trovato sperimentazioni cliniche su ${condition}${location ? ` vicino a ${location}` : ''} con quello stato.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**: ${title} (${status}${phase ? `, ${phase}` : ''}): ${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition:
      'Per cercare sperimentazioni cliniche mi serve una malattia o condizione, per esempio «studi clinici che reclutano per il diabete di tipo 2 vicino a Milano».',
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid}):\n\n> ${text}\n\nSi legge su ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} non fa parte del sottoinsieme ad accesso aperto di PubMed Central, quindi non è possibile leggerne il testo qui; si trova su ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url}):\n\n> ${paragraph}`,
    pageEmpty: (url) => `Ho letto ${url}, ma la pagina non ha testo da citare.`,
    unreachable: (source, what, retry) =>
      `Non è stato possibile raggiungere ${source} in questo momento, quindi non posso citare ${WHAT[what]}.` +
      `${retry ? ` Potrebbe tornare a rispondere tra circa ${retry} secondi.` : ''}`,
    failed: (what, error) => `Non è stato possibile leggere ${WHAT[what]}: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `La correlazione (r di Pearson) tra i tuoi valori di **${names[0]}** e **${names[1]}** ${where} è **${value}**, su ${count(n, 'giorno', 'giorni')} con valori di entrambi.`
        : `${la(kind)}${statisticName(kind, percentile)} dei tuoi valori di **${names[0]}** ${where} è **${value}**, su ${count(n, 'valore', 'valori')}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Solo ${count(n, 'giorno ha', 'giorni hanno')} ${where} valori sia di **${names[0]}** sia di **${names[1]}**; una correlazione ne richiede almeno 3.`
        : `Ci sono solo ${count(n, 'valore', 'valori')} di **${names[0]}** ${where}, troppo pochi per ${kind === 'percentile' ? 'un' : 'una'} ${statisticName(kind, null)}.`,
    statisticFailed: (error) => `Non è stato possibile calcolarlo: ${error}.`,
    statisticNoData: (name, where) => `Non ho trovato valori numerici di **${name}** ${where} da cui calcolarlo.`,
  },
  chart: {
    date: 'Data',
    value: 'Valore',
    test: 'Esame',
    flaggedPerTest: 'Misurazioni segnalate per esame',
    flaggedReadings: 'Misurazioni segnalate',
    versus: ' vs ',
  },
};
