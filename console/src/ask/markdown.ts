/**
 * The answers' markdown as a small tree the panel renders with Preact elements, never as HTML: model text cannot
 * inject markup, so no sanitizer is needed. Covers what answers use (CommonMark's common subset): paragraphs, ATX
 * headings, `-`/`*`/`1.` lists, `**bold**`, `*emphasis*`, `` `code` ``, and fenced blocks; a fence labelled
 * `vis-chart` becomes a chart, parsed by the one parser the server uses. Pure: no DOM.
 * @see https://spec.commonmark.org/0.31.2/ — the constructs kept, read loosely
 */
import { parseVisChartBlocks, VIS_CHART_LANG, type VisChartSpec } from '../../../shared/domain/agent/vis-chart';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; level: number; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; lang: string; text: string }
  /**
   * A `vis-chart` fence: `spec` null when its JSON is not a drawable chart (shown as code then); `open` while the
   * stream has not yet sent the closing fence.
   */
  | { kind: 'chart'; spec: VisChartSpec | null; source: string; open: boolean };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const ORDERED = /^ {0,3}\d{1,9}[.)]\s+(.*)$/;

/** The blocks of `markdown`; text still streaming in is fine (an unclosed fence runs to the end). */
export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[][] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
    if (list)
      blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map((i) => parseInline(i.join('\n'))) });
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1] as string;
      const body: string[] = [];
      let closed = false;
      for (i++; i < lines.length; i++) {
        const inner = lines[i] as string;
        if (inner.trim().startsWith(marker[0]!.repeat(marker.length)) && inner.trim().replace(/[`~]/g, '') === '') {
          closed = true;
          break;
        }
        body.push(inner);
      }
      blocks.push(fenced(fence[2] ?? '', body.join('\n'), closed));
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1] as string).length, children: parseInline(heading[2] ?? '') });
      continue;
    }
    const item = BULLET.exec(line) ?? ORDERED.exec(line);
    if (item) {
      const ordered = !BULLET.test(line);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push([item[1] ?? '']);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    // An indented line right after a list item continues that item (lazy continuation).
    if (list && /^\s+\S/.test(line)) {
      list.items[list.items.length - 1]?.push(line.trim());
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

function fenced(lang: string, text: string, closed: boolean): Block {
  if (lang !== VIS_CHART_LANG) return { kind: 'code', lang, text };
  if (!closed) return { kind: 'chart', spec: null, source: text, open: true };
  // One parser for server and browser: the block is handed to it as the server wrote it.
  const [spec] = parseVisChartBlocks(`\`\`\`${VIS_CHART_LANG}\n${text}\n\`\`\``);
  return { kind: 'chart', spec: spec ?? null, source: text, open: false };
}

/** Inline spans: code first (nothing inside it is markup), then `**strong**`, then `*em*`/`_em_`. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /(`+)([\s\S]*?[^`])\1(?!`)|\*\*(?=\S)([\s\S]*?\S)\*\*|(?<![\w*])([*_])(?=\S)([\s\S]*?\S)\4(?![\w*])/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    if (at > last) pushText(out, text.slice(last, at));
    if (m[1] !== undefined) out.push({ kind: 'code', text: (m[2] ?? '').trim() || (m[2] ?? '') });
    else if (m[3] !== undefined) out.push({ kind: 'strong', children: parseInline(m[3]) });
    else out.push({ kind: 'em', children: parseInline(m[5] ?? '') });
    last = at + m[0].length;
  }
  if (last < text.length) pushText(out, text.slice(last));
  return out;
}

function pushText(out: Inline[], text: string): void {
  const prev = out[out.length - 1];
  if (prev?.kind === 'text') prev.text += text;
  else out.push({ kind: 'text', text });
}
