import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * The little XML reading the knowledge tools need (PubMed efetch `PubmedArticleSet`, Europe PMC JATS), on
 * htmlparser2 in `xmlMode` (case kept, entities decoded, no HTML rules). Element lookups are by local name, so a
 * namespace prefix (`mml:math`) never hides an element we do not read anyway.
 */
export type XmlElement = Element;

/** The document's top-level elements; malformed input yields what parsed (htmlparser2 is forgiving). */
export function parseXml(text: string): XmlElement[] {
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true });
  return DomUtils.getChildren(doc).filter(DomUtils.isTag);
}

/** Direct children named `name`. */
export function childrenNamed(el: XmlElement | XmlElement[], name: string): XmlElement[] {
  const parents = Array.isArray(el) ? el : [el];
  return parents.flatMap((p) =>
    DomUtils.getChildren(p).filter((c): c is XmlElement => DomUtils.isTag(c) && c.name === name),
  );
}

/** The first direct child named `name`, following a path: `child(article, 'Journal', 'Title')`. */
export function child(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = el;
  for (const name of path) {
    if (!at) return undefined;
    at = childrenNamed(at, name)[0];
  }
  return at;
}

/** Every descendant named `name`, in document order. */
export function descendantsNamed(el: XmlElement | XmlElement[], name: string): XmlElement[] {
  return DomUtils.getElementsByTagName(name, el, true);
}

/** Text content with runs of whitespace collapsed (inline markup such as `<i>` or `<sup>` is kept as its text). */
export function textOf(el: XmlElement | undefined): string {
  return el ? DomUtils.textContent(el).replace(/\s+/g, ' ').trim() : '';
}

export function attr(el: XmlElement | undefined, name: string): string | undefined {
  return el?.attribs[name];
}

export function isElement(node: unknown): node is XmlElement {
  return DomUtils.isTag(node as Element);
}
