/**
 * The offline reading extractor: a line-by-line pipeline over the document.
 *
 * Structured documents are read whole first, by their standard's fields: an HL7 v2 message (`hl7-v2.ts`), then FHIR
 * JSON (`fhir-json.ts`), then a device or app export's dated JSON records (`device-json.ts`), then a C-CDA document
 * (`cda-xml.ts`), then FHIR XML (`fhir-xml.ts`). When one yields a reading the line pipeline does not run; a C-CDA
 * document without result entries gives it its result sections' narrative tables as lines, in place of the XML.
 *
 *   1. `lines.ts`      clean and split the text; recognise header/footer noise (identity, contacts, pages, signatures)
 *   2. `dates.ts`      settle the document's date order and its report date (collection before report date)
 *   3. per line, fax/OCR spaces inside numbers repaired where the evidence is strong (`number-spacing.ts`), then
 *      the first reader that recognises it wins:
 *        table header        → remember the column layout (`table-layout.ts`); under a header of dates, a line of
 *                              collection times and captions extends it (`cumulative.ts`)
 *        date-only line      → section date for what follows (journal days, cumulative blocks)
 *        noise line          → skipped
 *        table row           → read by column under the last header (a flag before the value: `flag-first.ts`)
 *        earlier-result line → `Previous result: 1.3 on 02/01/2026`: a dated reading of the test above
 *        range / flag line   → completes the reading just above (portal copy-paste stacks fields on lines; a
 *                              page printing the range first is put value-first beforehand, `portal-range-first.ts`)
 *        value-only line     → a reading for the name line just above
 *        name-only line      → may continue the name of the reading just above (`wrapped-names.ts`), and a reading
 *                              line may continue the name line above it (a name wrapped in a narrow column)
 *        single reading line → `Glucose: 104 mg/dL (70-99) H` (`inline-readings.ts`), `H  Glucose  104 mg/dL`;
 *                              a bracketed `(prev 1.3 on 02/01/2026)` adds the earlier reading (`cumulative.ts`)
 *        otherwise, per part → `BP 128/82, HR 72, SpO2 98%`: each comma/semicolon/gap-separated part is a short
 *                              reading (`inline-readings.ts`) or prose, where only values named by a known
 *                              measurement count (`narrative.ts`)
 *
 * A candidate becomes a reading only with evidence that it is one: a table column, a reference range, a flag with a
 * unit, a laboratory unit, or a name the LOINC resolver (or the report vocabulary) knows. The resolver is only that
 * signal; names, values, units, ranges and flags are returned as written (numbers with OCR/fax damage repaired, a
 * wrapped name joined with one space). Pure and deterministic: no clock, no I/O.
 */

import { withoutAnalyserSettings } from './analyser-settings';
import { withoutBandTables } from './band-tables';
import { unfoldBarColumns } from './bar-columns';
import { acceptBirthMeasure, dateBirthMeasures, isBirthMeasureName } from './birth-measurements';
import { readBloodBankLine } from './blood-bank';
import { readBloodGroupLine, readGenotypeLine, readSmearLine } from './blood-group';
import { timedCaption } from './caption-times';
import { readCdaDocument } from './cda-xml';
import { chatHeaderStamp } from './chat-header-stamps';
import { chatMessage } from './chat-stamps';
import { hasNumberedCodeColumn, withoutLeadingCode } from './code-column';
import { timedOnCollectionDay } from './collection-day-time';
import { unfoldColumns } from './columns';
import {
  detectSpacedDatedHeader,
  earlierThanNewest,
  extendDatedHeader,
  previousResultLine,
  readSpacedDatedRow,
  type SpacedDatedHeader,
  splitPreviousResult,
  timesFromEarlierHeader,
  withoutColumnDates,
  withoutNoEarlierNote,
} from './cumulative';
import { readDashJoinedLine } from './dash-joined-results';
import {
  datedHeading,
  dateOnlyLine,
  detectSlashOrder,
  findDates,
  isCaptionLine,
  leadingDate,
  reportDate,
  type SlashOrder,
  withTimeAfter,
} from './dates';
import { readDelimitedExport } from './delimited-exports';
import { deviceBlockTime, isRuleLine } from './device-block-time';
import { readDeviceJson } from './device-json';
import { diaryLineDay, diaryTimeUnder } from './diary-line-dates';
import {
  datePreviousColumn,
  type EarlierColumn,
  earlierColumnCaption,
  earlierColumnDate,
  splitEarlierColumnCell,
} from './earlier-column';
import { earlierResultInBlock, isEarlierResultsCaption } from './earlier-results-block';
import { earlierLead, isCurrentResultsCaption } from './earlier-sentence';
import { datesEntriesByLines, entryDateLine, isScheduledEventTitle } from './entry-date-lines';
import { type FallbackReading, isStructuredText, readFallback, type SeenLine } from './fallback-reader';
import { readFhirObservations } from './fhir-json';
import { readFhirXmlObservations } from './fhir-xml';
import { colonField, gappedField } from './field-captions';
import { type LeadingFlag, splitFlagBeforeValue } from './flag-first';
import { applyFlagStatements, flagStatements } from './flags-in-prose';
import { headingTime, isPlainHeading } from './flowsheet-cells';
import { asteriskIsFootnote, withoutFootnoteFlags } from './footnote-marks';
import { goalBound } from './goal-notes';
import { readHl7Observations } from './hl7-v2';
import {
  type Candidate,
  cleanName,
  plausibleName,
  readingInLine,
  splitSegments,
  wordedResultSentence,
} from './inline-readings';
import { isGradeLegend } from './judgement-grades';
import { introducingDate, LetterDates } from './letter-dates';
import { repairLetterSpacing } from './letter-spacing';
import { detectDelimiter, isNoiseLine, type SourceLine, splitCells, splitLines } from './lines';
import { withLookupBudget } from './lookup-budget';
import { bareFlag, FLAG_CELL, looksLikeUnit, type Measurement, parseMeasurement, parseRangeText } from './measurement';
import { abbreviatedListParts, isAbbreviatedPart, readMessageList } from './message-lists';
import { withoutMethodCell } from './method-captions';
import { monthYearAnchor } from './month-anchor';
import { readMorningEveningRow } from './morning-evening-rows';
import { readingsInProse } from './narrative';
import { isNotAReading } from './not-readings';
import { repairNumberSpacing } from './number-spacing';
import { withOcrBandsRepaired } from './ocr-bands';
import { withOddSeparatorsAsGaps } from './odd-separators';
import { printsLetterDigitCodes, withoutOrderCode } from './order-codes';
import { panelStatusHeadingDate } from './panel-status-headings';
import { performingSiteCodes, withoutSiteCode } from './performing-sites';
import { portalRangeText, valueFirstPortalBlocks } from './portal-range-first';
import { rangeInWordsAfter, rangeOpeningLine } from './prose-ranges';
import { unitWrappedFromAbove, valueWrappedFromAbove } from './prose-wrap';
import { pulsesAfterPressure } from './pulse-after-pressure';
import { tidyReading } from './range-tidy';
import { acceptQualifiedRecordName, acceptRecordRow, isEntryTitle, withoutTrailingNote } from './record-entries';
import { relativeDay, resultsDayOfLine, SENT_CAPTION } from './relative-days';
import { withoutRestatements } from './restatements';
import {
  isSecondUnitLine,
  splitTrailingEarlier,
  unitInNameCell,
  withUnitCellParted,
  wrappedUnitLine,
} from './result-columns';
import { isSectionHeadingLine } from './row-marks';
import { withoutBracketedSecondUnit, withoutSecondUnitCell } from './second-unit-cell';
import { sectionHeaderDate } from './section-header-dates';
import { dateAfterName, drawnDateOfBlockAbove, sentenceDate, wrappedWhenDate } from './sentence-dates';
import { detectShareCountHeader, readShareCountRow, type ShareCountHeader } from './share-and-count';
import { sideBySideGroups } from './side-by-side';
import { numberWrappedOnto, spellOutValues } from './spelled-values';
import { type Column, detectHeader, type RowReading, readTableRow, type TableLayout } from './table-layout';
import { isTemperatureLetter, temperatureLettersInRun } from './temperature-letter';
import { readTimeInRangeLine } from './time-in-range';
import { type DiaryHeader, detectDiaryHeader, readDiaryRow } from './time-of-day-diary';
import { readTimeProfile } from './time-profile';
import { detectTransposedHeader, readTransposedRow, type TransposedLayout, type TransposedRow } from './transposed';
import type { ExtractedReading, ExtractionOptions } from './types';
import { dateVisitColumns, hasUndatedVisitColumns, visitDatesLine } from './visit-columns';
import { DOSING_CONTEXT, foldText, headerRole, isDoseUnit, isKnownMeasurement, isLabUnit } from './vocabulary';
import { withWordedValuesLed } from './worded-value-cells';
import {
  continuesName,
  finishesOpenName,
  finishesOverlongName,
  isMethodBracketLine,
  isOverlongName,
  withNameInBlankCell,
} from './wrapped-names';
import { rangeContinuation } from './wrapped-ranges';
import { readXmlRecords } from './xml-records';

/** A name more than this many words long is a sentence unless the resolver knows it. */
const MAX_UNKNOWN_NAME_WORDS = 5;
/** A name alone on its line, waiting for its values on the next: as long as a descriptive record name may be. */
const MAX_STACKED_NAME_WORDS = 8;
/** Its length: a SNOMED name on a record print runs long (`Estimated glomerular filtration rate using creatinine CKD-EPI`). */
const MAX_STACKED_NAME_LENGTH = 80;
/** How far below its name line a stacked value, range or flag may sit (a `Value` caption line may come between). */
const STACK_DISTANCE = 3;
/** How far under its reading an earlier-result line (`Past result (Sep 12, 2025): 6.0 %`) may stand. */
const PREVIOUS_LINE_REACH = 6;

/** How many lines above a time-of-day diary's header its title may sit (a line or two of device and clinic between). */
const DIARY_TITLE_DISTANCE = 4;

/** How far above its header a check-up's visit dates line may sit (a line of visit captions may come between). */
const VISIT_DATES_DISTANCE = 4;

/** A run of leader dots between a name and its result, as French and Belgian lab lists print them. */
const DOT_LEADER = /\p{L}\)?\s*(?:\.\s?){5,}\s*\S/u;

/** `Normal range: 4.0 - 5.6 %`, `Reference range: 70-99`, `Standard range: < 200`. */
const RANGE_LINE = /^(?:normal|reference|standard|ref\.?)\s*(?:range|interval|values?)?\s*:\s*(.+)$/i;

/** A range slot stating that the test has none: `Not Established`, `None established`, `No reference range`. */
const NO_RANGE_STATED =
  /^(?:not\s+established|none\s+established|not\s+defined|no\s+(?:reference\s+)?range(?:\s+established)?|no\s+establecido|non\s+(?:établi|défini)|nicht\s+(?:festgelegt|definiert))$/i;

/** A bracketed note in words after a range: `(homens acima de 40 anos)`, `(não fumantes)`, `(adults)`. */
const POPULATION_NOTE = /\s*\([^()\d]*\p{Ll}[^()]*\)\s*$/u;

/** What a caption's field is for, after it (`Valor de referência para a relação`, `Reference range for adults`). */
const CAPTION_SCOPE = /\s+(?:para|for|pour|per|f[üu]r|voor)\s+[^:]*$/iu;

function withoutCaptionScope(caption: string): string {
  return caption.replace(CAPTION_SCOPE, '');
}

/**
 * A line giving one unit for the results below it: `LIPID PROFILE (all results in mmol/L)`, `Units: mg/dL`,
 * `Values in mmol/l`, `Unità di misura: mg/dl`, `Chemistry (mmol/L)`.
 */
const SECTION_UNIT_CAPTION =
  /(?:^|[\s(])(?:(?:all\s+)?(?:results?|values?|concentrations?)\s+(?:are\s+)?(?:given\s+|expressed\s+|reported\s+)?in|units?(?:\s+of\s+measure)?\s*:|unit[àa](?:\s+di\s+misura)?\s*:|unidades?\s*:|einheit(?:en)?\s*:|unit[ée]s?\s*:)\s*([^\s()]+)\s*\)?\s*$/i;
const SECTION_UNIT_HEADING = /^[^\d:]*\p{L}[^\d:]*\(\s*([^()\s]+)\s*\)\s*$/u;

/** The unit a section line gives, and the heading in front of a bracketed one (`Glucose (mg/dL)` names a test too). */
function sectionUnit(text: string): { unit: string; heading: string | null } | null {
  const trimmed = text.trim();
  const caption = SECTION_UNIT_CAPTION.exec(trimmed);
  const heading = caption ? null : SECTION_UNIT_HEADING.exec(trimmed);
  const unit = caption?.[1] ?? heading?.[1] ?? null;
  if (unit === null || !/[/%]/.test(unit) || !looksLikeUnit(unit)) return null;
  return { unit, heading: heading ? trimmed.slice(0, trimmed.lastIndexOf('(')).trim() : null };
}

/** A number in a dose unit in a medication context (`took paracetamol 1 g`) is a dose, whatever the name. */
function isDose(measurement: Measurement, context: string): boolean {
  return measurement.unit !== null && isDoseUnit(measurement.unit) && DOSING_CONTEXT.test(context);
}

/** An upper-case abbreviation in brackets after a name (`… ESPECÍFICO TOTAL (PSA TOTAL)`, `… (CEA)`) glosses it. */
const TRAILING_GLOSS = /\s*\((?:[\p{Lu}\d][\p{Lu}\d\-/.]*\s?){1,3}\)$/u;

/** How many words a name counts as against the sentence limit: a bracketed abbreviation glossing it counts none. */
function wordsBeforeGloss(name: string): number {
  return name.replace(TRAILING_GLOSS, '').split(/\s+/).length;
}

/** Evidence that a name-first line states a reading (see the module comment). */
function acceptLine(candidate: Candidate, context: string): boolean {
  const { name, measurement } = candidate;
  if (isDose(measurement, context)) return false;
  const known = isKnownMeasurement(name, measurement.unit);
  if (known) return true;
  if (wordsBeforeGloss(name) > MAX_UNKNOWN_NAME_WORDS) return false;
  if (measurement.referenceRange !== null) return true;
  // Dot leaders (`Aspect du sérum ........  Limpide`) are printed only between a test and its result.
  if (measurement.qualitative) return DOT_LEADER.test(context);
  const unit = measurement.unit;
  if (unit === null) return false;
  if (measurement.flag !== null) return true;
  return isLabUnit(unit) && !isDoseUnit(unit);
}

/**
 * A name line with its value line under it (`Haemoglobin A1c level - IFCC standardised` / `49 mmol/mol (20 - 41)`).
 * GP record exports print long descriptive (SNOMED) names there, up to eight words: a laboratory unit and a
 * reference range on the value line are table evidence enough for a name longer than a sentence-safe one.
 */
function acceptStackedName(name: string, measurement: Measurement, context: string): boolean {
  if (acceptLine({ name, measurement, complete: true }, context)) return true;
  const { unit, referenceRange } = measurement;
  return unit !== null && referenceRange !== null && isLabUnit(unit) && !isDoseUnit(unit);
}

/**
 * A value under a `Value:` caption below a name line (GP record prints: `eGFR using creatinine (CKD-EPI) per 1.73
 * square metres` / `Value: >90 mL/min/1.73m*2`): the caption says it is the name's value, so a laboratory unit is
 * evidence enough for a descriptive name as long as a stacked name may be.
 */
function acceptCaptionedValue(name: string, measurement: Measurement, context: string): boolean {
  if (acceptLine({ name, measurement, complete: true }, context)) return true;
  const { unit } = measurement;
  return unit !== null && isLabUnit(unit) && !isDoseUnit(unit) && name.split(/\s+/).length <= MAX_STACKED_NAME_WORDS;
}

/**
 * In a sentence-like segment (`Today HbA1c 7.2 %`) the name is the known measurement at the end of the words before
 * the value; words in front of it (`Today`, `Morning`) are not part of it.
 */
function knownTail(candidate: Candidate): Candidate {
  const { name, measurement } = candidate;
  // `Birth weight` is not `weight`: the qualifier stays (`birth-measurements.ts`).
  if (isKnownMeasurement(name, measurement.unit) || isBirthMeasureName(name)) return candidate;
  const words = name.split(/\s+/);
  for (let start = 1; start < words.length; start++) {
    const tail = words.slice(start).join(' ');
    if (isKnownMeasurement(tail, measurement.unit)) return { ...candidate, name: tail };
  }
  return candidate;
}

/**
 * `creatinine was 412 umol/L and his potassium 6.4`: when the known name at the end of the words had to be cut from
 * words holding a value, those words are a reading of their own; the part is prose (`narrative.ts` reads both).
 */
function valueInCutHead(candidate: Candidate, named: Candidate): boolean {
  if (named.name === candidate.name) return false;
  return /\d/.test(candidate.name.slice(0, candidate.name.length - named.name.length));
}

/** The segment before `segment` when only a comma parts them in the line (`Cholesterol, Total is 212`). */
function commaBefore(body: string, previous: string | null, segment: string): string | null {
  if (previous === null) return null;
  const at = body.indexOf(`${previous},`);
  if (at < 0) return null;
  return body
    .slice(at + previous.length + 1)
    .trimStart()
    .startsWith(segment)
    ? previous
    : null;
}

/** Short readings sharing a line need a known name or a laboratory unit each. */
function acceptSegment(candidate: Candidate, context: string): boolean {
  const { name, measurement } = candidate;
  if (isDose(measurement, context)) return false;
  if (isKnownMeasurement(name, measurement.unit)) return true;
  if (acceptBirthMeasure(name, measurement.unit)) return true;
  if (measurement.qualitative || measurement.unit === null) return false;
  return isLabUnit(measurement.unit) && name.split(/\s+/).length <= MAX_UNKNOWN_NAME_WORDS;
}

/**
 * A header-less semicolon or pipe row (`Kreatinin;0,9;mg/dl;0,5-1,1`) read like a fixed-width one: cells joined by
 * runs of spaces, which the name-first readers treat as column gaps.
 */
function spaceSeparated(text: string): string {
  const delimiter = detectDelimiter(text);
  if (delimiter !== 'semicolon' && delimiter !== 'pipe') return text;
  return splitCells(text, delimiter)
    .map((cell) => cell.text)
    .filter((cell) => cell !== '')
    .join('   ');
}

function readingKey(name: string, value: string): string {
  return `${foldText(name)}\u0000${value}`;
}

function toReading(name: string, measurement: Measurement, measuredAt: string | null): ExtractedReading {
  return {
    indicator: name,
    value: measurement.value,
    unit: measurement.unit,
    referenceRange: measurement.referenceRange,
    flag: measurement.flag,
    measuredAt,
  };
}

function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}

const NOTHING_SPELLED: ReadonlyMap<string, string> = new Map();

/** A transposed table being read: the readings of each test column, and the range each value's own cell printed. */
interface TransposedTable {
  layout: TransposedLayout;
  byColumn: ExtractedReading[][];
  ownRanges: Map<ExtractedReading, string | null>;
}

interface Stack {
  /** A line holding only a name, waiting for its value line. */
  pendingName: { name: string; line: number; indent: number } | null;
  /** The last reading, which a following range or flag line may complete. */
  last: { reading: ExtractedReading; line: number } | null;
  /**
   * The line the last readings came from (or the last line continuing its name), where the name column ends on it,
   * and how many readings it gave (a wrapped name continues only one).
   */
  lastLine: { index: number; nameStart: number; nameEnd: number; readings: number } | null;
  /** A name line too long to be a name on its own, which the line under it may finish (`wrapped-names.ts`). */
  overlongName?: { name: string; line: number; indent: number; end: number } | null;
}

class DocumentReader {
  private readonly readings: ExtractedReading[] = [];
  /** Test and value of every reading so far, for prose that restates one (`restates`). */
  private readonly readKeys = new Set<string>();
  private layout: TableLayout | null = null;
  private sectionDate: string | null = null;
  /** An earlier-results column dated in its header (`earlier-column.ts`). */
  private earlierColumn: EarlierColumn | null = null;
  /** The last cumulative header with timed date columns. */
  private timedHeader: readonly Column[] | null = null;
  /** Under a heading timing its block (`PRE-DIALYSIS OBS (07:05)`): the section date from before it. */
  private timedBlock: { day: string | null; closedByRule: boolean; readingsBefore: number } | null = null;
  /** The last line of `name-value` pairs and its draw's date (`dash-joined-results.ts`), which the next may continue. */
  private dashJoined: { line: number; date: string | null } | null = null;
  /** The date of the message being read (a chat stamp), from which `this morning`, `Saturday` count back. */
  private messageDay: string | null = null;
  /** The clock time of the chat message on a line (`chat-stamps.ts`): its readings' time when dated by its stamp. */
  private messageTime: { line: number; time: string } | null = null;
  /** The day of the last diary line read by its opening day (`diary-line-dates.ts`), and that line. */
  private diaryLine: { day: string; line: number } | null = null;
  /** The time a caption gave its paragraph's observations, and the last line of the paragraph read so far. */
  private timedParagraph: { iso: string; line: number } | null = null;
  /** The time of the Telegram sender line above (`Dad, [14.03.2026 07:41]`), which times its message's lines. */
  private senderTime: string | null = null;
  /** The day an e-mail's `Sent:` header gives: what its relative words (`this morning`) count from, nothing else. */
  private sentDay: string | null = null;
  /** The unit a section heading gave for the results under it (`Lipids (mmol/L)`), until the next heading. */
  private sectionUnit: string | null = null;
  /** The line that gave the section unit. */
  private sectionUnitLine = -1;
  private readonly stack: Stack = { pendingName: null, last: null, lastLine: null };
  /** The line being read, as written (indentation kept), and its index. */
  private currentText = '';
  private currentIndex = -1;
  /** A transposed table's `Ref low` cell per reading, until its `Ref high` row completes the range. */
  private readonly lowBounds = new WeakMap<ExtractedReading, string>();
  /** A transposed table being read (tests as columns). */
  private transposed: TransposedTable | null = null;
  /** A cumulative header copied without its column gaps, whose rows are read token by token (`cumulative.ts`). */
  private spacedDated: SpacedDatedHeader | null = null;
  /** The name a line's first reading took from the name-only line above it (`wrapped-names.ts`). */
  private joinedOnLine: {
    line: number;
    written: string;
    name: string;
    /** Where the name line above and the joined line start, and the readings that took the joined name. */
    headIndent: number;
    tailIndent: number;
    readings: ExtractedReading[];
  } | null = null;
  /** The last line printing a check-up's visit dates (`受診日  2026/02/18  2025/02/20`), for the header near it. */
  private visitDates: { dates: string[]; line: number } | null = null;
  /** The line being read is a row under a table header (a censored value there is a result, `not-readings.ts`). */
  private inTableRow = false;
  /** A share-and-count header (`%  /mm3  V.R. %  V.R. /mm3`) and how many rows it has read (`share-and-count.ts`). */
  private shareCount: { header: ShareCountHeader; rows: number; line: number } | null = null;
  /**
   * Ranges that are a goal note as written (`goal ≤36%`): a sentence's bound, not a range cell whose unit repeats the
   * unit column, so `range-tidy.ts` leaves them.
   */
  private readonly goalRanges = new WeakSet<Measurement>();
  private readonly goalReadings = new WeakSet<ExtractedReading>();
  /** The words the current line's spelled values replaced (see `spelled-values.ts`). */
  private asWritten: ReadonlyMap<string, string> = NOTHING_SPELLED;
  /** A diary with a column per time of day being read, and the last lines above it (`time-of-day-diary.ts`). */
  private diary: DiaryHeader | null = null;
  private readonly linesAbove: string[] = [];
  /** The document prints letters-and-digits order codes after names (`(L69)`, `order-codes.ts`). */
  letterDigitCodes = false;
  /** The line the current table's header was read from. */
  private layoutLine = -1;
  /** The text of the line read before the current one. */
  private textAbove = '';
  /** The performing-site codes the document's legend lists (`Glucose 01`, `performing-sites.ts`). */
  siteCodes: ReadonlySet<string> = new Set();
  /** The document dates its entries by `Date:` lines of their own (`entry-date-lines.ts`). */
  entryDateLines = false;
  /** The reading a block of earlier results under its own caption belongs to (`earlier-results-block.ts`). */
  private earlierBlock: ExtractedReading | null = null;
  /** The section date is a dated block of earlier results' (`Previous results (2024-05-01)`, `earlier-sentence.ts`). */
  private earlierSection = false;
  /** What a letter's prose says about when its readings were taken (`letter-dates.ts`). */
  private readonly letterDates: LetterDates;
  /** Every line read, and whether the pipeline left it open, for the fallback reader (`fallback-reader.ts`). */
  private readonly seen: SeenLine[] = [];
  /** Lines a reading or a reading's name was taken from: the fallback never reads them again. */
  private readonly takenLines = new Set<number>();
  /** The line each reading came from, to put the fallback's readings among them in line order. */
  private readonly lineOf = new WeakMap<ExtractedReading, number>();

  constructor(
    private readonly order: SlashOrder,
    private readonly documentDate: string | null,
    /** The date whose year a yearless log date takes (`Mon 3/2`): the report date, else the first date written. */
    private readonly yearAnchor: string | null = documentDate,
    /** The rows print a number and an analyte code before each name (`code-column.ts`). */
    private readonly codeColumn = false,
  ) {
    this.letterDates = new LetterDates(order);
  }

  /** The readings, with those of the fallback reader on the lines every reader left open when `withFallback`. */
  result(withFallback = false): ExtractedReading[] {
    this.closeTransposed();
    const readings = withFallback ? this.withFallbackReadings() : this.readings;
    for (const reading of readings) if (!this.goalReadings.has(reading)) tidyReading(reading);
    return withoutRestatements(readings);
  }

  /** The readers' readings with the fallback's among them, each before the first reader reading from a later line. */
  private withFallbackReadings(): ExtractedReading[] {
    const extra: FallbackReading[] = readFallback(this.seen, this.takenLines, this.order);
    if (extra.length === 0) return this.readings;
    const merged: ExtractedReading[] = [];
    let next = 0;
    for (const reading of this.readings) {
      const line = this.lineOf.get(reading) ?? -1;
      while (next < extra.length && (extra[next] as FallbackReading).line < line) {
        merged.push((extra[next] as FallbackReading).reading);
        next++;
      }
      merged.push(reading);
    }
    for (; next < extra.length; next++) merged.push((extra[next] as FallbackReading).reading);
    return merged;
  }

  /**
   * A sentence naming a test and a value the document has already given (`A fasting glucose of 101 falls in the
   * prediabetes band` under a table that read it) comments on that reading; it is not a second one.
   */
  private restates(candidate: Candidate): boolean {
    return this.readKeys.has(readingKey(candidate.name, candidate.measurement.value));
  }

  private emit(
    line: number,
    asPrinted: string,
    measurement: Measurement,
    ownDate: string | null,
    takenAt: string | null = null,
    ownDateOnly = false,
  ): void {
    const uncoded = withoutOrderCode(withoutSiteCode(asPrinted, this.siteCodes), this.letterDigitCodes);
    const written = this.codeColumn ? withoutLeadingCode(uncoded, measurement.unit) : uncoded;
    const cellUnit = this.inTableRow && measurement.unit === null ? unitInNameCell(written) : null;
    // The unit in the name cell counts as the value's: `Norepinephrine (mcg/kg/min)` on a flowsheet is an infusion rate.
    const shape = {
      name: written,
      value: measurement.value,
      unit: measurement.unit ?? cellUnit?.unit ?? null,
      fromTable: this.inTableRow,
      line: this.currentText,
      lineAbove: this.textAbove,
    };
    if (isNotAReading(shape)) return;
    if (cellUnit) measurement.unit = cellUnit.unit;
    this.undoCaptionJoin(line);
    const name = this.joinedWithNameAbove(line, cellUnit?.name ?? written, measurement.unit);
    if (measurement.unit === null && !measurement.qualitative) measurement.unit = this.sectionUnit;
    const said = this.asWritten.get(measurement.value);
    if (said !== undefined) {
      // Only a value said in words takes the unit word back: `96%` beside `ninety-four percent` keeps its sign.
      measurement.value = said;
      if (measurement.unit !== null) measurement.unit = this.asWritten.get(measurement.unit) ?? measurement.unit;
    }
    // `creatinine 121 … On day of discharge creatinine 98`: a name written twice on the line sits where its value follows.
    const place = { line, column: nameColumn(this.currentText, written, measurement.value) };
    const accountDate = this.inTableRow ? null : this.letterDates.dateAt(place);
    // An earlier value cited beside a reading (`(was 148 in July)`) has only the date written with it, if any.
    // `EGD on 11/03 showed …. H. pylori stool antigen: Negative.`: a summary's course past its first day (`letter-dates.ts`).
    const pastFirstDay = !this.inTableRow && this.letterDates.pastFirstDay(place, this.documentDate);
    const admissionDay = pastFirstDay ? null : this.documentDate;
    const day = ownDateOnly ? ownDate : (ownDate ?? accountDate ?? this.sectionDate ?? admissionDay);
    // A draw time the prose wrote (`INR drawn at 23:10 that evening was 1.4`) times the day the reading is dated on.
    const stampTime =
      this.messageTime?.line === line && day === this.messageDay && day?.length === 10 ? this.messageTime.time : null;
    const time = takenAt ?? stampTime;
    // The prose's own time (`glucose at 10:40 was 163`) beats the visit's time on the day it is dated.
    const when =
      takenAt && day !== null
        ? withTimeAfter(day.slice(0, 10), ` ${takenAt}`)
        : time && day?.length === 10
          ? withTimeAfter(day, ` ${time}`)
          : day;
    const reading = toReading(name, measurement, when);
    if (this.joinedOnLine?.line === line && this.joinedOnLine.name === name) this.joinedOnLine.readings.push(reading);
    if (this.goalRanges.has(measurement)) this.goalReadings.add(reading);
    this.readings.push(reading);
    this.lineOf.set(reading, line);
    this.takenLines.add(line);
    this.readKeys.add(readingKey(reading.indicator, reading.value));
    this.stack.last = { reading, line };
    this.stack.pendingName = null;
    const lastLine = this.stack.lastLine;
    if (lastLine?.index === line) lastLine.readings++;
    else {
      const nameAt = this.currentText.indexOf(name);
      const nameEnd = nameAt < 0 ? -1 : nameAt + name.length;
      this.stack.lastLine = { index: line, nameStart: Math.max(nameAt, 0), nameEnd, readings: 1 };
    }
  }

  /**
   * A reading line whose name starts on the name-only line just above (`Estimated glomerular` /
   * `filtration rate (eGFR)   >90 ...`): the whole name, joined with one space (rules in `wrapped-names.ts`).
   */
  private joinedWithNameAbove(line: number, name: string, unit: string | null): string {
    // Every reading of the line (a cumulative row's other dates, an earlier result) takes the name the first took.
    const joined = this.joinedOnLine;
    if (joined?.line === line && joined.written === name) return joined.name;
    if (!this.currentText.trimStart().startsWith(name)) return name; // the name must open the line
    const overlong = this.stack.overlongName;
    const pending =
      overlong?.line === line - 1 && finishesOverlongName(overlong.end, this.currentText, name, unit)
        ? overlong
        : this.stack.pendingName;
    if (!pending || pending.line !== line - 1) return name;
    // A line indented under the row above it (a method, a specimen) is no first half of a name that starts left of it.
    if (indentOf(this.currentText) < pending.indent) return name;
    const hanging = indentOf(this.currentText) > pending.indent;
    if (pending !== overlong && !continuesName(pending.name, name, unit, { tailHasValues: true, hanging })) return name;
    this.takenLines.add(pending.line);
    this.joinedOnLine = {
      line,
      written: name,
      name: `${pending.name} ${name}`,
      headIndent: pending.indent,
      tailIndent: indentOf(this.currentText),
      readings: [],
    };
    return this.joinedOnLine.name;
  }

  /**
   * A name line joined to the indented row under it (a hanging wrap) was a caption when the next row is indented the
   * same: `Fungsi Ginjal` / `  Ureum  28` / `  Kreatinin  1,08` is a sub-heading over its rows (Indonesian, Indian
   * and Vietnamese reports indent rows under their panel), whereas a wrapped name's next test starts back at the
   * name column. The joined readings take back the names their own line wrote.
   */
  private undoCaptionJoin(line: number): void {
    const joined = this.joinedOnLine;
    if (!joined || joined.line !== line - 1 || joined.headIndent >= joined.tailIndent) return;
    if (indentOf(this.currentText) !== joined.tailIndent) return;
    for (const reading of joined.readings) reading.indicator = joined.written;
    this.joinedOnLine = null;
  }

  /**
   * A name-only line right under a one-reading line, continuing its name (`Alanine   32 U/L   7-56` /
   * `aminotransferase (ALT)`). It must start under the name, not under the value columns (where notes go).
   */
  private continuesLastName(index: number, text: string): boolean {
    const last = this.stack.last;
    const lastLine = this.stack.lastLine;
    if (!last || !lastLine || lastLine.index !== index - 1 || lastLine.readings !== 1) return false;
    const indent = indentOf(text);
    // A line starting left of the row's name is the next name's first line (under a hanging-indent wrap), and one
    // starting right of it sits under the value columns, where notes go.
    if (lastLine.nameEnd < 0 || indent > lastLine.nameEnd || indent < lastLine.nameStart) return false;
    const head = last.reading.indicator;
    const tail = cleanName(text);
    if (!continuesName(head, tail, last.reading.unit, { tailHasValues: false })) return false;
    last.reading.indicator = `${head} ${tail}`;
    lastLine.index = index; // a name wrapped over three lines continues on the next one too
    this.stack.pendingName = null;
    return true;
  }

  private recent(line: number, at: number | undefined): boolean {
    return at !== undefined && line - at <= STACK_DISTANCE;
  }

  /** Reads a line whose values may be spelled in words; readings keep the words as their value. */
  readSpelled(index: number, text: string): void {
    const spelled = spellOutValues(text);
    this.asWritten = spelled.asWritten;
    this.read(index, spelled.text);
    this.asWritten = NOTHING_SPELLED;
  }

  read(index: number, written: string): void {
    const order = this.order;
    if (written.trim() === '') {
      this.seen.push({ index, text: '', date: null, open: false });
      this.letterDates.see(index, '');
      return;
    }
    const seen: SeenLine = { index, text: written, date: null, open: false };
    this.seen.push(seen);
    // Comma-separated rows are left as written: there a space before a comma is a cell edge, not damage.
    // A chat message is read as its date and its words: the stamp's time is kept aside for its readings.
    const chat = chatMessage(written);
    // Under a Telegram sender line the message's lines keep its time in the same way (`chat-header-stamps.ts`).
    if (chat) this.senderTime = null;
    const stampTime = chat?.time ?? this.senderTime;
    this.messageTime = stampTime !== null ? { line: index, time: stampTime } : null;
    const source = chat ? `${chat.date} ${chat.message}` : written;
    const text =
      detectDelimiter(source) === 'comma'
        ? source
        : withoutMethodCell(withOcrBandsRepaired(repairNumberSpacing(repairLetterSpacing(source))));
    const textAbove = this.currentText;
    this.textAbove = textAbove;
    const aboveIndex = this.currentIndex;
    this.currentText = text;
    this.currentIndex = index;
    this.letterDates.see(index, text);
    if (this.transposed) {
      const day = this.sectionDate ?? this.documentDate;
      const row = readTransposedRow(text, this.transposed.layout, order, this.yearAnchor, day);
      if (row) {
        this.readTransposed(index, row);
        return;
      }
      this.closeTransposed();
    }
    if (this.readShareAndCount(index, text)) return;
    if (this.readEarlierBlock(index, text)) return;
    const lead = earlierLead(text, order);
    if (lead !== null && lead.rest === '') {
      this.sectionDate = lead.date;
      this.earlierSection = true;
      return;
    }
    if (this.earlierSection && isCurrentResultsCaption(text)) {
      this.sectionDate = null;
      this.earlierSection = false;
      return;
    }
    if (this.readDiary(index, text)) return;
    // A Telegram sender line (`Dad, [14.03.2026 07:41]`) dates and times the message lines under it.
    const senderStamp = this.layout === null ? chatHeaderStamp(text, order) : null;
    if (senderStamp) {
      this.sectionDate = senderStamp.at;
      this.messageDay = senderStamp.day;
      this.senderTime = senderStamp.time;
      this.earlierSection = false;
      return;
    }
    // A chat export's message opens with its own date (`[13/11/2026, 07:42] Sister K: na 131, k 5.9, cr 412`).
    const messageDate = this.layout === null ? leadingDate(text, order) : null;
    if (messageDate) this.messageDay = messageDate.iso;
    if (SENT_CAPTION.test(text)) this.sentDay = findDates(text, order)[0]?.iso ?? this.sentDay;
    const messageList = this.layout === null ? readMessageList(messageDate?.rest ?? text) : null;
    // A lab's results relayed in a message (`bloods back: na 131, k 5.9`) were drawn before it was sent: the day only.
    if (messageList) this.messageTime = null;
    for (const r of messageList ?? []) this.emit(index, r.name, r.measurement, messageDate?.iso ?? null);
    if (messageList) return;
    const morningEvening = readMorningEveningRow(text, order, this.yearAnchor);
    if (morningEvening) {
      for (const r of morningEvening.readings) this.emit(index, r.name, r.measurement, morningEvening.date);
      return;
    }
    const profile = this.layout === null ? readTimeProfile(text) : null;
    if (profile) {
      const day = (this.sectionDate ?? this.documentDate)?.slice(0, 10) ?? null;
      for (const r of profile.readings) {
        this.emit(index, profile.name, r.measurement, day && withTimeAfter(day, ` ${r.time}`));
      }
      return;
    }
    const undatedVisits = this.layout !== null && hasUndatedVisitColumns(this.layout.columns);
    const visitDates = visitDatesLine(text, order, undatedVisits);
    if (visitDates) {
      const dated = this.layout ? dateVisitColumns(this.layout.columns, visitDates) : false;
      // Uncaptioned dates are the visits' only when they fit the header's visit columns.
      if (dated || !undatedVisits || /\p{L}/u.test(text)) {
        this.visitDates = { dates: visitDates, line: index };
        return;
      }
    }
    const header = detectHeader(text, order, this.yearAnchor);
    if (header) {
      this.shareCount = null;
      const dates = this.visitDates;
      if (dates && index - dates.line <= VISIT_DATES_DISTANCE) dateVisitColumns(header.columns, dates.dates);
      timesFromEarlierHeader(header.columns, this.timedHeader);
      this.layout = header;
      this.layoutLine = index;
      this.rememberTimedHeader(header);
      this.spacedDated = null;
      // `All results in mmol/L` right above the header gives the table's unit; one further up was another section's.
      if (this.sectionUnitLine !== aboveIndex) this.sectionUnit = null;
      return;
    }
    const spacedHeader = detectSpacedDatedHeader(text, order);
    if (spacedHeader) {
      this.spacedDated = spacedHeader;
      this.layout = null;
      return;
    }
    const datedHeader = this.layout ? extendDatedHeader(text, this.layout) : null;
    if (datedHeader) {
      this.layout = datedHeader;
      this.rememberTimedHeader(datedHeader);
      return;
    }
    const transposed = detectTransposedHeader(text, order);
    if (transposed) {
      this.transposed = { layout: transposed, byColumn: transposed.columns.map(() => []), ownRanges: new Map() };
      this.layout = null;
      return;
    }
    const entryDate = this.entryDateLines ? entryDateLine(text, order) : null;
    // `Next appointment` / `Date: 18 June 2027`: a date still to come is no entry's (review of session 21).
    if (entryDate && isScheduledEventTitle(textAbove)) return;
    if (entryDate) {
      this.sectionDate = entryDate.iso;
      this.earlierSection = false;
      return;
    }
    const earlierDate = this.earlierColumn && earlierColumnDate(text, index, this.earlierColumn, order);
    if (this.earlierColumn && earlierDate) {
      this.earlierColumn.date = earlierDate;
      return;
    }
    if (this.layout && index - this.layoutLine <= 2 && datePreviousColumn(this.layout, text, index, order)) return;
    const section = dateOnlyLine(text, order);
    if (section) {
      // Under a caption (`Date Reported:`) the date is that caption's value, which `reportDate` weighs; it heads
      // no section.
      if (!isCaptionLine(textAbove)) {
        this.sectionDate = section;
        this.earlierSection = false;
      }
      return;
    }
    // A device printout's own `Time: 14:22` line (under its `Date:`) times its block, up to the rule closing it.
    if (this.timedBlock?.closedByRule && this.readings.length > this.timedBlock.readingsBefore && isRuleLine(text)) {
      this.sectionDate = this.timedBlock.day;
      this.timedBlock = null;
      return;
    }
    const printedTime = deviceBlockTime(text, textAbove, order);
    // `PRE-DIALYSIS OBS (07:05)`: the block under it was taken at that time of the day, until the next heading.
    const blockTime = headingTime(text) ?? printedTime;
    const day = (this.timedBlock?.day ?? this.sectionDate ?? this.documentDate)?.slice(0, 10) ?? null;
    if (blockTime !== null && day !== null) {
      this.timedBlock = {
        day: this.timedBlock?.day ?? this.sectionDate,
        closedByRule: printedTime !== null,
        readingsBefore: this.readings.length,
      };
      this.sectionDate = withTimeAfter(day, ` ${blockTime}`);
      return;
    }
    if (this.timedBlock && isPlainHeading(text)) {
      this.sectionDate = this.timedBlock.day;
      this.timedBlock = null;
    }
    // `Ankara Bilkent Şehir Hastanesi - 14.03.2026 - Biyokimya`: the date of the section under it.
    const dashed = sectionHeaderDate(text, order);
    if (dashed) {
      this.sectionDate = dashed.iso;
      this.earlierSection = false;
      if (this.layout) this.layout = withoutColumnDates(this.layout);
      if (dashed.name !== null) this.rememberNameLine(index, dashed.name);
      return;
    }
    const heading = panelStatusHeadingDate(text, order) ?? datedHeading(text, order) ?? introducingDate(text, order);
    if (heading) {
      this.sectionDate = heading;
      this.earlierSection = false;
      // A section with its own collection date (`URINE  Collected : 21/01/26 10:20`) under a cumulative table keeps
      // the table's columns but not their dates: its rows were all taken when the heading says.
      if (this.layout) this.layout = withoutColumnDates(this.layout);
      return;
    }
    if (isNoiseLine(text) || isGradeLegend(text)) return;
    this.dateBlockAbove(index, text);
    if (this.readDashJoined(index, text)) return;
    // `Abnormal` alone under a reading is its flag (portal pages), though a table may caption its flag column so.
    if (FLAG_CELL.test(text.trim()) && this.completeLastReading(index, text)) return;
    if (headerRole(text.trim()) !== null) return; // a lone caption such as `Value` or `Result`
    const earlierCaption = this.layout ? null : earlierColumnCaption(text, index);
    if (earlierCaption) {
      this.earlierColumn = earlierCaption;
      return;
    }

    const spacedRow = this.spacedDated ? readSpacedDatedRow(text, this.spacedDated, order) : null;
    for (const reading of spacedRow?.readings ?? []) {
      this.emit(index, (spacedRow as { name: string }).name, reading.measurement, reading.date);
    }
    if (spacedRow) return;
    // A line with numbers that is no row of the gapless cumulative table ends it (a heading line does not).
    if (this.spacedDated && /\d/.test(text)) this.spacedDated = null;
    if (this.layout && this.unitWrappedUnderRow(index, text)) return;
    if (this.layout && this.continuesRange(index, text, this.layout)) return;
    if (this.layout) {
      // An earlier-results column (`Antérieur  0,38 du 02/10/2025`) is cut off first, then read as a dated reading.
      const earlier = this.layout.columns.some((c) => c.date !== null) ? null : splitTrailingEarlier(text, order);
      const rowText = withUnitCellParted(withoutBracketedSecondUnit(earlier?.rest ?? text));
      const rows =
        this.readFlagFirstRow(rowText, this.layout) ??
        readTableRow(rowText, this.layout, order) ??
        this.rowUnderNameLine(index, rowText, this.layout, textAbove);
      if (rows) {
        this.inTableRow = true;
        for (const row of rows) this.emit(index, row.name, row.measurement, row.measuredAt);
        this.inTableRow = false;
        const name = this.stack.last?.line === index ? this.stack.last.reading.indicator : null;
        if (earlier && rows.length === 1 && name !== null) this.emitPrevious(index, name, earlier);
        return;
      }
    }

    const bloodGroup =
      readBloodGroupLine(text) ?? readGenotypeLine(text) ?? readSmearLine(text) ?? readBloodBankLine(text);
    if (bloodGroup) {
      this.emit(index, bloodGroup.name, bloodGroup.measurement, null);
      return;
    }

    const timeInRange = readTimeInRangeLine(text);
    if (timeInRange) {
      this.emit(index, timeInRange.name, timeInRange.measurement, null);
      return;
    }

    // An earlier result's own dated lead (`Vorbefund vom 14.10.2026: HbA1c 7,1 %`) dates its reading as a leading date.
    const earlierCell = splitEarlierColumnCell(text, this.earlierColumn);
    const rowText = earlierCell?.rest ?? text;
    const leading =
      (lead !== null ? { iso: lead.date, rest: lead.rest } : null) ??
      leadingDate(rowText, order) ??
      (this.layout === null ? this.diaryDay(index, rowText) : null) ??
      (this.layout === null ? dateAfterName(rowText, order, this.messageDay ?? this.yearAnchor) : null) ??
      (this.layout === null ? this.timedParagraphLine(index, rowText) : null);
    const line = withoutBracketedSecondUnit(
      withoutSecondUnitCell(withoutTrailingNote(withoutNoEarlierNote(spaceSeparated(leading?.rest ?? rowText)))),
    );
    const previous =
      (earlierCell && { ...earlierCell, rest: line }) ??
      splitPreviousResult(line, order) ??
      splitTrailingEarlier(line, order);
    let body = previous?.rest ?? line;
    const ownDate = leading?.iso ?? null;
    // `the AMH one is flagged LOW and prolactin HIGH`: flags for readings above; the words are no reading of their own.
    const stated = flagStatements(body);
    if (stated && applyFlagStatements(stated.statements, this.readings) > 0) {
      body = `${body.slice(0, stated.start)} ${body.slice(stated.end)}`;
      if (!/\d/.test(body)) return;
    }
    if (this.readPreviousLine(index, body)) return;
    if (this.completeLastReading(index, body)) return;
    if (this.readLabelledField(index, body, ownDate)) return;
    const unitLine = sectionUnit(body);
    if (unitLine !== null) {
      // A bracketed heading may also be a stacked name (`Glucose (mg/dL)` / `104`): remember it as one.
      if (unitLine.heading !== null) this.rememberNameLine(index, unitLine.heading);
      this.sectionUnit = unitLine.unit;
      this.sectionUnitLine = index;
      return;
    }

    if (this.restatesInSecondUnit(index, text)) return;
    if (aboveIndex === index - 1) {
      const wrapped = valueWrappedFromAbove(textAbove, body, order);
      for (const reading of wrapped?.readings.filter((c) => !this.restates(c)) ?? []) {
        this.emit(index, reading.name, reading.measurement, ownDate);
      }
      if (wrapped && wrapped.readings.length > 0) {
        if (wrapped.rest === '') return;
        body = wrapped.rest;
      }
      // `… PT 68.4` / `seconds, hemoglobin 7.9 g/dL`: the unit of the line above's last reading, wrapped.
      const last = this.stack.last;
      const unit =
        last?.line === index - 1 && last.reading.unit === null ? unitWrappedFromAbove(textAbove, body) : null;
      if (unit && last && textAbove.trimEnd().endsWith(last.reading.value)) {
        last.reading.unit = unit.unit;
        if (unit.rest === '') return;
        body = unit.rest;
      }
      // `… was 0.6 nmol/L` / `(therapeutic 0.6-1.3). CRP …`: the range of the line above's last reading, wrapped.
      const range = last?.line === index - 1 && last.reading.referenceRange === null ? rangeOpeningLine(body) : null;
      const tail = last ? textAbove.trimEnd().slice(textAbove.trimEnd().lastIndexOf(last.reading.value)) : '';
      if (range && last && tail.startsWith(last.reading.value) && /^\S+\s*\S{0,12}$/.test(tail)) {
        last.reading.referenceRange = range.range;
        if (range.rest.trim() === '') return;
        body = range.rest;
      }
      // `… to 2,140 ng/L` / `at 6 hours (15/04).`: the when-phrase of the line above's last reading, wrapped.
      const anchor = this.messageDay ?? this.sectionDate ?? this.documentDate ?? this.yearAnchor;
      const when = last?.line === index - 1 && this.layout === null ? wrappedWhenDate(body, order, anchor) : null;
      if (when && last && tail.startsWith(last.reading.value) && /^\S+\s*\S{0,12}$/.test(tail)) {
        last.reading.measuredAt = when.iso;
        if (when.rest === '') return;
        body = when.rest;
      }
    }

    const pending = this.stack.pendingName;
    if (pending && this.recent(index, pending.line)) {
      const measurement = parseMeasurement(body, 0);
      if (measurement && measurement.rest === '') {
        if (acceptStackedName(pending.name, measurement, body)) {
          this.takenLines.add(pending.line);
          this.emit(index, pending.name, measurement, ownDate);
          return;
        }
      }
    }

    const single = this.readFlagFirstLine(body) ?? readingInLine(body, order);
    const acceptedSingle =
      single?.complete &&
      (acceptLine(single, body) ||
        acceptRecordRow(single.name, single.measurement, body) ||
        acceptQualifiedRecordName(single.name, single.measurement));
    if (single && acceptedSingle) {
      this.emit(index, single.name, single.measurement, ownDate ?? this.dayNamed(body, single));
      const name = this.stack.last?.reading.indicator ?? single.name;
      for (const earlier of previous ? [previous, ...previous.older] : []) {
        this.emitPrevious(index, name, earlier);
      }
      return;
    }
    if (this.readSideBySide(index, body, ownDate)) return;
    // Several short readings, or prose: each part is a complete reading or else read as prose.
    const found: Candidate[] = [];
    let priorSegment: string | null = null;
    const segments = splitSegments(body);
    const abbreviated = abbreviatedListParts(
      segments.map((segment) => readingInLine(segment, order)),
      body,
    );
    for (const segment of segments) {
      // `…; goal ≤36%` after the line's one reading is its range (`goal-notes.ts`), not a reading of its own.
      const goal = found.length === 1 ? goalBound(segment) : null;
      if (goal !== null) {
        const measurement = (found[0] as Candidate).measurement;
        if (measurement.referenceRange === null) {
          measurement.referenceRange = goal;
          this.goalRanges.add(measurement);
        }
        continue;
      }
      const candidate = readingInLine(segment, order);
      const named = candidate?.complete ? knownTail(candidate) : null;
      const accepted = named && (acceptSegment(named, segment) || isAbbreviatedPart(named, abbreviated));
      if (named && accepted && !valueInCutHead(candidate as Candidate, named)) found.push(named);
      else if (named && isTemperatureLetter(named, body)) found.push(named);
      else {
        const sentence = this.readingEndingSentence(segment) ?? wordedResultSentence(segment);
        if (sentence) found.push(sentence);
        found.push(...temperatureLettersInRun(segment, body));
        found.push(
          ...readingsInProse(segment, order, commaBefore(body, priorSegment, segment)).filter((c) => !this.restates(c)),
        );
      }
      priorSegment = segment;
    }
    // `bp 138/88  p 70`: a home log's pulse after the pressure, which no reader takes for a name (`pulse-after-pressure.ts`).
    for (const { pressure, pulse } of pulsesAfterPressure(body)) {
      const at = found.findIndex((c) => c.measurement.value === pressure);
      const taken = found.some((c) => c.measurement.value === pulse.measurement.value);
      if (at >= 0 && !taken) found.splice(at + 1, 0, pulse);
    }
    if (found.length > 0) {
      for (const reading of found) {
        if (reading.earlier) {
          this.emit(index, reading.name, reading.measurement, reading.earlier.date, null, true);
          continue;
        }
        // A date the reading's own sentence writes (`progesterone from Oct 20 was 11.4`) beats the message's stamp.
        const day =
          this.sentenceDay(body, reading.name, reading.measurement.value) ?? ownDate ?? this.dayNamed(body, reading);
        this.emit(index, reading.name, reading.measurement, day, reading.takenAt ?? null);
      }
      this.completeFromWords(index, body);
      return;
    }
    if (single === null && this.continuesLastName(index, text)) return;
    // Nothing took the line: the fallback reader may (`fallback-reader.ts`), dated as a reading here would be.
    seen.text = text;
    seen.date = ownDate ?? this.sectionDate ?? this.documentDate;
    seen.open = true;
    // A record entry's dated title (`08 Apr 2026  Liver function tests`) dates the results listed under it.
    if (single === null && leading !== null && isEntryTitle(leading.rest)) this.sectionDate = leading.iso;
    if (single === null) this.rememberNameLine(index, body);
  }

  /**
   * `drawn on Oct 2 (cycle day 3).` right under a pasted table: the rows of the block above (up to a blank line) that
   * carry no date of their own take it. The line is read on as usual.
   */
  private dateBlockAbove(index: number, text: string): void {
    const anchor = this.messageDay ?? this.sectionDate ?? this.documentDate ?? this.yearAnchor;
    const date = drawnDateOfBlockAbove(text, this.order, anchor);
    if (date === null) return;
    let at = this.seen.length - 2; // the entry before this line's own
    while (at >= 0 && (this.seen[at] as SeenLine).text.trim() === '') at--;
    let first = index;
    while (at >= 0 && (this.seen[at] as SeenLine).text.trim() !== '') first = (this.seen[at--] as SeenLine).index;
    const undated = new Set([null, this.messageDay, this.sectionDate, this.documentDate]);
    for (const reading of this.readings) {
      const line = this.lineOf.get(reading) ?? -1;
      if (line >= first && line < index && undated.has(reading.measuredAt)) reading.measuredAt = date;
    }
  }

  /** The date a prose reading's own sentence writes for it (`sentence-dates.ts`), or null. */
  private sentenceDay(line: string, name: string, value: string): string | null {
    return sentenceDate(line, name, value, this.order, this.messageDay ?? this.yearAnchor ?? this.sectionDate);
  }

  /** The day a prose reading's sentence names relative to the message or letter (`relative-days.ts`). */
  private dayNamed(line: string, { name, measurement }: Candidate): string | null {
    // A line writing a date of its own (`taken Tue 03/11/2026`) is dated by it, not counted back to a weekday; the
    // reading takes that date when its sentence gives it to it (`Previous lithium 0.86 mmol/L on 12-Aug-2026`).
    const anchor = this.messageDay ?? this.sectionDate ?? this.documentDate ?? this.sentDay;
    const written = this.sentenceDay(line, name, measurement.value);
    if (written !== null || findDates(line, this.order).length > 0) return written;
    return relativeDay(line, name, anchor) ?? resultsDayOfLine(line, anchor);
  }

  /**
   * A phone diary's line opening with its day (`3/2  7:15am  bp 138/88`, `Friday 13th  bp 133/85`), or an indented
   * line opening with a time under one (`diary-line-dates.ts`).
   */
  private diaryDay(index: number, text: string): { iso: string; rest: string } | null {
    const last = this.diaryLine;
    const under = last !== null && last.line === index - 1 ? diaryTimeUnder(text, last.day) : null;
    const found = under ?? diaryLineDay(text, this.order, this.yearAnchor, last?.day ?? null);
    if (found) this.diaryLine = { day: found.iso.slice(0, 10), line: index };
    return found;
  }

  /**
   * `First set of obs on scene at 13:05: pressure …` (`caption-times.ts`): the caption times its line and the prose
   * lines under it up to the paragraph's end, where a handover's set of observations runs on; the next timed caption
   * starts another set.
   */
  private timedParagraphLine(index: number, text: string): { iso: string; rest: string } | null {
    const caption = timedCaption(text, this.messageDay ?? this.sectionDate ?? this.documentDate);
    if (caption) {
      this.timedParagraph = { iso: caption.iso, line: index };
      return caption;
    }
    const paragraph = this.timedParagraph;
    if (paragraph === null || paragraph.line !== index - 1) return null;
    // A line writing a date or a clock time of its own (`LABS (collected 11/21/2026 22:10): …`) is another block's.
    if (/\d{1,2}[:h]\d{2}/.test(text) || findDates(text, this.order).length > 0) {
      this.timedParagraph = null;
      return null;
    }
    paragraph.line = index;
    return { iso: paragraph.iso, rest: text };
  }

  /** A line of `name-value` pairs (`BLOOD WBC-13.4* RBC-4.12*`), or its continuation under the dated line above. */
  private readDashJoined(index: number, text: string): boolean {
    const line = readDashJoinedLine(text, this.order);
    const above = this.dashJoined?.line === index - 1 ? this.dashJoined : null;
    if (!line || (!line.opensDraw && above === null)) return false;
    const date = line.opensDraw ? line.date : (above?.date ?? null);
    for (const reading of line.readings) this.emit(index, reading.name, reading.measurement, date);
    this.dashJoined = { line: index, date };
    return true;
  }

  /**
   * A line of readings side by side (`Urea pre  24.6 mmol/L   Urea post  6.8 mmol/L`, `BP 128/82 HR 74 SpO2 97%`),
   * cut by its words (`side-by-side.ts`): at least two of its groups must be readings by the short-reading evidence,
   * and only those are taken. True when the line was read so.
   */
  private readSideBySide(index: number, body: string, ownDate: string | null): boolean {
    const groups = sideBySideGroups(body);
    if (groups === null) return false;
    const accepted: Candidate[] = [];
    for (const group of groups) {
      const candidate = readingInLine(group, this.order);
      if (candidate?.complete && candidate.measurement.rest === '' && acceptSegment(candidate, group)) {
        if (!this.restates(candidate)) accepted.push(candidate);
      }
    }
    if (accepted.length < 2) return false;
    for (const reading of accepted) this.emit(index, reading.name, reading.measurement, ownDate);
    return true;
  }

  /**
   * A differential row giving a share and a count (`Neutrófilos  58,0 %  3.944 /mm3`), or the header of such rows:
   * two readings under one name (`share-and-count.ts`). True when the line was one of them.
   */
  private readShareAndCount(index: number, text: string): boolean {
    const header = detectShareCountHeader(text);
    if (header) {
      this.shareCount = { header, rows: 0, line: index };
      return true;
    }
    // Its rows follow it and one another closely: lines far below belong to other tables.
    if (this.shareCount && index - this.shareCount.line > STACK_DISTANCE) this.shareCount = null;
    const table = this.shareCount;
    const rows = readShareCountRow(text, table?.header ?? null);
    if (rows === null) {
      // A heading or a note after its rows ends the table.
      if (table && table.rows > 0 && !/\d/.test(text)) this.shareCount = null;
      return false;
    }
    this.inTableRow = table !== null;
    for (const row of rows) {
      const measurement: Measurement = {
        value: row.value,
        unit: row.unit,
        referenceRange: row.referenceRange,
        flag: row.flag,
        qualitative: false,
        rest: '',
      };
      this.emit(index, row.name, measurement, null);
    }
    this.inTableRow = false;
    if (table) {
      table.rows++;
      table.line = index;
    }
    return true;
  }

  /**
   * A range or flag in words after the line's last prose reading (`The standard range is 4.0 - 5.6 %.`,
   * `which is below the standard range of 30 - 100 ng/mL`): see `prose-ranges.ts`.
   */
  private completeFromWords(index: number, body: string): void {
    const last = this.stack.last;
    if (!last || last.line !== index) return;
    const reading = last.reading;
    const nameAt = body.lastIndexOf(reading.indicator);
    const valueAt = nameAt < 0 ? -1 : body.indexOf(reading.value, nameAt + reading.indicator.length);
    if (valueAt < 0) return;
    const words = rangeInWordsAfter(body.slice(valueAt + reading.value.length));
    if (!words) return;
    reading.referenceRange ??= words.range;
    reading.flag ??= words.flag;
  }

  /** A line alone under the range column, continuing the unfinished range just above (`wrapped-ranges.ts`). */
  private continuesRange(index: number, text: string, layout: TableLayout): boolean {
    const last = this.stack.last;
    if (!last || last.line !== index - 1) return false;
    const more = rangeContinuation(text, layout, last.reading.referenceRange);
    if (more === null) return false;
    last.reading.referenceRange = `${last.reading.referenceRange} ${more}`;
    last.line = index; // a range wrapped over three lines goes on under this one
    return true;
  }

  /** A row with a blank name cell right under a name line: the row of that name (`wrapped-names.ts`). */
  private rowUnderNameLine(index: number, rowText: string, layout: TableLayout, above: string): RowReading[] | null {
    const pending = this.stack.pendingName;
    // A caption ending in a colon (`Interpretacja stężenia witaminy D :`) opens a legend, not a row.
    if (!pending || pending.line !== index - 1 || above.trim().endsWith(':')) return null;
    const named = withNameInBlankCell(rowText, pending.name);
    const rows = named === null ? null : readTableRow(named, layout, this.order);
    if (!rows) return null;
    this.takenLines.add(pending.line);
    return rows.map((row) => ({ ...row, name: pending.name }));
  }

  /** A unit wrapped under a table row (`result-columns.ts`) is the unit of each reading of that row lacking one. */
  private unitWrappedUnderRow(index: number, text: string): boolean {
    const lastLine = this.stack.lastLine;
    if (!lastLine || lastLine.index !== index - 1 || lastLine.readings < 1) return false;
    const unit = wrappedUnitLine(text);
    if (unit === null || indentOf(text) > lastLine.nameEnd) return false;
    const row = this.readings.slice(-lastLine.readings);
    if (row.some((reading) => reading.unit !== null)) return false;
    for (const reading of row) reading.unit = unit;
    return true;
  }

  /** The line right under a reading gives it again in a second unit (`result-columns.ts`): not a row. */
  private restatesInSecondUnit(index: number, text: string): boolean {
    const lastLine = this.stack.lastLine;
    const last = this.stack.last;
    if (!lastLine || !last || lastLine.index !== index - 1 || last.line !== index - 1) return false;
    return isSecondUnitLine(text, lastLine.nameStart, last.reading.unit);
  }

  /**
   * `nitrites positive. Admission bloods showed ...`: a short reading ending a sentence that the line's next sentence
   * follows in the same comma-separated part. The first sentence is read as a part of its own; the rest stays prose.
   */
  private readingEndingSentence(segment: string): Candidate | null {
    const sentence = /^([^.]{1,60}?)\.\s+\p{Lu}/u.exec(segment);
    if (!sentence) return null;
    const head = sentence[1] as string;
    const candidate = readingInLine(head, this.order);
    const named = candidate?.complete ? knownTail(candidate) : null;
    return named && acceptSegment(named, head) && !this.restates(named) ? named : null;
  }

  /** A table row whose flag stands before its value, when the header has no flag column to put it in. */
  private readFlagFirstRow(text: string, layout: TableLayout): RowReading[] | null {
    if (layout.columns.some((c) => c.role === 'flag' || c.date !== null)) return null;
    const flagged = splitFlagBeforeValue(text);
    const rows = flagged ? readTableRow(flagged.text, layout, this.order) : null;
    // The flag before the value is the current result's: an earlier column's reading on the row keeps its own.
    const current = rows?.[0];
    if (current) current.measurement.flag ??= (flagged as LeadingFlag).flag;
    return rows;
  }

  /** `H  Glucose  104 mg/dL`, `Glucose   HIGH 104 mg/dL`: the reading, flagged, when the line reads without it. */
  private readFlagFirstLine(body: string): Candidate | null {
    const flagged = splitFlagBeforeValue(body);
    const candidate = flagged ? readingInLine(flagged.text, this.order) : null;
    if (!flagged || !candidate?.complete) return null;
    candidate.measurement.flag ??= flagged.flag;
    return acceptLine(candidate, flagged.text) ? candidate : null;
  }

  /** A time-of-day diary's header or one of its rows (`time-of-day-diary.ts`). True when the line was one. */
  private readDiary(index: number, text: string): boolean {
    const header = detectDiaryHeader(text, this.linesAbove);
    this.linesAbove.push(text);
    if (this.linesAbove.length > DIARY_TITLE_DISTANCE) this.linesAbove.shift();
    if (header) {
      this.diary = header;
      return true;
    }
    if (this.diary === null) return false;
    const row = readDiaryRow(text, this.diary, this.order);
    if (row === null) {
      this.diary = null;
      return false;
    }
    for (const reading of row.readings) this.emit(index, reading.name, reading.measurement, row.date);
    return true;
  }

  /**
   * A caption opening a block of earlier results, or a line of that block: an earlier reading, with its own date, of
   * the reading the block follows however far below it (`earlier-results-block.ts`). True when the line was one.
   */
  private readEarlierBlock(index: number, text: string): boolean {
    if (isEarlierResultsCaption(text)) {
      // The caption is never a test's name, with or without a reading above for its block to follow.
      this.earlierBlock = this.stack.last?.reading ?? null;
      return true;
    }
    const current = this.earlierBlock;
    if (current === null) return false;
    const earlier = earlierResultInBlock(text, this.order);
    if (earlier === null) {
      this.earlierBlock = null;
      return false;
    }
    earlier.measurement.unit ??= current.unit;
    const last = this.stack.last;
    this.emit(index, current.indicator, earlier.measurement, earlier.date);
    this.stack.last = last;
    return true;
  }

  /** `Previous result: 1.3 mg/dL on 02/01/2026` under a reading: an earlier reading of the test just above. */
  private readPreviousLine(index: number, body: string): boolean {
    const last = this.stack.last;
    // A portal stacks the value's flag, range caption and range between it and the earlier result (kp.org: `5.9 %` /
    // `High` / `Standard range` / `4.0 - 5.6 %` / `Past result (Sep 12, 2025): 6.0 %`): the keyword, value and date
    // say what the line is, so it reaches further up than a bare continuation does.
    if (!last || index - last.line > PREVIOUS_LINE_REACH) return false;
    const earlier = previousResultLine(body, this.order);
    if (!earlier) return false;
    this.emitPrevious(index, last.reading.indicator, earlier);
    return true;
  }

  /**
   * The earlier result in brackets on a reading's line: same test and unit, its own value and date, and no range
   * but its own (the printed one is the current reading's: `earlierThanNewest`). Lines below still complete the
   * current reading, which stays the last one.
   */
  private emitPrevious(index: number, name: string, earlier: { measurement: Measurement; date: string }): void {
    const current = this.stack.last;
    const measurement = earlier.measurement;
    measurement.unit ??= current?.reading.unit ?? null;
    this.emit(index, name, measurement, earlier.date);
    this.stack.last = current;
  }

  /** The end of a transposed table: a column's one range row is its newest reading's (`earlierThanNewest`). */
  private closeTransposed(): void {
    const table = this.transposed;
    this.transposed = null;
    for (const readings of table?.byColumn ?? []) {
      for (const earlier of earlierThanNewest(readings, (r) => r.measuredAt)) {
        earlier.referenceRange = table?.ownRanges.get(earlier) ?? null;
      }
    }
  }

  /** A row of a transposed table: values make readings per test column; unit, range and flag rows complete them. */
  private readTransposed(index: number, row: TransposedRow): void {
    const table = this.transposed as TransposedTable;
    if (row.kind === 'skip') return;
    table.layout.columns.forEach((column, k) => {
      const readings = table.byColumn[k] as ExtractedReading[];
      if (row.kind === 'values') {
        const measurement = row.cells[k];
        if (!measurement) return;
        const own = measurement.referenceRange;
        measurement.unit ??= column.unit;
        measurement.referenceRange ??= column.range ?? null;
        this.emit(index, column.name, measurement, row.date);
        const reading = this.stack.last?.reading as ExtractedReading;
        readings.push(reading);
        table.ownRanges.set(reading, own);
        return;
      }
      const cell = row.cells[k];
      if (cell === null || cell === undefined) return;
      if (row.kind === 'low') {
        for (const reading of readings) this.lowBounds.set(reading, cell);
      } else if (row.kind === 'high') {
        for (const reading of readings) {
          const low = this.lowBounds.get(reading);
          if (low !== undefined) reading.referenceRange ??= `${low}-${cell}`;
        }
      } else if (row.kind === 'unit') {
        column.unit ??= cell;
        for (const reading of readings) reading.unit ??= cell;
      } else if (row.kind === 'range') {
        const range = parseRangeText(cell);
        // A portal export prints its `Ref range` row under the header, above the dated rows it applies to.
        if (readings.length === 0 && range) column.range ??= range.range;
        for (const reading of readings) {
          reading.referenceRange ??= range?.range ?? null;
          reading.unit ??= range?.unit ?? null;
        }
      } else {
        for (const reading of readings) reading.flag ??= cell;
      }
    });
  }

  /**
   * Stacked laudo fields (`GLICOSE` / `Resultado: 104 mg/dL` / `Valores de referência: 70 a 99 mg/dL`): a line
   * captioned with a result header word is the value of the name line above it, never a reading named `Resultado`;
   * one captioned with a unit header word completes the reading above. True when the line was such a field.
   */
  private readLabelledField(index: number, body: string, ownDate: string | null): boolean {
    // Without a colon only a known caption and a gap make a field (`field-captions.ts`); the colon caption's lazy
    // search would otherwise scan the line forty times.
    const colon = body.includes(':') ? colonField(body) : null;
    const gapped = colon ? null : gappedField(body);
    if (!colon && !gapped) return false;
    const role = gapped ? gapped.role : headerRole(withoutCaptionScope((colon as { caption: string }).caption));
    const field = gapped ? gapped.field : (colon as { field: string }).field;
    if (role === 'value') {
      const pending = this.stack.pendingName;
      // `Resultado: 138 mg/dL      Resultado anterior: 151 mg/dL em 11/02/2026`: the earlier result's own field.
      const previousAt = field.search(/\s{2,}\S[^:\d]{1,40}:/);
      const previousField = previousAt > 0 ? colonField(field.slice(previousAt)) : null;
      const earlier =
        previousField && headerRole(previousField.caption) === 'previous'
          ? (previousResultLine(field.slice(previousAt).trim(), this.order) ??
            earlierResultInBlock(previousField.field.replace(/\s(?:em|on|am|le|el|del|il|du|op)\s/i, ' '), this.order))
          : null;
      if (earlier)
        return (
          this.readLabelledField(
            index,
            `${body.slice(0, body.indexOf(field))}${field.slice(0, previousAt)}`,
            ownDate,
          ) && this.previousAfter(index, earlier)
        );
      const measurement = parseMeasurement(field, 0);
      if (!measurement) return false; // `Result: Glucose 104 mg/dL` names its own test
      if (!pending || !this.recent(index, pending.line)) return true;
      if (measurement.rest !== '') {
        const range = this.rangeField(measurement.rest);
        if (range === null) return true;
        measurement.referenceRange ??= range.range;
        measurement.unit ??= range.unit;
      }
      if (acceptCaptionedValue(pending.name, measurement, field)) {
        this.takenLines.add(pending.line);
        this.emit(index, pending.name, measurement, ownDate);
      }
      return true;
    }
    const last = this.stack.last;
    if (role === 'unit' && last && this.recent(index, last.line)) {
      if (last.reading.unit === null && /^\S+$/.test(field)) last.reading.unit = field;
      return true;
    }
    if (role === 'range' && last && this.recent(index, last.line)) {
      const range = this.rangeField(field);
      if (range && last.reading.referenceRange === null) {
        last.reading.referenceRange = range.range;
        last.reading.unit ??= range.unit;
      }
      return true;
    }
    return false;
  }

  /** An earlier result printed beside the current one's field: a dated reading of the test just read. */
  private previousAfter(index: number, earlier: { measurement: Measurement; date: string }): boolean {
    const last = this.stack.last;
    if (last?.line === index) this.emitPrevious(index, last.reading.indicator, earlier);
    return true;
  }

  /** `Valor de referência: 70 a 99 mg/dL` or a bare range: the range and its unit. */
  private rangeField(text: string): { range: string; unit: string | null } | null {
    const labelled = colonField(text) ?? gappedField(text);
    const field = labelled && headerRole(withoutCaptionScope(labelled.caption)) === 'range' ? labelled.field : text;
    // A note on whom the range is for (`até 4,00 ng/mL (homens acima de 40 anos)`) is no part of it.
    return parseRangeText(field) ?? parseRangeText(field.replace(POPULATION_NOTE, ''));
  }

  /** A range or flag on its own line belongs to the reading just above (portal copy-paste). */
  private completeLastReading(index: number, body: string): boolean {
    const last = this.stack.last;
    if (!last || !this.recent(index, last.line)) return false;
    const rangeText = RANGE_LINE.exec(body.trim())?.[1] ?? portalRangeText(body);
    if (rangeText !== undefined && rangeText !== null) {
      const range = parseRangeText(rangeText);
      if (range && last.reading.referenceRange === null) {
        last.reading.referenceRange = range.range;
        last.reading.unit ??= range.unit;
      }
      return true;
    }
    // A bare range under a caption line (`Valores de referência:` / `70 a 99 mg/dL`), when no name line came between.
    const bare = parseRangeText(body.trim());
    if (bare && /\d/.test(bare.range) && last.reading.referenceRange === null && this.stack.pendingName === null) {
      last.reading.referenceRange = bare.range;
      last.reading.unit ??= bare.unit;
      return true;
    }
    // A portal's range slot saying there is none (`Not Established`) is the range as printed.
    if (NO_RANGE_STATED.test(body.trim()) && last.reading.referenceRange === null && this.stack.pendingName === null) {
      last.reading.referenceRange = body.trim();
      return true;
    }
    if (FLAG_CELL.test(body.trim()) && last.reading.flag === null) {
      last.reading.flag = bareFlag(body.trim());
      return true;
    }
    // An HTML table pasted one cell per line puts the unit cell on a line of its own after the range (`%`, `mg/dL`).
    const unit = body.trim();
    if (last.reading.unit === null && this.stack.pendingName === null && /[/%]/.test(unit) && looksLikeUnit(unit)) {
      last.reading.unit = unit;
      return true;
    }
    return false;
  }

  /** A cumulative header whose columns are timed lends its times to later sections' headers (`cumulative.ts`). */
  private rememberTimedHeader(layout: TableLayout): void {
    if (layout.columns.some((c) => c.date?.includes('T'))) this.timedHeader = layout.columns;
  }

  private rememberNameLine(index: number, body: string): void {
    const above = this.stack.pendingName;
    if (above?.line === index - 1 && isMethodBracketLine(body)) return;
    this.sectionUnit = null; // a new heading (or a stacked name) ends the section its unit was given for
    const written = cleanName(body);
    const name =
      above?.line === index - 1 && finishesOpenName(above.name, written) ? `${above.name} ${written}` : written;
    // A section heading (`【生化学】`, `[Urine Microscopy]`) opens a section; the row under it is a whole name.
    const isName =
      !isSectionHeadingLine(body) &&
      plausibleName(name, this.order, MAX_STACKED_NAME_LENGTH) &&
      name.split(/\s+/).length <= MAX_STACKED_NAME_WORDS &&
      !/[.!?]$/.test(body.trim());
    this.stack.pendingName = isName ? { name, line: index, indent: indentOf(this.currentText) } : null;
    const end = this.currentText.trimEnd().length;
    this.stack.overlongName = isOverlongName(name)
      ? { name, line: index, indent: indentOf(this.currentText), end }
      : null;
  }
}

/**
 * Every reading the text states, in document order, fields as written. Readings without their own date get the
 * section date above them, else the report's collection date, else `options.defaultDate`. Narrative text yields [].
 */
/** Where a reading's name sits on its line: the first place its value follows within a few words, else the first. */
function nameColumn(line: string, name: string, value: string): number {
  const first = line.indexOf(name);
  for (let at = first; at >= 0; at = line.indexOf(name, at + 1)) {
    if (line.slice(at + name.length, at + name.length + 24).includes(value)) return at;
  }
  return first;
}

export function extractReadingsOffline(text: string, options: ExtractionOptions = {}): ExtractedReading[] {
  // One budget of resolver look-ups for the whole document, whichever reader asks (`lookup-budget.ts`).
  return withLookupBudget(() => readDocument(text, options));
}

function readDocument(text: string, options: ExtractionOptions): ExtractedReading[] {
  const hl7 = readHl7Observations(text);
  if (hl7 && hl7.length > 0) return hl7;
  const fhir = readFhirObservations(text);
  if (fhir && fhir.length > 0) return fhir;
  const device = readDeviceJson(text);
  if (device && device.length > 0) return device;
  const cda = readCdaDocument(text);
  if (cda && cda.readings.length > 0) return cda.readings;
  const fhirXml = readFhirXmlObservations(text);
  if (fhirXml && fhirXml.length > 0) return fhirXml;
  // Any other XML export of dated records (Apple Health): after CDA and FHIR, whose shapes are read more closely.
  const xmlRecords = cda || fhirXml ? null : readXmlRecords(text);
  if (xmlRecords && xmlRecords.length > 0) return xmlRecords;
  const exported = readDelimitedExport(text);
  if (exported) return exported;
  // A CDA document with its results in the narrative only: its tables are read as lines, its XML markup is not.
  if (cda && cda.narrative !== '') return readLines(cda.narrative, options, false);
  return readLines(text, options, !isStructuredText(text));
}

/** The first full date the document writes (a message's sent date), for the year of a log's yearless dates. */
function firstWrittenDate(lines: readonly SourceLine[], order: SlashOrder): string | null {
  for (const line of lines) {
    if (line.text.length > 2000) continue;
    const date = findDates(line.text, order).find((d) => Number(d.iso.slice(0, 4)) > 1970);
    if (date) return date.iso;
  }
  return null;
}

/** The line pipeline (see the module comment). */
function readLines(text: string, options: ExtractionOptions, withFallback: boolean): ExtractedReading[] {
  const sourceLines = withWordedValuesLed(withoutBandTables(withOddSeparatorsAsGaps(splitLines(text))));
  const order = detectSlashOrder(text);
  const documentDate =
    reportDate(
      sourceLines.map((line) => repairLetterSpacing(line.text)),
      order,
    ) ??
    options.defaultDate ??
    null;
  const yearAnchor = documentDate ?? firstWrittenDate(sourceLines, order) ?? monthYearAnchor(sourceLines);
  const codeColumn = hasNumberedCodeColumn(sourceLines);
  const letterDigitCodes = printsLetterDigitCodes(text);
  const siteCodes = performingSiteCodes(sourceLines.map((line) => line.text));
  const entryDateLines = datesEntriesByLines(
    sourceLines.map((line) => line.text),
    order,
  );
  // The fallback reads only the final pass: how columns unfold is decided on what the readers read.
  const readAll = (lines: readonly SourceLine[], fallback = false): ExtractedReading[] => {
    const reader = new DocumentReader(order, documentDate, yearAnchor, codeColumn);
    reader.letterDigitCodes = letterDigitCodes;
    reader.siteCodes = siteCodes;
    reader.entryDateLines = entryDateLines;
    let carried: string | null = null;
    for (const [k, line] of lines.entries()) {
      const text: string = carried ?? line.text;
      const next = lines[k + 1];
      // A spoken number the line's wrap broke (`one hundred` / `and four`) is finished on its own line.
      const wrapped: { line: string; next: string } | null =
        next && next.index === line.index + 1 ? numberWrappedOnto(text, next.text) : null;
      carried = wrapped?.next ?? null;
      reader.readSpelled(line.index, wrapped?.line ?? text);
    }
    return reader.result(fallback);
  };
  const yieldOf = (run: readonly SourceLine[]) => {
    const readings = readAll(run);
    return { readings: readings.length, ranged: readings.filter((r) => r.referenceRange !== null).length };
  };
  const unfolded = unfoldColumns(unfoldBarColumns(valueFirstPortalBlocks(sourceLines), yieldOf), yieldOf);
  const readings = withoutAnalyserSettings(readAll(unfolded, withFallback), text);
  timedOnCollectionDay(
    readings,
    documentDate,
    sourceLines.map((line) => line.text),
    order,
  );
  dateBirthMeasures(
    readings,
    sourceLines.map((line) => line.text),
    order,
  );
  if (asteriskIsFootnote(sourceLines.map((line) => line.text))) withoutFootnoteFlags(readings);
  return readings;
}
