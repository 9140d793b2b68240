/**
 * Device and app exports as XML records read by their shape, whoever wrote them: Apple Health's `export.xml`
 * (`<Record type=… unit=… startDate=… value=…/>`, blood-pressure pairs inside a `<Correlation>`, a workout's
 * `<WorkoutStatistics sum=…>`), and the same idea with other names or with child elements instead of attributes
 * (`<measurement><name>weight</name><value>82</value><unit>kg</unit><time>…</time></measurement>`).
 *
 * A record is an element that names a measurement, holds a number and is dated (by itself or by the element holding
 * it): the date is what keeps a settings file (`<setting name="timeout" value="30"/>`) from reading as results.
 * Names and units are kept as written; which names are measurements is the resolver's business. CDA and FHIR XML
 * have their own readers and never reach here.
 */
import { isoDate } from './device-json';
import type { ExtractedReading } from './types';
import { descendants, isElement, parseXml, type XmlElement } from './xml-tree';

/** Fields naming the measurement, in order of preference. */
const NAME_FIELDS = ['type', 'name', 'displayName', 'code', 'metric', 'measure', 'parameter', 'dataType'];
/** Fields holding its number: a sample's value, a workout statistic's sum or average. */
const VALUE_FIELDS = ['value', 'val', 'qty', 'quantity', 'sum', 'average', 'amount'];
const UNIT_FIELDS = ['unit', 'units', 'uom'];
/** Fields dating it: the sample's start before when the record was written down. */
const DATE_FIELDS = [
  'startDate',
  'calendarDate',
  'day',
  'effectiveTime',
  'dateTime',
  'timestamp',
  'time',
  'date',
  'measuredAt',
  'startTime',
  'start',
  'creationDate',
];

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** A web page's form fields carry names and values too; pages are read as text. */
const HTML = /<(?:html|body|table|div)\b/i;
/** HL7's compact `20260310081500-0500`. */
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(?:[+-]\d{4})?$/;
/** A cheap look before parsing: some element carries a value field as an attribute or as a child. */
const HAS_VALUE_FIELD = new RegExp(`(?:\\s(?:${VALUE_FIELDS.join('|')})\\s*=|<(?:${VALUE_FIELDS.join('|')})>)`);

/** A field as an attribute or as a leaf child's text, by name. */
function field(element: XmlElement, name: string): string | null {
  const attribute = element.attributes[name];
  if (attribute !== undefined) return attribute.trim() === '' ? null : attribute.trim();
  for (const child of element.children) {
    if (!isElement(child) || child.name !== name || child.children.some(isElement)) continue;
    const text = child.children.join('').trim();
    return text === '' ? null : text;
  }
  return null;
}

function firstField(element: XmlElement, names: readonly string[]): string | null {
  for (const name of names) {
    const value = field(element, name);
    if (value !== null) return value;
  }
  return null;
}

function writtenDate(written: string): string | null {
  const compact = COMPACT_DATE.exec(written);
  if (compact) {
    const day = `${compact[1]}-${compact[2]}-${compact[3]}`;
    return compact[4] && compact[5] ? `${day}T${compact[4]}:${compact[5]}:${compact[6] ?? '00'}` : day;
  }
  return isoDate(written);
}

/** The record's date, or its container's (a Correlation dates the pair it holds). */
function recordDate(element: XmlElement): string | null {
  for (let at: XmlElement | null = element; at && at.name !== '#document'; at = at.parent) {
    for (const name of DATE_FIELDS) {
      const written = field(at, name);
      const date = written === null ? null : writtenDate(written);
      if (date !== null) return date;
    }
  }
  return null;
}

function recordReading(element: XmlElement): ExtractedReading | null {
  const value = firstField(element, VALUE_FIELDS);
  if (value === null || !NUMBER.test(value)) return null;
  const indicator = firstField(element, NAME_FIELDS);
  if (indicator === null || NUMBER.test(indicator)) return null;
  const measuredAt = recordDate(element);
  if (measuredAt === null) return null;
  const unit = firstField(element, UNIT_FIELDS);
  return { indicator, value, unit, referenceRange: null, flag: null, measuredAt };
}

/** The readings of an XML export's dated records, in document order, or null when the text is not such XML. */
export function readXmlRecords(text: string): ExtractedReading[] | null {
  if (!text.trimStart().startsWith('<') || HTML.test(text) || !HAS_VALUE_FIELD.test(text)) return null;
  const readings: ExtractedReading[] = [];
  for (const element of descendants(parseXml(text))) {
    const found = recordReading(element);
    if (found) readings.push(found);
  }
  return readings;
}
