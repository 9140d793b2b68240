/**
 * A small, forgiving XML reader for the document readers (C-CDA, FHIR XML): elements, attributes and text, nothing
 * else. Written here rather than on htmlparser2 because the offline extractor runs synchronously inside every
 * function bundle, and htmlparser2 is a lazy package (`infra/bundling.ts`: only `import()`ed, never at cold start).
 *
 * Element and attribute lookups are by local name, so a namespace prefix (`cda:observation`, `v3:value`) changes
 * nothing. Malformed input never throws: an unclosed element ends with the document, a stray closing tag is ignored,
 * a `<` that opens no tag is text, an unterminated comment or CDATA section ends the document.
 */

export interface XmlElement {
  /** Local name, prefix removed: `cda:section` → `section`. */
  readonly name: string;
  /** Attributes as written (`xsi:type`); read them with {@link attribute}. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  readonly parent: XmlElement | null;
}

export type XmlNode = XmlElement | string;

/** `<name attr="v" attr2='w' />`, matched at one position; a `<` this does not match is text. */
const START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/<>"']+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const END_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;
const ATTRIBUTE = /([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

function decoded(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY,
    (whole, named: string | undefined, decimal: string | undefined, hex: string | undefined) => {
      if (named) return NAMED_ENTITIES[named] ?? whole;
      const codePoint = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
      // fromCodePoint throws past U+10FFFF: a garbled reference stays as written.
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    },
  );
}

function newElement(name: string, attributes: Record<string, string>, parent: XmlElement | null): XmlElement {
  return { name, attributes, children: [], parent };
}

/** Where the construct opening at `start` (`<!--`, `<![CDATA[`, `<?`, `<!`) ends, with its text for CDATA. */
function special(text: string, start: number): { end: number; text: string } | null {
  const closing = (opener: string, closer: string) => {
    if (!text.startsWith(opener, start)) return null;
    const at = text.indexOf(closer, start + opener.length);
    return at < 0 ? text.length : at + closer.length;
  };
  const cdataEnd = closing('<![CDATA[', ']]>');
  if (cdataEnd !== null) return { end: cdataEnd, text: text.slice(start + 9, Math.max(start + 9, cdataEnd - 3)) };
  const end = closing('<!--', '-->') ?? closing('<?', '?>') ?? closing('<!', '>');
  return end === null ? null : { end, text: '' };
}

/** The document as a tree under a synthetic `#document` root. Never throws. */
export function parseXml(text: string): XmlElement {
  const root = newElement('#document', {}, null);
  let open = root;
  let position = 0;
  // How many elements of each name are open: a stray closing tag is ignored without walking every open ancestor.
  const openNames = new Map<string, number>();
  const count = (name: string, by: number) => openNames.set(name, (openNames.get(name) ?? 0) + by);
  const addText = (raw: string) => {
    if (raw !== '') open.children.push(decoded(raw));
  };
  while (position < text.length) {
    const lt = text.indexOf('<', position);
    if (lt < 0) {
      addText(text.slice(position));
      break;
    }
    addText(text.slice(position, lt));
    const skipped = special(text, lt);
    if (skipped) {
      if (skipped.text !== '') open.children.push(skipped.text);
      position = skipped.end;
      continue;
    }
    END_TAG.lastIndex = lt;
    const end = END_TAG.exec(text);
    if (end) {
      const name = localName(end[1] ?? '');
      // Close up to the matching open element; a closing tag nothing opened is ignored.
      if ((openNames.get(name) ?? 0) > 0) {
        for (let at: XmlElement | null = open; at && at !== root; at = at.parent) {
          count(at.name, -1);
          if (at.name === name) {
            open = at.parent ?? root;
            break;
          }
        }
      }
      position = END_TAG.lastIndex;
      continue;
    }
    START_TAG.lastIndex = lt;
    const start = START_TAG.exec(text);
    if (!start) {
      addText('<');
      position = lt + 1;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of (start[2] ?? '').matchAll(ATTRIBUTE)) attributes[a[1] ?? ''] = decoded(a[2] ?? a[3] ?? '');
    const element = newElement(localName(start[1] ?? ''), attributes, open);
    open.children.push(element);
    if (start[3] !== '/') {
      open = element;
      count(element.name, 1);
    }
    position = START_TAG.lastIndex;
  }
  return root;
}

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

/** An attribute by its local name (`type` finds `xsi:type`); undefined when absent. */
export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  const exact = element.attributes[name];
  if (exact !== undefined) return exact;
  const key = Object.keys(element.attributes).find((k) => localName(k) === name && k !== `xmlns:${name}`);
  return key === undefined ? undefined : element.attributes[key];
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c): c is XmlElement => isElement(c) && c.name === name) : [];
}

/** The first child along a path of names: `child(observation, 'code', 'originalText')`. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = element;
  for (const name of path) at = childrenNamed(at, name)[0];
  return at;
}

/** Every descendant element (optionally only those named `name`), in document order; iterative, any depth. */
export function descendants(element: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const pending: XmlElement[] = [...element.children.filter(isElement)].reverse();
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    if (name === undefined || at.name === name) found.push(at);
    for (let i = at.children.length - 1; i >= 0; i--) {
      const c = at.children[i];
      if (c !== undefined && isElement(c)) pending.push(c);
    }
  }
  return found;
}

/** The element's text with runs of whitespace collapsed (markup inside, such as `<sup>`, kept as its text). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  const parts: string[] = [];
  const pending: XmlNode[] = [...element.children].reverse();
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    if (!isElement(at)) parts.push(at);
    else for (let i = at.children.length - 1; i >= 0; i--) pending.push(at.children[i] as XmlNode);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The nearest ancestor named `name`, or null. */
export function ancestor(element: XmlElement, name: string): XmlElement | null {
  for (let at = element.parent; at; at = at.parent) if (at.name === name) return at;
  return null;
}
