import type { Element } from 'domhandler';

type Htmlparser2 = typeof import('htmlparser2');
/** Loaded by the first {@link parseXml}: htmlparser2 is a lazy package, off the answering functions' cold start. */
let htmlparser2: Htmlparser2 | undefined;
const domUtils = (): Htmlparser2['DomUtils'] => {
  if (!htmlparser2) throw new Error('parseXml must run before the XML is read');
  return htmlparser2.DomUtils;
};

/**
 * The little XML reading the knowledge tools need (PubMed efetch `PubmedArticleSet`, Europe PMC JATS), on
 * htmlparser2 in `xmlMode` (case kept, entities decoded, no HTML rules). Element lookups are by local name, so a
 * namespace prefix (`mml:math`) never hides an element we do not read anyway.
 */
export type XmlElement = Element;

/** The document's top-level elements; malformed input yields what parsed (htmlparser2 is forgiving). */
export async function parseXml(text: string): Promise<XmlElement[]> {
  htmlparser2 ??= await import('htmlparser2');
  const doc = htmlparser2.parseDocument(text, { xmlMode: true, decodeEntities: true });
  return htmlparser2.DomUtils.getChildren(doc).filter(htmlparser2.DomUtils.isTag);
}

/** Direct children named `name`. */
export function childrenNamed(el: XmlElement | XmlElement[], name: string): XmlElement[] {
  const parents = Array.isArray(el) ? el : [el];
  return parents.flatMap((p) =>
    domUtils()
      .getChildren(p)
      .filter((c): c is XmlElement => domUtils().isTag(c) && c.name === name),
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
  return domUtils().getElementsByTagName(name, el, true);
}

/** Text content with runs of whitespace collapsed (inline markup such as `<i>` or `<sup>` is kept as its text). */
export function textOf(el: XmlElement | undefined): string {
  return el ? domUtils().textContent(el).replace(/\s+/g, ' ').trim() : '';
}

export function attr(el: XmlElement | undefined, name: string): string | undefined {
  return el?.attribs[name];
}

export function isElement(node: unknown): node is XmlElement {
  return domUtils().isTag(node as Element);
}
