/**
 * The README's runnable examples: its fenced shell and JavaScript/TypeScript blocks in document order, each with what
 * the comment line just above it asks of the README test:
 *
 *   <!-- readme-test: skip (why it cannot run locally) -->
 *   <!-- readme-test: expect-error (why it is meant to fail) -->
 *
 * Blocks in other languages (`json`, `jsonc`, none) are illustrations and are not returned.
 */

export type ExampleLanguage = 'shell' | 'script';

export interface ReadmeExample {
  /** 1-based line of the opening fence in README.md. */
  line: number;
  /** `shell` for bash/sh blocks, `script` for js/ts blocks (run as an ES module with tsx). */
  language: ExampleLanguage;
  /** The info string as written (`bash`, `ts`, …). */
  info: string;
  code: string;
  mode: 'run' | 'skip' | 'expect-error';
  /** The directive's reason, for `skip` and `expect-error`. */
  reason: string | null;
}

const LANGUAGES: Record<string, ExampleLanguage> = {
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
  js: 'script',
  javascript: 'script',
  mjs: 'script',
  ts: 'script',
  typescript: 'script',
};

const DIRECTIVE = /^<!--\s*readme-test:\s*([a-z-]+)\s*(?:\((.*)\))?\s*-->\s*$/;

/** Reads the runnable examples out of README text; an unknown or reasonless directive throws, naming its line. */
export function readmeExamples(readme: string): ReadmeExample[] {
  const lines = readme.split('\n');
  const examples: ReadmeExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const info = open[1] ?? '';
    if (open[2]?.trim() && LANGUAGES[info]) {
      throw new Error(`README.md:${i + 1}: '${lines[i]}': say what the test does with a readme-test comment above it`);
    }
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    if (end === lines.length) throw new Error(`README.md:${i + 1}: code block never closed`);
    const language = LANGUAGES[info];
    const directive = i > 0 ? DIRECTIVE.exec(lines[i - 1]!) : null;
    if (language) {
      let mode: ReadmeExample['mode'] = 'run';
      if (directive) {
        if (directive[1] !== 'skip' && directive[1] !== 'expect-error') {
          throw new Error(`README.md:${i}: unknown readme-test directive '${directive[1]}'`);
        }
        if (!directive[2]?.trim()) throw new Error(`README.md:${i}: readme-test ${directive[1]} needs a (reason)`);
        mode = directive[1];
      }
      examples.push({
        line: i + 1,
        language,
        info,
        code: lines.slice(i + 1, end).join('\n'),
        mode,
        reason: directive?.[2]?.trim() ?? null,
      });
    } else if (directive) {
      throw new Error(`README.md:${i}: a readme-test directive above a '${info || 'plain'}' block, which never runs`);
    }
    i = end;
  }
  return examples;
}
