import type { ComponentChildren } from 'preact';
import { VisChart } from '../charts/vis-chart';
import { type Block, type Inline, parseMarkdown } from './markdown';

/** An answer's markdown as Preact elements (text nodes only, never HTML), with each `vis-chart` block drawn. */
export function AnswerView({ markdown }: { markdown: string }) {
  return <>{parseMarkdown(markdown).map(renderBlock)}</>;
}

function renderBlock(block: Block, i: number): ComponentChildren {
  switch (block.kind) {
    case 'paragraph':
      return <p key={i}>{block.children.map(renderInline)}</p>;
    case 'heading': {
      // Answers sit under the panel's own headings: their levels start below them.
      const Tag = `h${Math.min(6, block.level + 3)}` as 'h4';
      return <Tag key={i}>{block.children.map(renderInline)}</Tag>;
    }
    case 'list': {
      const items = block.items.map((item, j) => <li key={j}>{item.map(renderInline)}</li>);
      return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
    }
    case 'code':
      return <CodeBlock key={i} text={block.text} lang={block.lang} />;
    case 'chart':
      if (block.open) {
        return (
          <p key={i} class="ask-chart-pending">
            Drawing a chart…
          </p>
        );
      }
      if (!block.spec) {
        return (
          <div key={i}>
            <p class="ask-chart-invalid">This chart could not be drawn; its data follows.</p>
            <CodeBlock text={block.source} lang="vis-chart" />
          </div>
        );
      }
      // Keyed by its data so a chart already drawn stays mounted while later text streams in.
      return <VisChart key={`chart:${i}:${block.source}`} spec={block.spec} />;
  }
}

function CodeBlock({ text, lang }: { text: string; lang: string }) {
  // Focusable so a long line can be scrolled with the keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <pre class="ask-code" tabIndex={0}>
      <code data-lang={lang || undefined}>{text}</code>
    </pre>
  );
}

function renderInline(span: Inline, i: number): ComponentChildren {
  switch (span.kind) {
    case 'text':
      return span.text;
    case 'code':
      return <code key={i}>{span.text}</code>;
    case 'strong':
      return <strong key={i}>{span.children.map(renderInline)}</strong>;
    case 'em':
      return <em key={i}>{span.children.map(renderInline)}</em>;
  }
}
