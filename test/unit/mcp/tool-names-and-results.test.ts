import { describe, expect, it } from 'vitest';
import { modelToolName } from '../../../shared/services/agent/mcp/tool-names';
import { toolResultText } from '../../../shared/services/agent/mcp/tool-result';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe('modelToolName', () => {
  it('is mcp__{label}__{tool} when that is a valid function name', () => {
    expect(modelToolName('labs', 'get_results', new Set())).toBe('mcp__labs__get_results');
  });

  it('sanitizes other characters and long names deterministically, ending with a digest', () => {
    const a = modelToolName('labs', 'lab.results/latest', new Set());
    expect(a).toMatch(/^mcp__labs__lab_results_latest_[0-9a-f]{8}$/);
    expect(modelToolName('labs', 'lab.results/latest', new Set())).toBe(a);
    const long = modelToolName('a'.repeat(64), 'tool', new Set())!;
    expect(long).toMatch(VALID);
    expect(long).not.toBe(modelToolName('a'.repeat(64), 'tool2', new Set()));
  });

  it('gives a clashing name the digested form', () => {
    // label "a__b" + tool "c" and label "a" + tool "b__c" spell the same natural name.
    const first = modelToolName('a__b', 'c', new Set())!;
    const second = modelToolName('a', 'b__c', new Set([first]))!;
    expect(first).toBe('mcp__a__b__c');
    expect(second).toMatch(/^mcp__a__b__c_[0-9a-f]{8}$/);
  });
});

describe('toolResultText', () => {
  it('joins text parts and names the others', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'LDL 131 mg/dL' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'note text' } },
          { type: 'resource', resource: { uri: 'file:///b.pdf', blob: 'AAAA' } },
          { type: 'resource_link', name: 'report', uri: 'https://x.example/r' },
        ],
      }),
    ).toBe(
      'LDL 131 mg/dL\n\n[image omitted]\n\n[audio omitted]\n\nnote text\n\n[resource file:///b.pdf omitted]\n\n[resource link: report https://x.example/r]',
    );
  });

  it('uses the structured content as JSON when no part is text', () => {
    expect(toolResultText({ content: [], structuredContent: { ldl: 131 } })).toBe('{"ldl":131}');
    expect(toolResultText({ content: [{ type: 'text', text: 'x' }], structuredContent: { ldl: 131 } })).toBe('x');
    expect(toolResultText({ toolResult: { ok: true } })).toBe('{"ok":true}');
    expect(toolResultText({ content: [] })).toBe('(the tool returned no content)');
  });

  it('bounds the text, saying how much was dropped', () => {
    const text = toolResultText({ content: [{ type: 'text', text: 'x'.repeat(20_000) }] });
    expect(text.length).toBeLessThanOrEqual(16_000);
    expect(text).toMatch(/\[truncated: \d+ more characters\]$/);
    const small = toolResultText({ content: [{ type: 'text', text: `${'a'.repeat(46)}😀${'b'.repeat(54)}` }] }, 80);
    expect(small.length).toBeLessThanOrEqual(80);
    expect(small.startsWith(`${'a'.repeat(46)}\n`)).toBe(true);
    expect(small).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
