import { displayDate } from '../dates';
import { listJoin, plural } from '../format';
import { englishWindow } from '../time-window';
import type { Messages, StatisticLine } from './types';

const STATUS_EN: Readonly<Record<string, string>> = {
  RECRUITING: 'recruiting',
  NOT_YET_RECRUITING: 'not yet recruiting',
  ENROLLING_BY_INVITATION: 'enrolling by invitation',
  ACTIVE_NOT_RECRUITING: 'active, not recruiting',
  COMPLETED: 'completed',
  SUSPENDED: 'suspended',
  TERMINATED: 'terminated',
  WITHDRAWN: 'withdrawn',
};

const WHAT_EN = { studies: 'studies', trials: 'trials', article: 'the article', page: 'the page' } as const;

/** `1st`, `2nd`, `3rd`, `11th`, `90th`. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function statisticName(kind: StatisticLine['kind'], percentile: number | null): string {
  if (kind === 'percentile') return `${ordinal(percentile ?? 50)} percentile`;
  return { sd: 'standard deviation', variance: 'variance', median: 'median', correlation: 'correlation' }[kind];
}

/** English: the engine's own wording, which the other catalogues translate. */
export const EN: Messages = {
  language: 'en',
  date: displayDate,
  window: englishWindow,
  allRecords: 'in your records',
  readings: (n) => plural(n, 'reading'),
  list: listJoin,
  quote: (text) => `"${text}"`,
  unitWords: { '{steps}': 'steps', '{beats}/min': 'beats/min' },
  panels: {
    'blood pressure': 'blood pressure',
    'lipid panel': 'lipid panel',
    'thyroid tests': 'thyroid tests',
    'kidney function tests': 'kidney function tests',
    'liver function tests': 'liver function tests',
    'blood count': 'blood count',
    'iron studies': 'iron studies',
    electrolytes: 'electrolytes',
    'vital signs': 'vital signs',
    sleep: 'sleep',
    'diabetes markers': 'diabetes markers',
  },

  footer: '_This is a rule-based summary of your records, not medical advice._',
  journalAcknowledgement: 'Noted, thanks.',
  advice:
    "I can't give medical advice or a diagnosis: I'm a rule-based engine that reports what your records show, so please discuss this with your clinician.",
  toolsOff:
    "Tools are switched off for this request, so I can't read your records and have nothing from your data to report.",
  nothingToLookUp: 'I had nothing to look up for this question, so there is nothing from your records to report.',
  dataToolsMissing: "I can't read your health data here: the data tools aren't available in this conversation.",
  familyToolMissing: "I can't list your care circle here: that tool isn't available in this conversation.",
  filesToolMissing: "I can't list your clinical record files here: that tool isn't available in this conversation.",
  familyNotOwnRecords: "The readings below are your own; I can only read your records, not a family member's.",
  lookupFailed: 'the lookup failed',
  ownToolReturned: (name) => `Your **${name}** tool returned:`,
  ownToolReturnedNothing: (name) => `Your **${name}** tool returned nothing.`,
  couldNotReadRecords: (error) => `I couldn't read your records: ${error}.`,
  couldNotListFamily: (error) => `I couldn't list your care circle: ${error}.`,
  couldNotListFiles: (error) => `I couldn't list your files: ${error}.`,

  panelHeading: (panel) => `Your **${panel}**:`,
  panelLookupFailed: (panel, error) => `I couldn't look up your **${panel}**: ${error}.`,
  lookupFailedFor: (label, error) => `I couldn't look up **${label}**: ${error}.`,
  noData: (label, where) => `I found no **${label}** readings ${where}.`,
  missingMembers: (where, names) => `No readings ${where} for: ${names}.`,
  recordsDoHold: (window, names) => `Your records ${window ? `${window} ` : ''}do hold: ${names}.`,

  searchFailed: (quoted, error) => `I couldn't search your records for ${quoted}: ${error}.`,
  nothingToMatch: (where, quoted) => `I found no readings ${where}, so nothing matches ${quoted}.`,
  noMatch: (quoted, window) => `I couldn't match ${quoted} to any test in your records${window ? ` ${window}` : ''}.`,
  recordsInclude: (window, names) => `Your records ${window ?? ''} include: ${names}.`.replace(/ {2}/g, ' '),
  matching: (quoted) => `Matching ${quoted} against the names in your records:`,

  noFlaggedReadings: (where) => `I found no readings flagged abnormal or outside their reference range ${where}.`,
  flaggedReadings: (n, where, shown) =>
    `I found **${plural(n, 'reading')}** flagged abnormal or outside their reference range ${where}` +
    `${shown !== null ? ` (the newest ${shown} are listed)` : ''}:`,
  flaggedGroup: (name, loincCode) => `**${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}:`,
  noReadings: (where) => `I found no readings ${where}.`,
  overviewHeading: (window, series) =>
    `Your records ${window ?? ''} hold ${plural(series, 'series', 'series')}:`.replace(/ {2}/g, ' '),
  overviewColumns: {
    test: 'Test',
    readings: 'Readings',
    latest: 'Latest',
    date: 'Date',
    change: 'Change',
    flagged: 'Flagged',
  },
  overviewTruncated: 'Only part of your series fit in this summary; ask about a specific test for the rest.',
  noneFlagged: 'None of these readings was flagged abnormal.',

  seriesHeading: (heading, n, where, emphasise) =>
    `${heading}: ${emphasise ? `**${plural(n, 'reading')}**` : plural(n, 'reading')} ${where}.`,
  latest: ({ value, date, convertedFrom, status, reference, noReference }) => {
    const converted = convertedFrom ? `, converted from ${convertedFrom}` : '';
    const flag =
      status === 'flagged'
        ? ' — flagged abnormal'
        : status === 'inRange'
          ? ' — within its reference range'
          : status === 'notFlagged'
            ? ' — not flagged'
            : status === 'noFlag'
              ? ' — no flag recorded'
              : '';
    const ref = reference ? ` (reference ${reference})` : noReference ? ' (no reference range recorded)' : '';
    return `- Latest: **${value}** on ${date}${converted}${flag}${ref}.`;
  },
  referenceUpTo: (value) => `up to ${value}`,
  referenceAtLeast: (value) => `at least ${value}`,
  converted: (n, unit) => `- ${plural(n, 'reading')} converted to ${unit} to join the figures.`,
  leftOut: (total, parts) => {
    const why = parts.map(({ count, reason, unit }) =>
      reason === 'no_unit'
        ? `${count} without a unit`
        : reason === 'other_unit'
          ? `${count} in ${unit || 'another unit'}, which does not convert`
          : `${count} not a number`,
    );
    return `- Left out of these figures: ${plural(total, 'reading')} (${listJoin(why)}).`;
  },
  change: ({ first, last, firstDate, lastDate, change, percent, direction }) => {
    const word = direction === 'insufficient_data' ? 'too few readings to call a direction' : direction;
    return `- Change: ${first} → ${last} (${firstDate} → ${lastDate}): ${change}${percent !== null ? ` (${percent})` : ''}, ${word}.`;
  },
  extremes: ({ highest, highestDate, lowest, lowestDate }) =>
    `- Highest: **${highest}** on ${highestDate}; lowest: **${lowest}** on ${lowestDate}.`,
  onlyOneReading: (where, value, date) =>
    `- Only one numeric reading ${where}: ${value} on ${date}, so there is no trend to report.`,
  singleExtreme: (where, value, date) =>
    `- With a single numeric reading ${where}, ${value} on ${date} is both the highest and the lowest.`,
  noNumericReadings: (where, what) => `- No numeric readings ${where}, so there is no ${what} to report.`,
  average: (value, n) => `- Average: **${value}** over ${plural(n, 'reading')}.`,
  flaggedCount: (n) => `- ${plural(n, 'reading')} flagged abnormal.`,
  noneFlaggedIn: (where) => `- None of these readings was flagged abnormal ${where}.`,
  flaggedList: (n, shown) =>
    `- Flagged abnormal: ${plural(n, 'reading')}${shown !== null ? ` (the newest ${shown} of ${n} are shown)` : ''}:`,
  reading: ({ date, value, place, reference }) => {
    const where =
      place === 'above'
        ? ', above the reference range'
        : place === 'below'
          ? ', below the reference range'
          : place === 'flagged'
            ? ', flagged abnormal'
            : '';
    return `${date}: **${value}**${where}${reference ? ` (reference ${reference})` : ' (no reference range recorded)'}`;
  },
  readingColumns: { date: 'Date', value: 'Value', flag: 'Flag' },
  flagWords: { abnormal: 'abnormal', normal: 'normal' },
  showingNewest: (shown, total) => `Showing the newest ${shown} of ${total}.`,
  couldNotListReadings: (error) => `- I couldn't list the individual readings: ${error}.`,
  comparisonColumns: { test: 'Test', latest: 'Latest', date: 'Date', change: 'Change', readings: 'Readings' },

  noFamily: 'Your care circle has no family members yet.',
  familyHeading: (n) => `Your care circle has ${plural(n, 'member')}:`,
  familyMember: ({ name, relationship, hasRecords, notes }) =>
    `- **${name}** — ${relationship}${hasRecords ? ' (has their own records in HDS)' : ''}${notes ? `: ${notes}` : ''}`,
  noFiles: 'I found no clinical record files in your account.',
  filesHeading: (n, truncated) =>
    `You have ${plural(n, 'clinical record file')}${truncated ? ' (the list is cut short)' : ''}:`,
  file: ({ filename, type, status, date, readings, abstract }) =>
    `- **${filename}** (${type}, ${status}, uploaded ${date}): ` +
    `${plural(readings, 'reading')} extracted${abstract ? `. ${abstract}` : '.'}`,
  latestFile: ({ filename, type, status, date, readings, abstract }) =>
    `Your latest clinical record file is **${filename}** (${type}, ${status}, uploaded ${date}): ` +
    `${plural(readings, 'reading')} extracted.${abstract ? ` ${abstract}` : ''}`,
  fileBegins: (excerpt) => `It begins:\n> ${excerpt}`,
  otherFiles: (n) => `You have ${plural(n, 'other file')}; ask for your files to see them all.`,
  noReadingToRecord:
    'I couldn\'t find a reading to record in your message. Say it with a value, for example "record my weight 72 kg" or "log blood pressure 120/80 mmHg".',
  nothingRecorded: 'Nothing was recorded.',
  cannotRecord: "I can't record readings in this conversation: the write tool isn't available here.",
  recordFailed: (error) => `I couldn't record that reading: ${error}.`,
  recorded: ({ name, loincCode, value, date }) =>
    `Recorded **${name}**${loincCode ? ` (LOINC ${loincCode})` : ''}: **${value}** on ${date}.`,

  knowledge: {
    articlesFound: (total, query, source, shown) =>
      `I found **${plural(total, 'article')}** on ${source} for "${query}"${shown > 1 && shown < total ? `; the first ${shown}` : ''}:`,
    noArticles: (query, source) => `I found no articles on ${source} for "${query}".`,
    article: ({ title, year, journal, url }) =>
      `- **${title}**${year || journal ? ` (${[year, journal ? `*${journal}*` : null].filter(Boolean).join(', ')})` : ''}: ${url}`,
    trialsFound: (total, condition, location, shown) =>
      `I found **${plural(total, 'clinical trial')}** for ${condition}${location ? ` near ${location}` : ''}` +
      `${shown > 1 && shown < total ? `; the first ${shown}` : ''}:`,
    noTrials: (condition, location) =>
      `I found no clinical trials for ${condition}${location ? ` near ${location}` : ''} with that status.`,
    trial: ({ nctId, title, status, phase, url }) =>
      `- **${nctId}**: ${title} (${status}${phase ? `, ${phase}` : ''}): ${url}`,
    status: (status) => STATUS_EN[status] ?? status,
    trialsNeedCondition:
      'To look for clinical trials I need a condition to search for, for example "recruiting trials for type 2 diabetes near Boston".',
    articleText: ({ pmcid, title, text, url }) => `**${title}** (${pmcid}):\n\n> ${text}\n\nRead it at ${url}`,
    articleNotOpen: (pmcid, url) =>
      `${pmcid} is not in the PubMed Central open-access subset, so I cannot read its text here; it is at ${url}`,
    page: ({ title, url, paragraph }) => `**${title}** (${url}):\n\n> ${paragraph}`,
    pageEmpty: (url) => `I read ${url}, but it has no text I can quote.`,
    unreachable: (source, what, retry) =>
      `I could not reach ${source} right now, so I cannot cite ${WHAT_EN[what]}.` +
      `${retry ? ` It may answer again in about ${plural(retry, 'second')}.` : ''}`,
    failed: (what, error) => `I could not read ${WHAT_EN[what]}: ${error}.`,
    statistic: ({ kind, percentile, names, value, n, where }) =>
      kind === 'correlation'
        ? `The correlation (Pearson's r) between your **${names[0]}** and **${names[1]}** readings ${where} is **${value}**, from ${plural(n, 'day')} with readings of both.`
        : `The ${statisticName(kind, percentile)} of your **${names[0]}** readings ${where} is **${value}**, from ${plural(n, 'reading')}.`,
    statisticTooFew: ({ kind, names, n, where }) =>
      kind === 'correlation'
        ? `Only ${plural(n, 'day')} ${where} ${n === 1 ? 'has' : 'have'} readings of both **${names[0]}** and **${names[1]}**; a correlation needs at least 3.`
        : `There ${n === 1 ? 'is' : 'are'} only ${plural(n, 'reading')} of **${names[0]}** ${where}, too few for a ${statisticName(kind, null)}.`,
    statisticFailed: (error) => `I could not compute it: ${error}.`,
    statisticNoData: (name, where) => `I found no numeric **${name}** readings ${where} to compute it from.`,
  },
  chart: {
    date: 'Date',
    value: 'Value',
    test: 'Test',
    flaggedPerTest: 'Flagged readings per test',
    flaggedReadings: 'Flagged readings',
    versus: ' vs ',
  },
};
