import type { LeftOutReadings, SeriesSummary } from '../../../../domain/agent/tool-results';
import type { PanelLabel } from '../indicators';
import type { Language } from '../language';
import type { WindowName } from '../time-window';

/**
 * Every sentence and word an answer shows, for one language. Values, units, test names, file names, tool errors and
 * relationships reach the messages already written (`118 mg/dL`, `Body weight`, `mother`): they come from the
 * records and stay as recorded. Numbers keep the point as decimal separator in every language, so that a client
 * reads them the same way whatever the language of the answer.
 */
export interface Messages {
  readonly language: Language;

  // Words and forms used inside the sentences.
  /** A day (UTC) of an ISO date or timestamp: `12 Jan 2026`; the text unchanged when it is not a date. */
  date(iso: string): string;
  /** How the answer names a time window: `this year (since 1 Jan 2026)`. */
  window(name: WindowName): string;
  /** Where the answer looked when the question named no window: `in your records`. */
  readonly allRecords: string;
  /** `1 reading`, `3 readings`. */
  readings(n: number): string;
  /** `a, b and c`. */
  list(items: readonly string[]): string;
  /** A term as the person wrote it, quoted: `"tsh"`. */
  quote(text: string): string;
  /** UCUM units shown as words (`{steps}` → `steps`), over the shared display spellings. */
  readonly unitWords: Readonly<Record<string, string>>;
  /** The groups of tests by their English label. */
  readonly panels: Readonly<Record<PanelLabel, string>>;

  // Sentences about the whole answer.
  readonly footer: string;
  readonly journalAcknowledgement: string;
  readonly advice: string;
  readonly toolsOff: string;
  readonly nothingToLookUp: string;
  readonly dataToolsMissing: string;
  readonly familyToolMissing: string;
  readonly filesToolMissing: string;
  readonly familyNotOwnRecords: string;
  /** What a failed lookup says when the tool gave no error text. */
  readonly lookupFailed: string;
  couldNotReadRecords(error: string): string;
  /** What the caller's own tool `name` returned, introducing its output. */
  ownToolReturned(name: string): string;
  ownToolReturnedNothing(name: string): string;
  couldNotListFamily(error: string): string;
  couldNotListFiles(error: string): string;

  // The tests the question named.
  panelHeading(panel: string): string;
  panelLookupFailed(panel: string, error: string): string;
  lookupFailedFor(label: string, error: string): string;
  /** `where` is a window or `allRecords`. */
  noData(label: string, where: string): string;
  /** Members of a group with no readings; `names` is a comma-separated list of test names. */
  missingMembers(where: string, names: string): string;
  /** What the records hold instead; `names` is a comma-separated list of test names. */
  recordsDoHold(window: string | null, names: string): string;

  // A name no test resolved; `quoted` is a list of quoted terms.
  searchFailed(quoted: string, error: string): string;
  nothingToMatch(where: string, quoted: string): string;
  noMatch(quoted: string, window: string | null): string;
  recordsInclude(window: string | null, names: string): string;
  matching(quoted: string): string;

  // Across every test.
  noFlaggedReadings(where: string): string;
  /** `shown` when only the newest of `n` are listed. */
  flaggedReadings(n: number, where: string, shown: number | null): string;
  /** The heading of one test's flagged readings: `**LDL** (LOINC 2089-1):`. */
  flaggedGroup(name: string, loincCode: string | null): string;
  noReadings(where: string): string;
  overviewHeading(window: string | null, series: number): string;
  readonly overviewColumns: {
    test: string;
    readings: string;
    latest: string;
    date: string;
    change: string;
    flagged: string;
  };
  readonly overviewTruncated: string;
  readonly noneFlagged: string;

  // One series.
  seriesHeading(heading: string, n: number, where: string, emphasise: boolean): string;
  latest(line: LatestLine): string;
  referenceUpTo(value: string): string;
  referenceAtLeast(value: string): string;
  converted(n: number, unit: string): string;
  /** `unit` is the other unit as displayed, empty when unknown. */
  leftOut(total: number, parts: readonly { count: number; reason: LeftOutReadings['reason']; unit: string }[]): string;
  change(line: ChangeLine): string;
  extremes(line: ExtremesLine): string;
  onlyOneReading(where: string, value: string, date: string): string;
  singleExtreme(where: string, value: string, date: string): string;
  noNumericReadings(where: string, what: 'trend' | 'range'): string;
  average(value: string, n: number): string;
  flaggedCount(n: number): string;
  noneFlaggedIn(where: string): string;
  /** `shown` when only the newest of `n` are listed. */
  flaggedList(n: number, shown: number | null): string;
  reading(line: ReadingLine): string;
  readonly readingColumns: { date: string; value: string; flag: string };
  readonly flagWords: { abnormal: string; normal: string };
  showingNewest(shown: number, total: number): string;
  couldNotListReadings(error: string): string;
  readonly comparisonColumns: { test: string; latest: string; date: string; change: string; readings: string };

  // The care circle, the files, a reading recorded.
  readonly noFamily: string;
  familyHeading(n: number): string;
  familyMember(member: { name: string; relationship: string; hasRecords: boolean; notes: string }): string;
  readonly noFiles: string;
  filesHeading(n: number, truncated: boolean): string;
  file(file: FileLine): string;
  latestFile(file: FileLine): string;
  fileBegins(excerpt: string): string;
  otherFiles(n: number): string;
  readonly noReadingToRecord: string;
  readonly nothingRecorded: string;
  readonly cannotRecord: string;
  recordFailed(error: string): string;
  recorded(line: { name: string; loincCode: string | null; value: string; date: string }): string;

  // Public sources and computed statistics.
  readonly knowledge: KnowledgeMessages;

  // Charts.
  readonly chart: {
    date: string;
    value: string;
    test: string;
    flaggedPerTest: string;
    flaggedReadings: string;
    /** Between the names of series drawn on one chart. */
    versus: string;
  };
}

/** What a knowledge tool was asked for, to say what cannot be cited when its source is unreachable. */
export type KnowledgeWhat = 'studies' | 'trials' | 'article' | 'page';

/**
 * Sentences of the answers from public sources and from `eval`. Titles, journals, statuses as the source spells
 * them, addresses and page text are the sources' own and stay as written; every one of them comes from a result.
 */
export interface KnowledgeMessages {
  /** `total` matches for `query` at `source` (a display name), the first `shown` listed. */
  articlesFound(total: number, query: string, source: string, shown: number): string;
  noArticles(query: string, source: string): string;
  /** One article: title, then year and journal when the result has them, then its link. */
  article(line: { title: string; year: number | null; journal: string | null; url: string }): string;
  trialsFound(total: number, condition: string, location: string | null, shown: number): string;
  noTrials(condition: string, location: string | null): string;
  /** `phase` already written (`Phase 2`), or null when the trial gives none. */
  trial(line: { nctId: string; title: string; status: string; phase: string | null; url: string }): string;
  /** A ClinicalTrials.gov status in words (`RECRUITING` → `recruiting`); an unknown one as given. */
  status(status: string): string;
  readonly trialsNeedCondition: string;
  /** An open-access article: its title, then the abstract's first sentences (already cut), then its link. */
  articleText(line: { pmcid: string; title: string; text: string; url: string }): string;
  articleNotOpen(pmcid: string, url: string): string;
  /** A web page: its title (or its address when it has none), then its first paragraph, quoted. */
  page(line: { title: string; url: string; paragraph: string }): string;
  pageEmpty(url: string): string;
  /** "I could not reach PubMed right now, so I cannot cite studies." */
  unreachable(source: string, what: KnowledgeWhat, retryAfterS: number | null): string;
  /** The tool answered with an error (a page refused, a bad argument): reported as given. */
  failed(what: KnowledgeWhat, error: string): string;
  /** A computed statistic: `names` of its tests (one, or two for a correlation), `value` with its unit. */
  statistic(line: StatisticLine): string;
  /** Too few readings (or days with both) for it: `n` of them. */
  statisticTooFew(line: { kind: StatisticLine['kind']; names: string[]; n: number; where: string }): string;
  statisticFailed(error: string): string;
  statisticNoData(name: string, where: string): string;
}

export interface StatisticLine {
  kind: 'sd' | 'variance' | 'median' | 'percentile' | 'correlation';
  percentile: number | null;
  names: string[];
  value: string;
  /** Readings it came from; days with readings of both tests for a correlation. */
  n: number;
  where: string;
}

export type Direction = SeriesSummary['trend']['direction'];

/** What the latest reading's line says about its flag. */
export type LatestStatus = 'flagged' | 'inRange' | 'notFlagged' | 'noFlag' | null;

export interface LatestLine {
  value: string;
  date: string;
  /** The value as recorded, when it was converted into the series' unit. */
  convertedFrom: string | null;
  status: LatestStatus;
  reference: string | null;
  /** Say that no range was recorded (the question asked about ranges). */
  noReference: boolean;
}

export interface ChangeLine {
  first: string;
  /** With its unit. */
  last: string;
  firstDate: string;
  lastDate: string;
  /** Signed, with its unit. */
  change: string;
  /** Signed, or null when the tool gave none. */
  percent: string | null;
  direction: Direction;
}

export interface ExtremesLine {
  highest: string;
  highestDate: string;
  lowest: string;
  lowestDate: string;
}

/** Where a reading sits against its reference range. */
export type ReadingPlace = 'above' | 'below' | 'flagged' | null;

export interface ReadingLine {
  date: string;
  value: string;
  place: ReadingPlace;
  reference: string | null;
}

export interface FileLine {
  filename: string;
  type: string;
  status: string;
  date: string;
  readings: number;
  /** One line, already shortened; empty when there is none. */
  abstract: string;
}
