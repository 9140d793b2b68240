/**
 * HL7 CDA R2 documents with the C-CDA R2.1 templates (a US portal's "Download my record" / Blue Button CCD, a
 * partner's upload): each result or vital-sign `observation` entry with a value is one reading. Read as a document
 * because the entries carry the fields by name; the section narrative (`<text><table>`) repeats them for people and is
 * only used to resolve `<reference value="#id">`, so nothing is read twice. Only a document with no result entries
 * hands its result sections' narrative to the line reader ({@link CdaDocument.narrative}).
 *
 * Which observations: those in a Results (LOINC 30954-2) or Vital Signs (8716-3) section, or a laboratory report
 * section (11502-2, 26436-6), found by code or C-CDA section template. Problems, allergies, medications, social
 * history... also hold observations with values (a problem's SNOMED code, a smoking status) and are not results.
 * A fragment with no sections (an `<organizer>` or `<observation>` pasted alone) is read by template instead:
 * Result Observation (…22.4.2), Vital Sign Observation (…22.4.27), or any observation inside an organizer.
 * Negated (`negationInd="true"`), not-done (`nullFlavor`) and non-event (`moodCode="INT"`, planned tests)
 * observations give nothing. Malformed XML yields what parsed and never throws.
 */
import { boundsText } from './bounds-text';
import { isoDate } from './hl7-v2';
import type { ExtractedReading } from './types';
import {
  ancestor,
  attribute,
  child,
  childrenNamed,
  descendants,
  isElement,
  parseXml,
  textOf,
  type XmlElement,
} from './xml-tree';

/** Section LOINC codes whose entries are results: Results, Vital Signs, laboratory report / studies. */
const RESULT_SECTION_CODES = new Set(['30954-2', '8716-3', '11502-2', '26436-6']);
/** C-CDA section templates (entries optional / required) for Results and Vital Signs. */
const RESULT_SECTION_TEMPLATES = new Set([
  '2.16.840.1.113883.10.20.22.2.3',
  '2.16.840.1.113883.10.20.22.2.3.1',
  '2.16.840.1.113883.10.20.22.2.4',
  '2.16.840.1.113883.10.20.22.2.4.1',
]);
/** Result Observation and Vital Sign Observation entry templates. */
const RESULT_OBSERVATION_TEMPLATES = new Set(['2.16.840.1.113883.10.20.22.4.2', '2.16.840.1.113883.10.20.22.4.27']);

function nonBlank(value: string | undefined | null): string | null {
  const trimmed = value?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function templateIds(element: XmlElement): string[] {
  return childrenNamed(element, 'templateId').map((t) => attribute(t, 'root') ?? '');
}

function isResultSection(section: XmlElement): boolean {
  const code = attribute(child(section, 'code'), 'code') ?? '';
  return RESULT_SECTION_CODES.has(code) || templateIds(section).some((t) => RESULT_SECTION_TEMPLATES.has(t));
}

/** `xsi:type="PQ"` (any prefix on the attribute or on the type) → `PQ`. */
function valueType(value: XmlElement): string {
  const type = attribute(value, 'type') ?? '';
  return type.slice(type.lastIndexOf(':') + 1).toUpperCase();
}

/** The narrative elements by their `ID`, which entries point to with `<reference value="#id">`. */
type Narrative = ReadonlyMap<string, XmlElement>;

function narrativeIndex(document: XmlElement): Narrative {
  const byId = new Map<string, XmlElement>();
  for (const element of descendants(document)) {
    const id = element.attributes.ID;
    if (id !== undefined && !byId.has(id)) byId.set(id, element);
  }
  return byId;
}

/**
 * An `originalText` or `text` element as written: its reference resolved against the narrative, else its own text.
 * A reference to a whole table row names the test by the row's first cell (the rest is the narrative's copy of
 * the value, range and flag).
 */
function writtenText(element: XmlElement | undefined, narrative: Narrative): string | null {
  if (!element) return null;
  const target = attribute(child(element, 'reference'), 'value');
  // `#lab1` as the standard writes it; some exports leave the `#` out.
  if (target !== undefined) {
    const referenced = narrative.get(target.replace(/^#/, ''));
    if (referenced) {
      const cell = referenced.name === 'tr' ? referenced.children.find(isElement) : undefined;
      const resolved = nonBlank(textOf(cell ?? referenced));
      if (resolved) return resolved;
    }
  }
  return nonBlank(textOf(element));
}

/** A code's words: its display name, else its original text, else a translation's display name. */
function codedText(code: XmlElement | undefined, narrative: Narrative): string | null {
  if (!code) return null;
  return (
    nonBlank(attribute(code, 'displayName')) ??
    writtenText(child(code, 'originalText'), narrative) ??
    childrenNamed(code, 'translation')
      .map((t) => nonBlank(attribute(t, 'displayName')))
      .find((name) => name !== null) ??
    null
  );
}

/** A test as a person names it: the code's words, else the code itself. */
function codeName(code: XmlElement | undefined, narrative: Narrative): string | null {
  return codedText(code, narrative) ?? nonBlank(attribute(code, 'code'));
}

function unitOf(quantity: XmlElement | undefined): string | null {
  const unit = nonBlank(attribute(quantity, 'unit'));
  // UCUM's unity `1` is how CDA says "no unit" (a count, a ratio, a pH).
  return unit === '1' ? null : unit;
}

/**
 * An interval as reports write it: `low-high`, `<high`, `>low`; a bound marked `inclusive="true"` is `<=` / `>=`
 * (`> OR = 40`). An unbounded side (`nullFlavor="PINF"`) has no value and is left open. HL7 v3 reads a bound without
 * `inclusive` as inclusive, but reports print such a one-sided range `<5.0`, as FHIR reference ranges are written.
 */
function intervalText(interval: XmlElement | undefined): string | null {
  const lowBound = child(interval, 'low');
  const highBound = child(interval, 'high');
  const low = nonBlank(attribute(lowBound, 'value'));
  const high = nonBlank(attribute(highBound, 'value'));
  const stated = (bound: XmlElement | undefined) => attribute(bound, 'inclusive') === 'true';
  return boundsText(low, high, { low: stated(lowBound), high: stated(highBound) });
}

/** The value by its `xsi:type`, and its unit; null for a value that states no result. */
function observedValue(value: XmlElement, narrative: Narrative): { value: string; unit: string | null } | null {
  // `nullFlavor="OTH"` with original text is how C-CDA writes a coded answer outside the value set; otherwise a
  // null flavour says there is no value.
  if (attribute(value, 'nullFlavor') !== undefined && !child(value, 'originalText')) return null;
  const type = valueType(value);
  const plain = (text: string | null) => (text === null ? null : { value: text, unit: null });
  switch (type) {
    case 'PQ': {
      const amount = nonBlank(attribute(value, 'value'));
      return amount === null ? null : { value: amount, unit: unitOf(value) };
    }
    case 'INT':
    case 'REAL':
    case 'BL':
      return plain(nonBlank(attribute(value, 'value')));
    case 'ST':
      return plain(writtenText(value, narrative));
    case 'ED':
      // An encapsulated file (a PDF, an image) in base64 is no value as written.
      return attribute(value, 'representation') === 'B64' ? null : plain(writtenText(value, narrative));
    case 'CD':
    case 'CE':
    case 'CO':
    case 'CV':
    case 'CS':
      return plain(codedText(value, narrative));
    case 'IVL_PQ':
    case 'IVL_INT':
    case 'IVL_REAL': {
      const interval = intervalText(value);
      const unit = unitOf(child(value, 'low')) ?? unitOf(child(value, 'high'));
      return interval === null ? null : { value: interval, unit };
    }
    default: {
      // A titre (`RTO_INT_INT`: 1:40), or an untyped value: its `@value` with any unit, else its text.
      const numerator = nonBlank(attribute(child(value, 'numerator'), 'value'));
      const denominator = nonBlank(attribute(child(value, 'denominator'), 'value'));
      if (numerator !== null && denominator !== null) return plain(`${numerator}:${denominator}`);
      const amount = nonBlank(attribute(value, 'value'));
      if (amount !== null) return { value: amount, unit: unitOf(value) };
      return plain(writtenText(value, narrative));
    }
  }
}

/** The first range's text, else its value's bounds. */
function referenceRange(observation: XmlElement, narrative: Narrative): string | null {
  const range = child(observation, 'referenceRange', 'observationRange');
  if (!range) return null;
  return writtenText(child(range, 'text'), narrative) ?? intervalText(child(range, 'value'));
}

/** `effectiveTime/@value`, else its `low/@value` (a collection period's start). */
function effectiveDate(element: XmlElement | null): string | null {
  const time = child(element ?? undefined, 'effectiveTime');
  return isoDate(attribute(time, 'value')) ?? isoDate(attribute(child(time, 'low'), 'value'));
}

function isRead(observation: XmlElement, hasSections: boolean): boolean {
  if (attribute(observation, 'negationInd')?.toLowerCase() === 'true') return false;
  if (attribute(observation, 'nullFlavor') !== undefined) return false;
  const mood = attribute(observation, 'moodCode');
  if (mood !== undefined && mood !== 'EVN') return false;
  if (hasSections) {
    for (let section = ancestor(observation, 'section'); section; section = ancestor(section, 'section')) {
      if (isResultSection(section)) return true;
    }
    return false;
  }
  return (
    templateIds(observation).some((t) => RESULT_OBSERVATION_TEMPLATES.has(t)) ||
    ancestor(observation, 'organizer') !== null
  );
}

function reading(observation: XmlElement, narrative: Narrative): ExtractedReading | null {
  const value = child(observation, 'value');
  const indicator = codeName(child(observation, 'code'), narrative);
  const found = value ? observedValue(value, narrative) : null;
  if (indicator === null || found === null) return null;
  return {
    indicator,
    value: found.value,
    unit: found.unit,
    referenceRange: referenceRange(observation, narrative),
    flag: nonBlank(attribute(child(observation, 'interpretationCode'), 'code')),
    measuredAt: effectiveDate(observation) ?? effectiveDate(ancestor(observation, 'organizer')),
  };
}

/** Narrative elements that end a line (`tr`, `paragraph`, `item`, `br`...) and the cells that end with a tab. */
const NARRATIVE_LINE_ENDS = new Set(['tr', 'paragraph', 'item', 'caption', 'br', 'list', 'table', 'thead', 'tbody']);
const NARRATIVE_CELLS = new Set(['td', 'th']);
/** Real narratives nest tables in lists a few levels deep; a pathological one is cut off there. */
const MAX_NARRATIVE_DEPTH = 64;

function renderNarrative(node: XmlElement, into: string[], depth: number): void {
  if (depth > MAX_NARRATIVE_DEPTH) return;
  for (const part of node.children) {
    if (typeof part === 'string') into.push(part.replace(/\s+/g, ' '));
    else {
      renderNarrative(part, into, depth + 1);
      if (NARRATIVE_CELLS.has(part.name)) into.push('\t');
      if (NARRATIVE_LINE_ENDS.has(part.name)) into.push('\n');
    }
  }
}

/** A result section's title and narrative as plain lines, table cells separated by tabs. */
function narrativeLines(section: XmlElement): string {
  const parts: string[] = [textOf(child(section, 'title')), '\n'];
  const narrative = child(section, 'text');
  if (narrative) renderNarrative(narrative, parts, 0);
  return (
    parts
      .join('')
      .split('\n')
      // Each cell ends with a tab: trailing empty cells are dropped, a leading empty cell kept (it holds a column).
      .map((line) =>
        line
          .split('\t')
          .map((cell) => cell.trim())
          .join('\t')
          .trimEnd(),
      )
      .filter((line) => line.replace(/\t/g, '') !== '')
      .join('\n')
  );
}

export interface CdaDocument {
  /** The result and vital-sign observations with a value, in document order. */
  readings: ExtractedReading[];
  /**
   * The Results and Vital Signs sections' narratives as lines: for a document whose results are only written there
   * (C-CDA's "entries optional" sections), the line reader's input in place of the XML.
   */
  narrative: string;
}

/** A CDA document's readings and result narrative, or null when the text is no CDA document. */
/** A C-CDA template id (every C-CDA section and entry template is under this OID root). */
const CCDA_TEMPLATE = /<templateId\s+root="2\.16\.840\.1\.113883\.10\.20\.22\./;

export function readCdaDocument(text: string): CdaDocument | null {
  // The root element, the CDA namespace or (a fragment pasted without either: a `<component><section>` copied out
  // of a CCD) a C-CDA template id: a cheap test that keeps other documents off the XML parse.
  if (!text.includes('<ClinicalDocument') && !text.includes('urn:hl7-org:v3') && !CCDA_TEMPLATE.test(text)) return null;
  const document = parseXml(text);
  const narrative = narrativeIndex(document);
  const sections = descendants(document, 'section');
  const readings: ExtractedReading[] = [];
  for (const observation of descendants(document, 'observation')) {
    if (!isRead(observation, sections.length > 0)) continue;
    const found = reading(observation, narrative);
    if (found) readings.push(found);
  }
  const resultNarrative = sections.filter(isResultSection).map(narrativeLines).join('\n');
  return { readings, narrative: resultNarrative };
}

/**
 * The readings of a CDA document's result and vital-sign observations, in document order, or null when the text is
 * no CDA document (one with no results gives []).
 */
export function readCdaObservations(text: string): ExtractedReading[] | null {
  return readCdaDocument(text)?.readings ?? null;
}
