/**
 * FHIR R4 JSON pasted or uploaded as text (a portal export, an EHR API answer, a bulk NDJSON export, JSON pasted in
 * an email): each Observation value is one reading. Read as a document rather than by the line reader, because JSON's
 * fields are named by the standard, not laid out as a table. Accepts a single resource, a Bundle of any type, a bare
 * array of resources, NDJSON, and JSON embedded in surrounding prose; malformed JSON yields nothing and never throws.
 */
import { boundsText } from './bounds-text';
import type { ExtractedReading } from './types';

export type Json = string | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** How deep arrays and Bundles are searched for resources. */
const MAX_NESTING = 16;

/** Statuses under which an Observation states no result. */
const NOT_A_RESULT = new Set(['entered-in-error', 'cancelled']);

/** A span that opens like JSON (`{"`, `{}`, `[{`, `[]`), as opposed to a brace or bracket in prose. */
const JSON_OPENING = /^(?:\{\s*["}]|\[\s*[{\]])/;

/** A line of an email reply's quote, and the marks in front of each such line. */
const QUOTED_LINE = /^[ \t]*>/m;
const QUOTE_MARKS = /^[ \t]*(?:>[ \t]?)+/gm;

/** `-12.50e3`: a JSON number token. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The end (exclusive) of the balanced JSON span opening at `start`, with its numbers quoted so that `5.0` keeps its
 * written precision through JSON.parse; `truncated` when the text ends first, `mismatched` for `{ ]`.
 */
function balancedSpan(text: string, start: number): { end: number; quoted: string } | 'truncated' | 'mismatched' {
  const closers: string[] = [];
  let quoted = '';
  let i = start;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text.charAt(j) !== '"') j += text.charAt(j) === '\\' ? 2 : 1;
      if (j >= text.length) return 'truncated';
      quoted += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text);
      if (number) {
        quoted += `"${number[0]}"`;
        i += number[0].length;
        continue;
      }
    }
    quoted += c;
    i++;
    if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') {
      if (closers.pop() !== c) return 'mismatched';
      if (closers.length === 0) return { end: i, quoted };
    }
  }
  return 'truncated';
}

function parsed(json: string): Json | undefined {
  try {
    return JSON.parse(json) as Json;
  } catch {
    return undefined;
  }
}

/**
 * Every JSON value in the text, in order: the whole text, each NDJSON line, or values
 * embedded in prose. A JSON-looking span that is truncated or does not parse ends the search: it is a broken
 * document, and the resources nested inside it are not read on their own.
 */
export function jsonValues(text: string): Json[] {
  return jsonValuesAt(text).map((found) => found.value);
}

/** Each JSON value with where it starts in the text, for what the text writes above it (a request's URL). */
export function jsonValuesAt(text: string): { value: Json; start: number }[] {
  const values: { value: Json; start: number }[] = [];
  const opening = /[{[]/g;
  for (let found = opening.exec(text); found !== null; found = opening.exec(text)) {
    const start = found.index;
    if (!JSON_OPENING.test(text.slice(start, start + 64))) continue;
    const span = balancedSpan(text, start);
    if (typeof span === 'string') break;
    const value = parsed(span.quoted);
    if (value === undefined) break;
    values.push({ value, start });
    opening.lastIndex = span.end;
  }
  return values;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A string or boolean as text (numbers arrive as strings, see `balancedSpan`); blank → null. */
function scalar(value: Json | undefined): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return String(value);
  return null;
}

function child(value: Json | undefined, key: string): Json | undefined {
  return isObject(value) ? value[key] : undefined;
}

/**
 * The resources a parsed value holds, in order: itself, a Bundle's entries (recursively: a batch-response nests
 * Bundles), an array's elements. `byReference` learns each entry's `fullUrl` and `<type>/<id>`.
 */
function collectResources(value: Json, into: JsonObject[], byReference: Map<string, JsonObject>, depth = 0): void {
  // Real documents nest a Bundle or two; a pathological `[[[[…]]]]` must not exhaust the stack.
  if (depth > MAX_NESTING) return;
  if (Array.isArray(value)) {
    for (const item of value) collectResources(item, into, byReference, depth + 1);
    return;
  }
  if (!isObject(value) || typeof value.resourceType !== 'string') return;
  if (value.resourceType !== 'Bundle') {
    into.push(value);
    const id = scalar(value.id);
    if (id) byReference.set(`${value.resourceType}/${id}`, value);
    return;
  }
  for (const entry of objects(value.entry)) {
    const resource = entry.resource;
    if (!isObject(resource)) continue;
    const fullUrl = scalar(entry.fullUrl);
    if (fullUrl) byReference.set(fullUrl, resource);
    collectResources(resource, into, byReference, depth + 1);
  }
}

/** A CodeableConcept as a person names it: its text, else the first coding display, else the first code. */
function conceptName(concept: Json | undefined): string | null {
  const codings = objects(child(concept, 'coding'));
  return (
    scalar(child(concept, 'text')) ??
    codings.map((c) => scalar(c.display)).find((d) => d !== null) ??
    codings.map((c) => scalar(c.code)).find((d) => d !== null) ??
    null
  );
}

/** A FHIR date/dateTime/instant in the form the HL7 reader gives: date, or date and time to the second, no offset. */
function isoDate(value: Json | undefined): string | null {
  const m = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(scalar(value) ?? '');
  if (!m?.[1]) return null;
  return m[2] && m[3] ? `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}` : m[1];
}

function effectiveDate(resource: JsonObject): string | null {
  return (
    isoDate(resource.effectiveDateTime) ??
    isoDate(child(resource.effectivePeriod, 'start')) ??
    isoDate(resource.effectiveInstant) ??
    isoDate(resource.issued)
  );
}

/** A Quantity's value with its comparator in front (`<` + `5`), as written. */
function quantityText(quantity: Json | undefined): string | null {
  const value = scalar(child(quantity, 'value'));
  if (value === null) return null;
  const comparator = scalar(child(quantity, 'comparator')) ?? '';
  return `${comparator}${value}`;
}

function quantityUnit(quantity: Json | undefined): string | null {
  return scalar(child(quantity, 'unit')) ?? scalar(child(quantity, 'code'));
}

/** A Range without one bound is open on that side (a FHIR bound is inclusive). */
function rangeText(range: Json | undefined): string | null {
  const low = scalar(child(child(range, 'low'), 'value'));
  const high = scalar(child(child(range, 'high'), 'value'));
  return boundsText(low, high, { low: true, high: true });
}

/** The value[x] of an Observation or component, by type, and its unit; null for a type that is no result. */
function observedValue(element: JsonObject): { value: string; unit: string | null } | null {
  if (isObject(element.valueQuantity)) {
    const value = quantityText(element.valueQuantity);
    return value === null ? null : { value, unit: quantityUnit(element.valueQuantity) };
  }
  const plain = scalar(element.valueString) ?? scalar(element.valueInteger) ?? scalar(element.valueBoolean);
  if (plain !== null) return { value: plain, unit: null };
  const coded = conceptName(element.valueCodeableConcept);
  if (coded !== null) return { value: coded, unit: null };
  if (isObject(element.valueRatio)) {
    const numerator = quantityText(element.valueRatio.numerator);
    const denominator = quantityText(element.valueRatio.denominator);
    return numerator && denominator ? { value: `${numerator}:${denominator}`, unit: null } : null;
  }
  if (isObject(element.valueRange)) {
    const value = rangeText(element.valueRange);
    const unit = quantityUnit(element.valueRange.low) ?? quantityUnit(element.valueRange.high);
    return value === null ? null : { value, unit };
  }
  return null;
}

/** `referenceRange[0]`: its text, else `low-high`, `<high`, `>low` (as reports write a one-sided range). */
function referenceRange(element: JsonObject): string | null {
  const range = objects(element.referenceRange)[0];
  if (!range) return null;
  const written = scalar(range.text);
  if (written !== null) return written;
  return boundsText(scalar(child(range.low, 'value')), scalar(child(range.high, 'value')));
}

/**
 * `interpretation[0]` (a single CodeableConcept before R4): its first code (`H`, `LL`, `A`), else its text, else the
 * coding's display: the code is what every system agrees on, the words only when no code was sent.
 */
function flag(element: JsonObject): string | null {
  const interpretation = isObject(element.interpretation) ? element.interpretation : objects(element.interpretation)[0];
  if (!interpretation) return null;
  const coding = objects(interpretation.coding)[0];
  return scalar(coding?.code) ?? scalar(interpretation.text) ?? scalar(coding?.display);
}

function reading(element: JsonObject, indicator: string | null, measuredAt: string | null): ExtractedReading | null {
  const found = observedValue(element);
  if (indicator === null || found === null) return null;
  return {
    indicator,
    value: found.value,
    unit: found.unit,
    referenceRange: referenceRange(element),
    flag: flag(element),
    measuredAt,
  };
}

/** Reads Observations once each, following DiagnosticReport results and panel members to where they are. */
class ObservationReader {
  readonly readings: ExtractedReading[] = [];
  private readonly read = new Set<JsonObject>();

  constructor(private readonly byReference: ReadonlyMap<string, JsonObject>) {}

  /** A reference to a resource contained in `owner` (`#id`) or elsewhere in the document (fullUrl, `Type/id`). */
  private resolve(reference: Json | undefined, owner: JsonObject): JsonObject | null {
    const target = scalar(child(reference, 'reference'));
    if (target === null) return null;
    if (target.startsWith('#')) return objects(owner.contained).find((c) => scalar(c.id) === target.slice(1)) ?? null;
    const byUrl = this.byReference.get(target);
    if (byUrl) return byUrl;
    // A relative reference with a base (`https://fhir.example/Observation/1`) or a version (`.../_history/2`).
    const relative = /([A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(target)?.[1];
    return relative ? (this.byReference.get(relative) ?? null) : null;
  }

  resource(resource: JsonObject, fallbackDate: string | null, depth = 0): void {
    // A chain of panels (`hasMember` of `hasMember`…) as deep as the document allows must not exhaust the stack.
    if (this.read.has(resource) || depth > MAX_NESTING) return;
    this.read.add(resource);
    if (resource.resourceType === 'Observation') this.observation(resource, fallbackDate, depth);
    const ownDate = resource.resourceType === 'DiagnosticReport' ? effectiveDate(resource) : null;
    if (resource.resourceType === 'DiagnosticReport') {
      for (const result of objects(resource.result)) {
        const target = this.resolve(result, resource);
        if (target?.resourceType === 'Observation') this.resource(target, ownDate ?? fallbackDate, depth + 1);
      }
    }
    for (const contained of objects(resource.contained)) this.resource(contained, ownDate ?? fallbackDate, depth + 1);
  }

  private observation(observation: JsonObject, fallbackDate: string | null, depth: number): void {
    if (NOT_A_RESULT.has(scalar(observation.status) ?? '')) return;
    const measuredAt = effectiveDate(observation) ?? fallbackDate;
    const own = reading(observation, conceptName(observation.code), measuredAt);
    if (own) this.readings.push(own);
    // Blood pressure and the like: each component is its own reading, named by its own code.
    for (const component of objects(observation.component)) {
      const part = reading(component, conceptName(component.code), measuredAt);
      if (part) this.readings.push(part);
    }
    // A panel's value is its members (`hasMember`; before R4, `related` of type has-member).
    const members = [
      ...objects(observation.hasMember),
      ...objects(observation.related)
        .filter((related) => scalar(related.type) === 'has-member')
        .map((related) => related.target),
    ];
    for (const member of members) {
      const target = this.resolve(member, observation);
      if (target?.resourceType === 'Observation') this.resource(target, measuredAt, depth + 1);
    }
  }
}

/** A DiagnosticReport, or a panel Observation listing its members: it hands its date to what it groups. */
function isGroup(resource: JsonObject): boolean {
  return resource.resourceType === 'DiagnosticReport' || objects(resource.hasMember).length > 0;
}

/**
 * The readings of the FHIR Observations in parsed values (resources, Bundles, arrays), or null when
 * they hold no resource: those of reports and panels first, then the rest, each in document order. The FHIR XML reader
 * gives its documents here in their JSON shape.
 */
export function readingsOfFhirValues(values: readonly Json[]): ExtractedReading[] | null {
  const resources: JsonObject[] = [];
  const byReference = new Map<string, JsonObject>();
  for (const value of values) collectResources(value, resources, byReference);
  if (resources.length === 0) return null;
  const reader = new ObservationReader(byReference);
  // Reports and panels first: an `_include` search lists the Observations before the report whose date they take.
  const groupsFirst = [...resources].sort((a, b) => Number(isGroup(b)) - Number(isGroup(a)));
  for (const resource of groupsFirst) reader.resource(resource, null);
  return reader.readings;
}

/**
 * The readings of the FHIR Observations in `text` (reports' and panels' members first), or null when the text holds
 * no FHIR JSON (a document of Patients only gives []).
 */
export function readFhirObservations(text: string): ExtractedReading[] | null {
  // Every FHIR resource names its type: a cheap test that keeps other documents off the JSON scan.
  if (!text.includes('"resourceType"')) return null;
  const found = readingsOfFhirValues(jsonValues(text));
  // JSON quoted in an email reply (`> {`, `>> "code": ...`) reads once the quote marks are taken off.
  if (found === null && QUOTED_LINE.test(text)) return readingsOfFhirValues(jsonValues(text.replace(QUOTE_MARKS, '')));
  return found;
}
