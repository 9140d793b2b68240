import { localDate, localMonth, localWeekday } from '../dates';
import type { Period, WindowName } from '../time-window';
import type { Messages, StatisticLine } from './types';

const TRIAL_STATUS: Readonly<Record<string, string>> = {
  RECRUITING: 'rekrutiert',
  NOT_YET_RECRUITING: 'rekrutiert noch nicht',
  ENROLLING_BY_INVITATION: 'Teilnahme auf Einladung',
  ACTIVE_NOT_RECRUITING: 'aktiv, rekrutiert nicht',
  COMPLETED: 'abgeschlossen',
  SUSPENDED: 'unterbrochen',
  TERMINATED: 'abgebrochen',
  WITHDRAWN: 'zurückgezogen',
};
const WHAT = {
  studies: 'keine Studien',
  trials: 'keine Studien',
  article: 'den Artikel nicht',
  page: 'die Seite nicht',
} as const;
const statisticName = (kind: StatisticLine['kind'], p: number | null) =>
  kind === 'percentile'
    ? `${p ?? 50}. Perzentil`
    : { sd: 'Standardabweichung', variance: 'Varianz', median: 'Median', correlation: 'Korrelation' }[kind];
const article = (kind: StatisticLine['kind']) =>
  kind === 'sd' || kind === 'variance' || kind === 'correlation' ? 'Die' : 'Der';

/** German (du, as consumer health apps address the reader). */

const LOCALE = 'de';
const date = (iso: string) => localDate(iso, LOCALE);
const readings = (n: number) => (n === 1 ? '1 Messwert' : `${n} Messwerte`);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const list = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`;

const UNITS = {
  hour: ['in der letzten Stunde', (n: number) => `in den letzten ${n} Stunden`],
  day: ['am letzten Tag', (n: number) => `in den letzten ${n} Tagen`],
  week: ['in der letzten Woche', (n: number) => `in den letzten ${n} Wochen`],
  month: ['im letzten Monat', (n: number) => `in den letzten ${n} Monaten`],
  year: ['im letzten Jahr', (n: number) => `in den letzten ${n} Jahren`],
} as const;

function period(p: Period): string {
  switch (p.kind) {
    case 'day':
      return `am ${date(p.day)}`;
    case 'month':
      return `im ${localMonth(p.year, p.month, LOCALE)}`;
    case 'year':
      return `im Jahr ${p.year}`;
    case 'window':
      return window(p.name);
  }
}

function window(name: WindowName): string {
  switch (name.kind) {
    case 'between':
      return `zwischen dem ${date(name.from)} und dem ${date(name.to)}`;
    case 'years':
      return `in den Jahren ${name.from}–${name.to}`;
    case 'bounds':
      if (name.since && name.until) return `vom ${date(name.since)} bis zum ${date(name.until)}`;
      return name.since ? `seit dem ${date(name.since)}` : `bis zum ${date(name.until ?? '')}`;
    case 'rolling': {
      const [one, many] = UNITS[name.unit];
      return `${name.n === 1 ? one : many(name.n)} (seit dem ${date(name.since)})`;
    }
    case 'weekday':
      return `am ${localWeekday(name.day, LOCALE)} (${date(name.day)})`;
    case 'today':
      return `heute (${date(name.day)})`;
    case 'yesterday':
      return `gestern (${date(name.day)})`;
    case 'thisWeek':
      return `diese Woche (seit dem ${date(name.since)})`;
    case 'thisMonth':
      return `diesen Monat (seit dem ${date(name.since)})`;
    case 'thisYear':
      return `dieses Jahr (seit dem ${date(name.since)})`;
    case 'lastMonth':
      return `letzten Monat (${localMonth(name.year, name.month, LOCALE)})`;
    case 'lastYear':
      return `letztes Jahr (${name.year})`;
    case 'in':
    case 'on':
      return period(name.period);
  }
}

const STATUS = {
  flagged: ' — als auffällig markiert',
  inRange: ' — innerhalb des Referenzbereichs',
  notFlagged: ' — nicht markiert',
  noFlag: ' — keine Markierung erfasst',
} as const;

const DIRECTION = {
  rising: 'steigend',
  falling: 'fallend',
  stable: 'stabil',
  insufficient_data: 'zu wenige Messwerte für eine Richtung',
} as const;

const PLACE = {
  above: ', über dem Referenzbereich',
  below: ', unter dem Referenzbereich',
  flagged: ', als auffällig markiert',
} as const;

const reference = (r: string | null) => (r ? ` (Referenz: ${r})` : ' (kein Referenzbereich erfasst)');

export const DE: Messages = {
  language: 'de',
  date,
  window,
  allRecords: 'in deinen Daten',
  readings,
  list,
  quote: (text) => `„${text}“`,
  unitWords: { '{steps}': 'Schritte', '{beats}/min': 'Schläge/min' },
  panels: {
    'blood pressure': 'Blutdruck',
    'lipid panel': 'Blutfettwerte',
    'thyroid tests': 'Schilddrüsenwerte',
    'kidney function tests': 'Nierenwerte',
    'liver function tests': 'Leberwerte',
    'blood count': 'Blutbild',
    'iron studies': 'Eisenwerte',
    electrolytes: 'Elektrolyte',
    'vital signs': 'Vitalwerte',
    sleep: 'Schlaf',
    'diabetes markers': 'Diabeteswerte',
  },

  footer: '_Dies ist eine regelbasierte Zusammenfassung deiner Daten, keine medizinische Beratung._',
  journalAcknowledgement: 'Notiert, danke.',
  advice:
    'Ich kann keine medizinische Beratung und keine Diagnose geben: Ich bin ein regelbasiertes System, das berichtet, was deine Daten zeigen. Bitte besprich das mit deiner Ärztin oder deinem Arzt.',
  toolsOff:
    'Für diese Anfrage sind die Werkzeuge ausgeschaltet, daher kann ich deine Daten nicht lesen und habe nichts daraus zu berichten.',
  nothingToLookUp: 'Für diese Frage gab es nichts nachzuschlagen, daher habe ich nichts aus deinen Daten zu berichten.',
  dataToolsMissing:
    'Ich kann deine Gesundheitsdaten hier nicht lesen: Die Datenwerkzeuge sind in diesem Gespräch nicht verfügbar.',
  familyToolMissing:
    'Ich kann deinen Betreuungskreis hier nicht auflisten: Dieses Werkzeug ist in diesem Gespräch nicht verfügbar.',
  filesToolMissing:
    'Ich kann deine klinischen Dokumente hier nicht auflisten: Dieses Werkzeug ist in diesem Gespräch nicht verfügbar.',
  familyNotOwnRecords:
    'Die folgenden Messwerte sind deine eigenen; ich kann nur deine Daten lesen, nicht die eines Familienmitglieds.',
  lookupFailed: 'die Abfrage ist fehlgeschlagen',
  ownToolReturned: (name) => `Dein Werkzeug **${name}** hat geliefert:`,
  ownToolReturnedNothing: (name) => `Dein Werkzeug **${name}** hat nichts geliefert.`,
  couldNotReadRecords: (error) => `Ich konnte deine Daten nicht lesen: ${error}.`,
  couldNotListFamily: (error) => `Ich konnte deinen Betreuungskreis nicht auflisten: ${error}.`,
  couldNotListFiles: (error) => `Ich konnte deine Dokumente nicht auflisten: ${error}.`,

  panelHeading: (panel) => `**${capitalise(panel)}**:`,
  panelLookupFailed: (panel, error) => `Ich konnte **${panel}** nicht abfragen: ${error}.`,
  lookupFailedFor: (label, error) => `Ich konnte **${label}** nicht abfragen: ${error}.`,
  noData: (label, where) => `Ich habe ${where} keine Messwerte für **${label}** gefunden.`,
  missingMembers: (where, names) => `Keine Messwerte ${where} für: ${names}.`,
  recordsDoHold: (window, names) =>
    `${window ? `${capitalise(window)} enthalten deine Daten` : 'Deine Daten enthalten'} aber: ${names}.`,

  searchFailed: (quoted, error) => `Ich konnte deine Daten nicht nach ${quoted} durchsuchen: ${error}.`,
  nothingToMatch: (where, quoted) => `Ich habe ${where} keine Messwerte gefunden, daher passt nichts zu ${quoted}.`,
  noMatch: (quoted, window) =>
    `Ich konnte ${quoted} keinem Test in deinen Daten${window ? ` ${window}` : ''} zuordnen.`,
  recordsInclude: (window, names) =>
    `${window ? `${capitalise(window)} enthalten deine Daten` : 'Deine Daten enthalten'}: ${names}.`,
  matching: (quoted) => `Abgleich von ${quoted} mit den Namen in deinen Daten:`,

  noFlaggedReadings: (where) =>
    `Ich habe ${where} keine Messwerte gefunden, die als auffällig markiert sind oder außerhalb ihres Referenzbereichs liegen.`,
  flaggedReadings: (n, where, shown) =>
    `Ich habe ${where} **${readings(n)}** gefunden, ` +
    (n === 1
      ? 'der als auffällig markiert ist oder außerhalb seines Referenzbereichs liegt'
      : 'die als auffällig markiert sind oder außerhalb ihres Referenzbereichs liegen') +
    `${shown !== null ? ` (die neuesten ${shown} sind aufgeführt)` : ''}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}:`,
  noReadings: (where) => `Ich habe ${where} keine Messwerte gefunden.`,
  overviewHeading: (window, series) =>
    `${window ? `${capitalise(window)} enthalten deine Daten` : 'Deine Daten enthalten'} ` +
    `${series === 1 ? '1 Messreihe' : `${series} Messreihen`}:`,
  overviewColumns: {
    test: 'Test',
    readings: 'Messwerte',
    latest: 'Letzter Wert',
    date: 'Datum',
    change: 'Veränderung',
    flagged: 'Auffällig',
  },
  overviewTruncated:
    'Nur ein Teil deiner Messreihen passt in diese Übersicht; frag nach einem bestimmten Test, um den Rest zu sehen.',
  noneFlagged: 'Keiner dieser Messwerte wurde als auffällig markiert.',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}: ${emphasise ? `**${readings(n)}**` : readings(n)} ${where}.`,
  latest: ({ value, date: day, convertedFrom, status, reference: range, noReference }) =>
    `- Letzter Wert: **${value}** am ${day}${convertedFrom ? `, umgerechnet aus ${convertedFrom}` : ''}` +
    `${status ? STATUS[status] : ''}${range || noReference ? reference(range) : ''}.`,
  referenceUpTo: (value) => `bis ${value}`,
  referenceAtLeast: (value) => `mindestens ${value}`,
  converted: (n, unit) => `- ${readings(n)} in ${unit} umgerechnet, um die Werte zusammenzuführen.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} ohne Einheit`
        : reason === 'other_unit'
          ? `${count} in ${unit || 'einer anderen Einheit'}, die sich nicht umrechnen lässt`
          : `${count} nicht numerisch`,
    );
    return `- Nicht in diesen Werten enthalten: ${readings(total)} (${list(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) =>
    `- Veränderung: ${first} → ${last} (${firstDate} → ${lastDate}): ${change}${percent !== null ? ` (${percent})` : ''}, ` +
    `${DIRECTION[direction]}.`,
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Höchster Wert: **${highest}** am ${highestDate}; niedrigster: **${lowest}** am ${lowestDate}.`,
  onlyOneReading: (where, value, day) =>
    `- Nur ein numerischer Messwert ${where}: ${value} am ${day}, daher lässt sich kein Verlauf angeben.`,
  singleExtreme: (where, value, day) =>
    `- Bei nur einem numerischen Messwert ${where} ist ${value} am ${day} zugleich der höchste und der niedrigste.`,
  noNumericReadings: (where, what) =>
    `- Keine numerischen Messwerte ${where}, daher lässt sich kein ${what === 'trend' ? 'Verlauf' : 'Bereich'} angeben.`,
  average: (value, n) => `- Durchschnitt: **${value}** über ${readings(n)}.`,
  flaggedCount: (n) => `- ${readings(n)} als auffällig markiert.`,
  noneFlaggedIn: (where) => `- Keiner dieser Messwerte wurde ${where} als auffällig markiert.`,
  flaggedList: (n, shown) =>
    `- Als auffällig markiert: ${readings(n)}${shown !== null ? ` (die neuesten ${shown} von ${n} werden gezeigt)` : ''}:`,
  reading: ({ date: day, value, place, reference: range }) =>
    `${day}: **${value}**${place ? PLACE[place] : ''}${reference(range)}`,
  readingColumns: { date: 'Datum', value: 'Wert', flag: 'Status' },
  flagWords: { abnormal: 'auffällig', normal: 'normal' },
  showingNewest: (shown, total) => `Gezeigt werden die neuesten ${shown} von ${total}.`,
  couldNotListReadings: (error) => `- Ich konnte die einzelnen Messwerte nicht auflisten: ${error}.`,
  comparisonColumns: {
    test: 'Test',
    latest: 'Letzter Wert',
    date: 'Datum',
    change: 'Veränderung',
    readings: 'Messwerte',
  },

  noFamily: 'Dein Betreuungskreis hat noch keine Familienmitglieder.',
  familyHeading: (n) => `Dein Betreuungskreis hat ${n === 1 ? '1 Mitglied' : `${n} Mitglieder`}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (hat eigene Daten in HDS)' : ''}${notes ? `: ${notes}` : ''}`,
  noFiles: 'Ich habe in deinem Konto keine klinischen Dokumente gefunden.',
  filesHeading: (n, truncated) =>
    `Du hast ${n === 1 ? '1 klinisches Dokument' : `${n} klinische Dokumente`}${truncated ? ' (die Liste ist gekürzt)' : ''}:`,
  file: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `- **${filename}** (${type}, ${status}, hochgeladen am ${day}): ${readings(n)} ausgelesen${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date: day, readings: n, abstract }) =>
    `Dein neuestes klinisches Dokument ist **${filename}** (${type}, ${status}, hochgeladen am ${day}): ` +
    `${readings(n)} ausgelesen.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `Es beginnt so:\n> ${excerpt}`,
  otherFiles: (n) =>
    `Du hast ${n === 1 ? '1 weiteres Dokument' : `${n} weitere Dokumente`}; frag nach deinen Dokumenten, um alle zu sehen.`,
  noReadingToRecord:
    'Ich habe in deiner Nachricht keinen Messwert zum Speichern gefunden. Nenne ihn mit einem Wert, zum Beispiel „notiere mein Gewicht 72 kg“ oder „notiere Blutdruck 120/80 mmHg“.',
  nothingRecorded: 'Es wurde nichts gespeichert.',
  cannotRecord: 'Ich kann in diesem Gespräch keine Messwerte speichern: Das Schreibwerkzeug ist hier nicht verfügbar.',
  recordFailed: (error) => `Ich konnte diesen Messwert nicht speichern: ${error}.`,
  recorded: ({ name, loincCode, value, date: day }) =>
    `Gespeichert: **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}: **${value}** am ${day}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `Ich habe auf ${source} **${total} Artikel** zu „${query}“ gefunden${shown > 1 && shown < total ? `; die ersten ${shown}` : ''}:`,
    noArticles: (query, source) => `Ich habe auf ${source} keine Artikel zu „${query}“ gefunden.`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `Ich habe **${total} ${total === 1 ? 'klinische Studie' : 'klinische Studien'}** zu ${condition}${location ? ` in der Nähe von ${location}` : ''} gefunden` +
      `${shown > 1 && shown < total ? `; die ersten ${shown}` : ''}:`,
    noTrials: (condition, location) =>
      `Ich habe keine klinischen Studien zu ${condition}${location ? ` in der Nähe von ${location}` : ''} mit diesem Status gefunden.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**: ${title} (${status}${phase ? `, ${phase}` : ''}): ${url}`,
    status: (status) => TRIAL_STATUS[status] ?? status,
    trialsNeedCondition:
      'Um klinische Studien zu suchen, brauche ich eine Erkrankung, zum Beispiel „rekrutierende Studien zu Typ-2-Diabetes in der Nähe von Berlin“.',
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid}):\n\n> ${text}\n\nZu lesen unter ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} gehört nicht zum Open-Access-Teil von PubMed Central, daher kann ich den Text hier nicht lesen; er ist unter ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url}):\n\n> ${paragraph}`,
    pageEmpty: (url) => `Ich habe ${url} gelesen, aber die Seite hat keinen Text, den ich zitieren kann.`,
    unreachable: (source, what, retry) =>
      `Ich konnte ${source} gerade nicht erreichen, daher kann ich ${WHAT[what]} zitieren.` +
      `${retry ? ` In etwa ${retry} Sekunden antwortet die Quelle vielleicht wieder.` : ''}`,
    failed: (what, error) =>
      `Ich konnte ${{ studies: 'die Studien', trials: 'die Studien', article: 'den Artikel', page: 'die Seite' }[what]} nicht lesen: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `Die Korrelation (Pearsons r) zwischen deinen Werten für **${names[0]}** und **${names[1]}** ${where} beträgt **${value}**, aus ${n} ${n === 1 ? 'Tag' : 'Tagen'} mit Werten für beide.`
        : `${article(kind)} ${statisticName(kind, percentile)} deiner Werte für **${names[0]}** ${where} beträgt **${value}**, aus ${n} ${n === 1 ? 'Messwert' : 'Messwerten'}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Nur ${n} ${n === 1 ? 'Tag hat' : 'Tage haben'} ${where} Werte für **${names[0]}** und **${names[1]}**; eine Korrelation braucht mindestens 3.`
        : `Es gibt ${where} nur ${readings(n)} für **${names[0]}**, zu wenige für ${kind === 'median' ? 'einen' : 'eine'} ${statisticName(kind, null)}.`,
    statisticFailed: (error) => `Ich konnte es nicht berechnen: ${error}.`,
    statisticNoData: (name, where) =>
      `Ich habe ${where} keine numerischen Werte für **${name}** gefunden, um es zu berechnen.`,
  },
  chart: {
    date: 'Datum',
    value: 'Wert',
    test: 'Test',
    flaggedPerTest: 'Auffällige Messwerte pro Test',
    flaggedReadings: 'Auffällige Messwerte',
    versus: ' vs. ',
  },
};
