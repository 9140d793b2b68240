/**
 * FHIR XML (`<Bundle xmlns="http://hl7.org/fhir">`, a lone `<Observation>`): the same resources as FHIR JSON in
 * another syntax, so each document is turned into its JSON shape and read by the FHIR JSON reader, rule for rule.
 *
 * The XML rules that matter: a primitive is an element with a `value` attribute (`<value value="5.0"/>`, kept as
 * written, as the JSON reader keeps numbers); a resource is an element named by its type inside `<resource>` or
 * `<contained>` (or the document root); an element that may repeat is a JSON array even when it appears once. The
 * narrative (`<text><div>`) is not read.
 */
import { type Json, type JsonObject, readingsOfFhirValues } from './fhir-json';
import type { ExtractedReading } from './types';
import { attribute, isElement, parseXml, type XmlElement } from './xml-tree';

/** The FHIR namespace declared on the root (default or prefixed). */
const FHIR_NAMESPACE = /xmlns(?::\w+)?\s*=\s*["']http:\/\/hl7\.org\/fhir["']/;

/** Elements the Observation reader reads as arrays (FHIR cardinality 0..*). */
const REPEATING = new Set([
  'entry',
  'coding',
  'referenceRange',
  'interpretation',
  'component',
  'hasMember',
  'related',
  'result',
  'contained',
  'category',
  'identifier',
  'performer',
  'note',
  'extension',
]);

/** Resource types start upper-case (`Observation`), element names lower-case (`valueQuantity`). */
function isResourceName(name: string): boolean {
  return /^[A-Z]/.test(name);
}

function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter(isElement);
}

/**
 * An element as JSON: a primitive's `value`, a wrapper (`resource`, `contained`) as the resource it holds, else an
 * object of its children. Depth-bounded: a FHIR resource nests a few levels, a pathological document must not exhaust
 * the stack.
 */
function asJson(element: XmlElement, depth: number): Json {
  if (depth > 32) return null;
  const value = attribute(element, 'value');
  const children = elementChildren(element);
  if (value !== undefined) return value;
  const only = children.length === 1 ? children[0] : undefined;
  if (only && isResourceName(only.name)) return resource(only, depth + 1);
  return fields(children, depth + 1);
}

function fields(children: XmlElement[], depth: number): JsonObject {
  const object: JsonObject = {};
  for (const element of children) {
    if (element.name === 'div') continue;
    const json = asJson(element, depth);
    if (REPEATING.has(element.name)) {
      const list = object[element.name];
      object[element.name] = Array.isArray(list) ? [...list, json] : [json];
    } else if (!(element.name in object)) {
      object[element.name] = json;
    }
  }
  return object;
}

function resource(element: XmlElement, depth: number): JsonObject {
  const object = fields(elementChildren(element), depth + 1);
  object.resourceType = element.name;
  return object;
}

/**
 * The readings of the FHIR Observations in an XML document, in document order, or null when the text is no FHIR XML
 * (one without Observations gives []).
 */
export function readFhirXmlObservations(text: string): ExtractedReading[] | null {
  if (!FHIR_NAMESPACE.test(text)) return null;
  const roots = elementChildren(parseXml(text)).filter((element) => isResourceName(element.name));
  return readingsOfFhirValues(roots.map((root) => resource(root, 0)));
}
