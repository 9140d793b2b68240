import { describe, expect, it } from 'vitest';
import {
  MISSING_FILE_HINT,
  normalizePath,
  VFS_LIMITS,
  VirtualFs,
} from '../../../shared/services/agent/harness/virtual-fs';
import { ToolInputError } from '../../../shared/services/agent/tools/types';

function numbered(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).join('\n');
}

describe('normalizePath', () => {
  it('makes paths absolute and drops repeated slashes, . segments and a trailing slash', () => {
    expect(normalizePath('notes/plan.md')).toBe('/notes/plan.md');
    expect(normalizePath('//notes///./plan.md')).toBe('/notes/plan.md');
    expect(normalizePath('/tool_results/')).toBe('/tool_results');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath(' /a-b_c.1/x.json ')).toBe('/a-b_c.1/x.json');
  });

  it.each([
    ['/../etc/passwd', /may not contain \.\./],
    ['/notes/../../x', /may not contain \.\./],
    ['/Notes.md', /lower-case letters/],
    ['/a b', /lower-case letters/],
    ['/a\\b', /lower-case letters/],
    ['/é', /lower-case letters/],
    ['', /empty/],
    [`/${'a'.repeat(200)}`, /longer than 200/],
  ])('refuses %j', (path, message) => {
    expect(() => normalizePath(path)).toThrow(ToolInputError);
    expect(() => normalizePath(path)).toThrow(message);
  });
});

describe('VirtualFs', () => {
  it('writes, lists and overwrites files', () => {
    const fs = new VirtualFs();
    expect(fs.write('notes/plan.md', 'one\ntwo')).toEqual({ path: '/notes/plan.md', chars: 7 });
    fs.write('/tool_results/call_1.json', '{}');
    fs.write('/tool_results/call_2.json', '[1,2]');
    expect(fs.ls()).toEqual({
      files: [
        { path: '/notes/plan.md', chars: 7 },
        { path: '/tool_results/call_1.json', chars: 2 },
        { path: '/tool_results/call_2.json', chars: 5 },
      ],
    });
    expect(fs.ls('/tool_results').files.map((f) => f.path)).toEqual([
      '/tool_results/call_1.json',
      '/tool_results/call_2.json',
    ]);
    // A prefix of a name is not its directory.
    expect(fs.ls('/tool').files).toEqual([]);
    expect(fs.ls('/notes/plan.md').files).toEqual([{ path: '/notes/plan.md', chars: 7 }]);
    fs.write('/notes/plan.md', 'x');
    expect(fs.usage).toEqual({ files: 3, chars: 1 + 2 + 5 });
    expect(fs.snapshot()).toEqual({
      '/notes/plan.md': 'x',
      '/tool_results/call_1.json': '{}',
      '/tool_results/call_2.json': '[1,2]',
    });
  });

  it('reads numbered lines, paging with offset and limit', () => {
    const fs = new VirtualFs();
    fs.write('/data.txt', `${numbered(1, 450)}\n`);
    const first = fs.read('/data.txt');
    expect(first).toMatchObject({ path: '/data.txt', total_lines: 450, truncated: true, next_offset: 201 });
    const lines = first.lines.split('\n');
    expect(lines).toHaveLength(200);
    expect(lines[0]).toBe('   1\tline 1');
    expect(lines[199]).toBe(' 200\tline 200');
    const last = fs.read('/data.txt', 401, 100);
    expect(last).toMatchObject({ total_lines: 450, truncated: false });
    expect(last.next_offset).toBeUndefined();
    expect(last.lines.split('\n')[0]).toBe(' 401\tline 401');
    expect(last.lines.split('\n')).toHaveLength(50);
    expect(fs.read('/data.txt', 12, 1).lines).toBe('  12\tline 12');
    expect(fs.read('/data.txt', 0, 1).lines).toBe('   1\tline 1');
  });

  it('caps a read at 16,000 characters, cutting a line longer than that', () => {
    const fs = new VirtualFs();
    fs.write('/wide.txt', Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(500, 'x')).join('\n'));
    const read = fs.read('/wide.txt', 1, 100);
    expect(read.lines.length).toBeLessThanOrEqual(VFS_LIMITS.readChars);
    expect(read.truncated).toBe(true);
    expect(read.lines.split('\n').length).toBe(read.next_offset! - 1);
    expect(read.lines.length).toBeGreaterThan(VFS_LIMITS.readChars - 510);

    fs.write('/one-line.json', JSON.stringify({ text: 'y'.repeat(40_000) }));
    const cut = fs.read('/one-line.json');
    expect(cut.lines.length).toBeLessThanOrEqual(VFS_LIMITS.readChars);
    expect(cut.lines).toMatch(/\[line cut at 16000 characters; use eval to reach the rest\]$/);
    expect(cut).toMatchObject({ total_lines: 1, truncated: true });
  });

  it('says files last for the turn that wrote them when a path is missing', () => {
    const fs = new VirtualFs();
    expect(() => fs.read('/tool_results/call_9.json')).toThrow(ToolInputError);
    expect(() => fs.read('/tool_results/call_9.json')).toThrow(
      `/tool_results/call_9.json does not exist: ${MISSING_FILE_HINT}`,
    );
    expect(MISSING_FILE_HINT).toBe('files last for the turn that wrote them; call the tool again');
  });

  it('refuses a bad offset or limit, and an offset past the end', () => {
    const fs = new VirtualFs();
    fs.write('/a', 'one\ntwo');
    expect(() => fs.read('/a', 3)).toThrow(/offset 3 is past the end of \/a \(2 lines\)/);
    expect(() => fs.read('/a', 1.5)).toThrow(ToolInputError);
    expect(() => fs.read('/a', 1, 0)).toThrow(ToolInputError);
    fs.write('/empty', '');
    expect(fs.read('/empty')).toEqual({ path: '/empty', lines: '', total_lines: 0, truncated: false });
  });

  it('holds at most 64 files, 256 KB each and 2 MB in all', () => {
    const fs = new VirtualFs();
    expect(() => fs.write('/big', 'x'.repeat(VFS_LIMITS.fileChars + 1))).toThrow(/a file holds at most 262144/);
    for (let i = 0; i < 8; i++) fs.write(`/part-${i}`, 'x'.repeat(VFS_LIMITS.fileChars));
    expect(fs.usage.chars).toBe(VFS_LIMITS.totalChars);
    expect(() => fs.write('/one-more', 'x')).toThrow(/the most is 2097152/);
    // Replacing a file with less makes room.
    fs.write('/part-0', 'small');
    fs.write('/one-more', 'x');

    const many = new VirtualFs();
    for (let i = 0; i < VFS_LIMITS.files; i++) many.write(`/f${i}`, `${i}`);
    expect(() => many.write('/f64', 'x')).toThrow(/already has 64 files/);
    many.write('/f0', 'overwritten');
    expect(many.usage.files).toBe(64);
  });
});
