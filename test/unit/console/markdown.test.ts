import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../../../console/src/ask/markdown';
import { visChartBlock } from '../../../shared/domain/agent/vis-chart';

const text = (t: string) => ({ kind: 'text', text: t });

describe('parseMarkdown', () => {
  it('paragraphs, headings and both kinds of list', () => {
    const md =
      '# Your LDL\n\nIt fell from **162** to\n131 mg/dL.\n\n- Jan: 162\n- Oct: `131`\n\n1. Keep going\n2) Recheck';
    expect(parseMarkdown(md)).toEqual([
      { kind: 'heading', level: 1, children: [text('Your LDL')] },
      {
        kind: 'paragraph',
        children: [text('It fell from '), { kind: 'strong', children: [text('162')] }, text(' to\n131 mg/dL.')],
      },
      { kind: 'list', ordered: false, items: [[text('Jan: 162')], [text('Oct: '), { kind: 'code', text: '131' }]] },
      { kind: 'list', ordered: true, items: [[text('Keep going')], [text('Recheck')]] },
    ]);
  });

  it('a list right after a paragraph line, and indented continuation lines', () => {
    expect(parseMarkdown('Results:\n- HbA1c 6.4%\n  above range\n* TSH 2.1')).toEqual([
      { kind: 'paragraph', children: [text('Results:')] },
      { kind: 'list', ordered: false, items: [[text('HbA1c 6.4%\nabove range')], [text('TSH 2.1')]] },
    ]);
  });

  it('fenced code keeps its text verbatim, markup included', () => {
    expect(parseMarkdown('```json\n{"a": "**not bold**"}\n<b>x</b>\n```\nafter')).toEqual([
      { kind: 'code', lang: 'json', text: '{"a": "**not bold**"}\n<b>x</b>' },
      { kind: 'paragraph', children: [text('after')] },
    ]);
  });

  it('a vis-chart fence becomes a chart, parsed by the server’s parser; bad JSON keeps its source', () => {
    const spec = { type: 'line' as const, title: 'LDL', data: [{ time: '2026-01-15', value: 162 }] };
    const blocks = parseMarkdown(`Trend:\n\n${visChartBlock(spec)}\n\nDone.`);
    expect(blocks[1]).toEqual({ kind: 'chart', spec, source: JSON.stringify(spec), open: false });
    expect(blocks[2]).toEqual({ kind: 'paragraph', children: [text('Done.')] });
    expect(parseMarkdown('```vis-chart\n{"type":"line",\n```')).toEqual([
      { kind: 'chart', spec: null, source: '{"type":"line",', open: false },
    ]);
    expect(parseMarkdown('```vis-chart\n{"type":"donut","data":[{"category":"a","value":1}]}\n```')[0]).toMatchObject({
      kind: 'chart',
      spec: null,
    });
  });

  it('an unclosed fence (still streaming) is an open chart, or code running to the end', () => {
    expect(parseMarkdown('Here:\n```vis-chart\n{"type":"pie","da')).toEqual([
      { kind: 'paragraph', children: [text('Here:')] },
      { kind: 'chart', spec: null, source: '{"type":"pie","da', open: true },
    ]);
    expect(parseMarkdown('```\nrunning')).toEqual([{ kind: 'code', lang: '', text: 'running' }]);
  });
});

describe('parseInline', () => {
  it('bold, emphasis, code; markup inside code is text', () => {
    expect(parseInline('a **b *c* d** `**d**` _e_ 5 * 3 * 2')).toEqual([
      text('a '),
      { kind: 'strong', children: [text('b '), { kind: 'em', children: [text('c')] }, text(' d')] },
      text(' '),
      { kind: 'code', text: '**d**' },
      text(' '),
      { kind: 'em', children: [text('e')] },
      text(' 5 * 3 * 2'),
    ]);
  });

  it('leaves HTML as text: nothing here is ever parsed as markup', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([text('<img src=x onerror=alert(1)>')]);
  });
});
