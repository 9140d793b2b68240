import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: 'recrutement en cours',
  NOT_YET_RECRUITING: 'recrutement pas encore ouvert',
  ENROLLING_BY_INVITATION: 'inclusion sur invitation',
  ACTIVE_NOT_RECRUITING: 'actif, sans recrutement',
  COMPLETED: 'terminé',
  SUSPENDED: 'suspendu',
  TERMINATED: 'arrêté',
  WITHDRAWN: 'retiré',
};
const WHAT = { studies: 'd’études', trials: 'd’essais', article: 'l’article', page: 'la page' } as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `${p ?? 50}e centile`
    : { sd: 'écart type', variance: 'variance', median: 'médiane', correlation: 'corrélation' }[kind];
const le = (kind: StatisticLine['kind']) => (kind === 'sd' || kind === 'percentile' ? 'L’' : 'La ');

/**
 * French (vous). French typography puts a non-breaking space before `:` and `;` and inside « » quotes; `C` is
 * that space.
 */

const LOCALE = 'fr';
const C = '\u00a0';
/** The first of the month is `1er`. */
const date = (iso: string) => localDate(iso, LOCALE).replace(/^1 /, '1er ');
const readings = (n: number) => (n === 1 ? '1 mesure' : `${n} mesures`);
const agree = (n: number, one: string, many: string) => (n === 1 ? one : many);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;

const UNITS = {
  hour: ['au cours de la dernière heure', (n: number) => `au cours des ${n} dernières heures`],
  day: ['au cours du dernier jour', (n: number) => `au cours des ${n} derniers jours`],
  week: ['au cours de la dernière semaine', (n: number) => `au cours des ${n} dernières semaines`],
  month: ['au cours du dernier mois', (n: number) => `au cours des ${n} derniers mois`],
  year: ['au cours de la dernière année', (n: number) => `au cours des ${n} dernières années`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return `le ${date(p.day)}`;
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
      return `entre le ${date(name.from)} et le ${date(name.to)}`;
    case 'years':
      return `en ${name.from}–${name.to}`;
    case 'bounds':
      if (name.since && name.until) return `du ${date(name.since)} au ${date(name.until)}`;
      return name.since ? `depuis le ${date(name.since)}` : `jusqu'au ${date(name.until ?? '')}`;
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `${name.n === 1 ? one : many(name.n)} (depuis le ${date(name.since)})`;
    }
    case 'weekday':
      return `${localWeekday(name.day, LOCALE)} (${date(name.day)})`;
    case 'today':
      return `aujourd'hui (${date(name.day)})`;
    case 'yesterday':
      return `hier (${date(name.day)})`;
    case 'thisWeek':
      return `cette semaine (depuis le ${date(name.since)})`;
    case 'thisMonth':
      return `ce mois-ci (depuis le ${date(name.since)})`;
    case 'thisYear':
      return `cette année (depuis le ${date(name.since)})`;
    case 'lastMonth':
      return `le mois dernier (${localMonth(name.year, name.month, LOCALE)})`;
    case 'lastYear':
      return `l'année dernière (${name.year})`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: ' — signalée comme anormale',
  inRange: ' — dans sa plage de référence',
  notFlagged: ' — non signalée',
  noFlag: ' — aucun signalement enregistré',
} as const;

const DIRECTION = {
  rising: 'en hausse',
  falling: 'en baisse',
  stable: 'stable',
  insufficient_data: 'trop peu de mesures pour dégager une tendance',
} as const;

const PLACE = {
  above: ', au-dessus de la plage de référence',
  below: ', en dessous de la plage de référence',
  flagged: ', signalée comme anormale',
} as const;

const reference = (r: string | null) => (r ? ` (référence${C}: ${r})` : ' (aucune plage de référence enregistrée)');

export const FR: Messages = {
  language: 'fr',
  date,
  window,
  allRecords: 'dans vos données',
  readings,
  list,
  quote: (text) => `«${C}${text}${C}»`,
  unitWords: { '{steps}': 'pas', '{beats}/min': 'battements/min' },
  panels: {
    'blood pressure': 'tension artérielle',
    'lipid panel': 'bilan lipidique',
    'thyroid tests': 'bilan thyroïdien',
    'kidney function tests': 'bilan rénal',
    'liver function tests': 'bilan hépatique',
    'blood count': 'hémogramme',
    'iron studies': 'bilan martial',
    electrolytes: 'électrolytes',
    'vital signs': 'signes vitaux',
    sleep: 'sommeil',
    'diabetes markers': 'marqueurs du diabète',
  },

  footer: '_Ceci est un résumé de vos données fondé sur des règles, et non un avis médical._',
  journalAcknowledgement: "C'est noté, merci.",
  advice: `Je ne peux pas donner d'avis médical ni de diagnostic${C}: je suis un moteur à base de règles qui rapporte ce que montrent vos données. Parlez-en à votre médecin.`,
  toolsOff: `Les outils sont désactivés pour cette requête${C}: je ne peux donc pas lire vos données et n'ai rien à en rapporter.`,
  nothingToLookUp: `Il n'y avait rien à rechercher pour cette question${C}: je n'ai donc rien à rapporter de vos données.`,
  dataToolsMissing: `Je ne peux pas lire vos données de santé ici${C}: les outils de données ne sont pas disponibles dans cette conversation.`,
  familyToolMissing: `Je ne peux pas lister votre cercle de soins ici${C}: cet outil n'est pas disponible dans cette conversation.`,
  filesToolMissing: `Je ne peux pas lister vos documents médicaux ici${C}: cet outil n'est pas disponible dans cette conversation.`,
  familyNotOwnRecords: `Les mesures ci-dessous sont les vôtres${C}; je ne peux lire que vos données, pas celles d'un proche.`,
  lookupFailed: 'la recherche a échoué',
  ownToolReturned: (name) => `Votre outil **${name}** a renvoyé${C}:`,
  ownToolReturnedNothing: (name) => `Votre outil **${name}** n’a rien renvoyé.`,
  couldNotReadRecords: (error) => `Je n'ai pas pu lire vos données${C}: ${error}.`,
  couldNotListFamily: (error) => `Je n'ai pas pu lister votre cercle de soins${C}: ${error}.`,
  couldNotListFiles: (error) => `Je n'ai pas pu lister vos documents${C}: ${error}.`,

  panelHeading: (panel) => `**${capitalise(panel)}**${C}:`,
  panelLookupFailed: (panel, error) => `Je n'ai pas pu consulter **${panel}**${C}: ${error}.`,
  lookupFailedFor: (label, error) => `Je n'ai pas pu consulter **${label}**${C}: ${error}.`,
  noData: (label, where) => `Je n'ai trouvé aucune mesure de **${label}** ${where}.`,
  missingMembers: (where, names) => `Aucune mesure ${where} pour${C}: ${names}.`,
  recordsDoHold: (window, names) =>
    `${window ? `${capitalise(window)}, vos` : 'Vos'} données contiennent en revanche${C}: ${names}.`,

  searchFailed: (quoted, error) => `Je n'ai pas pu chercher ${quoted} dans vos données${C}: ${error}.`,
  nothingToMatch: (where, quoted) => `Je n'ai trouvé aucune mesure ${where}${C}: rien ne correspond donc à ${quoted}.`,
  noMatch: (quoted, window) =>
    `Je n'ai pu associer ${quoted} à aucun examen de vos données${window ? ` ${window}` : ''}.`,
  recordsInclude: (window, names) =>
    `${window ? `${capitalise(window)}, vos` : 'Vos'} données contiennent${C}: ${names}.`,
  matching: (quoted) => `Recherche de ${quoted} parmi les noms de vos données${C}:`,

  noFlaggedReadings: (where) =>
    `Je n'ai trouvé aucune mesure signalée comme anormale ou hors de sa plage de référence ${where}.`,
  flaggedReadings: (n, where, shown) =>
    `J'ai trouvé **${readings(n)}** ` +
    agree(n, 'signalée comme anormale ou hors de sa plage', 'signalées comme anormales ou hors de leur plage') +
    ` de référence ${where}${shown !== null ? ` (les ${shown} plus récentes sont listées)` : ''}${C}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}${C}:`,
  noReadings: (where) => `Je n'ai trouvé aucune mesure ${where}.`,
  overviewHeading: (window, series) =>
    `${window ? `${capitalise(window)}, vos` : 'Vos'} données contiennent ${series === 1 ? '1 série' : `${series} séries`}${C}:`,
  overviewColumns: {
    test: 'Examen',
    readings: 'Mesures',
    latest: 'Dernière',
    date: 'Date',
    change: 'Évolution',
    flagged: 'Signalées',
  },
  overviewTruncated: `Seule une partie de vos séries tient dans ce résumé${C}; demandez un examen précis pour le reste.`,
  noneFlagged: "Aucune de ces mesures n'a été signalée comme anormale.",

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}${C}: ${emphasise ? `**${readings(n)}**` : readings(n)} ${where}.`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- Dernière mesure${C}: **${value}** le ${day}${convertedFrom ? `, convertie depuis ${convertedFrom}` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}.`,
  referenceUpTo: (value) => `jusqu'à ${value}`,
  referenceAtLeast: (value) => `au moins ${value}`,
  converted: (n, unit) =>
    `- ${readings(n)} ${agree(n, 'convertie', 'converties')} en ${unit} pour regrouper les valeurs.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} sans unité`
        : reason === 'other_unit'
          ? `${count} en ${unit || 'une autre unité'}, non ${agree(count, 'convertible', 'convertibles')}`
          : `${count} non ${agree(count, 'numérique', 'numériques')}`,
    );
    return `- ${agree(total, 'Exclue', 'Exclues')} de ces chiffres${C}: ${readings(total)} (${list(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- Évolution${C}: ${first} → ${last} (${firstDate} → ${lastDate})${C}: ` +
    `${change}${percent !== null ? ` (${percent})` : ''}, ${DIRECTION[direction]}.`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Maximum${C}: **${highest}** le ${highestDate}${C}; minimum${C}: **${lowest}** le ${lowestDate}.`,
  onlyOneReading: (where, value, day) =>
    `- Une seule mesure numérique ${where}${C}: ${value} le ${day}, il n'y a donc pas de tendance à rapporter.`,
  singleExtreme: (where, value, day) =>
    `- Avec une seule mesure numérique ${where}, ${value} le ${day} est à la fois le maximum et le minimum.`,
  noNumericReadings: (where, what) =>
    `- Aucune mesure numérique ${where}${C}: il n'y a donc pas de ${what === 'trend' ? 'tendance' : 'plage'} à rapporter.`,
  average: (value, n) => `- Moyenne${C}: **${value}** sur ${readings(n)}.`,
  flaggedCount: (n) => `- ${readings(n)} ${agree(n, 'signalée comme anormale', 'signalées comme anormales')}.`,
  noneFlaggedIn: (where) => `- Aucune de ces mesures n'a été signalée comme anormale ${where}.`,
  flaggedList: (n, shown) =>
    `- ${agree(n, 'Signalée comme anormale', 'Signalées comme anormales')}${C}: ${readings(n)}` +
    `${shown !== null ? ` (les ${shown} plus récentes sur ${n} sont affichées)` : ''}${C}:`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}${C}: **${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: 'Date', value: 'Valeur', flag: 'Statut' },
  flagWords: { abnormal: 'anormale', normal: 'normale' },
  showingNewest: (shown, total) => `Affichage des ${shown} plus récentes sur ${total}.`,
  couldNotListReadings: (error) => `- Je n'ai pas pu lister les mesures une par une${C}: ${error}.`,
  comparisonColumns: { test: 'Examen', latest: 'Dernière', date: 'Date', change: 'Évolution', readings: 'Mesures' },

  noFamily: 'Votre cercle de soins ne compte encore aucun proche.',
  familyHeading: (n) => `Votre cercle de soins compte ${n === 1 ? '1 membre' : `${n} membres`}${C}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (a ses propres données dans HDS)' : ''}${notes ? `${C}: ${notes}` : ''}`,
  noFiles: "Je n'ai trouvé aucun document médical dans votre compte.",
  filesHeading: (n, truncated) =>
    `Vous avez ${n === 1 ? '1 document médical' : `${n} documents médicaux`}${truncated ? ' (la liste est tronquée)' : ''}${C}:`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}** (${type}, ${status}, importé le ${day})${C}: ${readings(n)} ${agree(n, 'extraite', 'extraites')}` +
    `${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `Votre document médical le plus récent est **${filename}** (${type}, ${status}, importé le ${day})${C}: ` +
    `${readings(n)} ${agree(n, 'extraite', 'extraites')}.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `Il commence ainsi${C}:\n> ${excerpt}`,
  otherFiles: (n) =>
    `Vous avez ${n === 1 ? '1 autre document' : `${n} autres documents`}${C}; demandez vos documents pour les voir tous.`,
  noReadingToRecord: `Je n'ai trouvé aucune mesure à enregistrer dans votre message. Indiquez-la avec une valeur, par exemple «${C}note mon poids 72 kg${C}» ou «${C}note tension 120/80 mmHg${C}».`,
  nothingRecorded: "Rien n'a été enregistré.",
  cannotRecord: `Je ne peux pas enregistrer de mesures dans cette conversation${C}: l'outil d'écriture n'est pas disponible ici.`,
  recordFailed: (error) => `Je n'ai pas pu enregistrer cette mesure${C}: ${error}.`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `Enregistré${C}: **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}${C}: **${value}** le ${day}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `J’ai trouvé **${total} ${agree(total, 'article', 'articles')}** sur ${source} pour «${C}${query}${C}»${shown > 1 && shown < total ? `${C}; voici les ${shown} premiers` : ''}${C}:`,
    noArticles: (query, source) => `Je n’ai trouvé aucun article sur ${source} pour «${C}${query}${C}».`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}${C}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `J’ai trouvé **${total} ${agree(total, 'essai clinique', 'essais cliniques')}** sur ${condition}${location ? ` près de ${location}` : ''}` +
      `${shown > 1 && shown < total ? `${C}; voici les ${shown} premiers` : ''}${C}:`,
    noTrials: (condition, location) =>
      `Je n’ai trouvé aucun essai clinique sur ${condition}${location ? ` près de ${location}` : ''} avec ce statut.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**${C}: ${title} (${status}${phase ? `, ${phase}` : ''})${C}: ${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition: `Pour chercher des essais cliniques, il me faut une maladie, par exemple «${C}essais qui recrutent pour le diabète de type 2 près de Lyon${C}».`,
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid})${C}:\n\n> ${text}\n\nÀ lire sur ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} ne fait pas partie du sous-ensemble en libre accès de PubMed Central, je ne peux donc pas en lire le texte ici${C}; il est sur ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url})${C}:\n\n> ${paragraph}`,
    pageEmpty: (url) => `J’ai lu ${url}, mais la page n’a aucun texte que je puisse citer.`,
    unreachable: (source, what, retry) =>
      `Je n’ai pas pu joindre ${source} pour le moment, je ne peux donc pas citer ${WHAT[what]}.` +
      `${retry ? ` La source répondra peut-être dans environ ${retry} secondes.` : ''}`,
    failed: (what, error) =>
      `Je n’ai pas pu lire ${{ studies: 'les études', trials: 'les essais', article: 'l’article', page: 'la page' }[what]}${C}: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `La corrélation (r de Pearson) entre vos mesures de **${names[0]}** et de **${names[1]}** ${where} est de **${value}**, sur ${n} ${agree(n, 'jour', 'jours')} avec des mesures des deux.`
        : `${le(kind)}${statisticName(kind, percentile)} de vos mesures de **${names[0]}** ${where} est de **${value}**, sur ${readings(n)}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Seulement ${n} ${agree(n, 'jour a', 'jours ont')} ${where} des mesures de **${names[0]}** et de **${names[1]}**${C}; une corrélation en demande au moins 3.`
        : `Il n’y a que ${readings(n)} de **${names[0]}** ${where}, trop peu pour calculer ${le(kind).toLowerCase()}${statisticName(kind, null)}.`,
    statisticFailed: (error) => `Je n’ai pas pu le calculer${C}: ${error}.`,
    statisticNoData: (name, where) =>
      `Je n’ai trouvé aucune mesure numérique de **${name}** ${where} pour le calculer.`,
  },
  chart: {
    date: 'Date',
    value: 'Valeur',
    test: 'Examen',
    flaggedPerTest: 'Mesures signalées par examen',
    flaggedReadings: 'Mesures signalées',
    versus: ' vs ',
  },
};
