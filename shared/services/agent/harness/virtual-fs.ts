import { ToolInputError } from '../tools/types';

/**
 * The planning harness's per-turn files (docs/design/knowledge-tools.md §5.3): where big tool results are offloaded and
 * where the model keeps notes. It lives on the turn's `HarnessState` and is gone when the turn ends; a stored response
 * never carries it (DynamoDB's 400 KB item limit), so a continued conversation finds the stubs but not the files.
 */

export interface VirtualFsLimits {
  files: number;
  /** Characters of one file. */
  fileChars: number;
  /** Characters of all files together. */
  totalChars: number;
  /** Characters of numbered lines one `read` returns. */
  readChars: number;
  /** Lines one `read` returns when the model names no `limit`. */
  readLines: number;
}

export const VFS_LIMITS: VirtualFsLimits = {
  files: 64,
  fileChars: 256 * 1024,
  totalChars: 2 * 1024 * 1024,
  readChars: 16_000,
  readLines: 200,
};

/** Said for any path the turn has not written: files do not outlive the turn that wrote them. */
export const MISSING_FILE_HINT = 'files last for the turn that wrote them; call the tool again';

const PATH_CHARS = /^[a-z0-9_./-]+$/;
const MAX_PATH_CHARS = 200;

export interface FileEntry {
  path: string;
  chars: number;
}

export interface ReadResult {
  path: string;
  /** `cat -n` style: the line number right-aligned, a tab, the line. */
  lines: string;
  total_lines: number;
  /** More lines follow the last one shown, or a line was cut to fit. */
  truncated: boolean;
  /** The line to pass as `offset` to read on; only when lines follow. */
  next_offset?: number;
}

/**
 * A path as stored: absolute, `/`-separated, lower-case letters, digits and `_ . / -` only, no `..`. A missing leading
 * slash is added, repeated slashes, `.` segments and a trailing slash are dropped.
 */
export function normalizePath(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') throw new ToolInputError('path is empty');
  if (trimmed.length > MAX_PATH_CHARS) throw new ToolInputError(`path is longer than ${MAX_PATH_CHARS} characters`);
  if (!PATH_CHARS.test(trimmed))
    throw new ToolInputError(
      `path ${JSON.stringify(trimmed)} may hold only lower-case letters, digits and _ . / - (for example /notes/plan.md)`,
    );
  const segments = trimmed.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw new ToolInputError(`path ${JSON.stringify(trimmed)} may not contain ..`);
  return `/${segments.join('/')}`;
}

/** Path → content for one turn, within {@link VFS_LIMITS}. Every refusal is a `ToolInputError` the model can act on. */
export class VirtualFs {
  private readonly files = new Map<string, string>();
  private totalChars = 0;

  constructor(private readonly limits: VirtualFsLimits = VFS_LIMITS) {}

  /** The files at or under `path` (`/` for all), sorted by path. */
  ls(path = '/'): { files: FileEntry[] } {
    const dir = normalizePath(path);
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const files = [...this.files]
      .filter(([p]) => p === dir || p.startsWith(prefix))
      .map(([p, content]) => ({ path: p, chars: content.length }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files };
  }

  /**
   * Lines `offset` (1-based, default 1) onwards, at most `limit` of them and `readChars` characters of numbered lines.
   * A line longer than what is left of that budget is cut (the whole file is still reachable through `eval`).
   */
  read(path: string, offset = 1, limit = this.limits.readLines): ReadResult {
    const normalized = normalizePath(path);
    const content = this.files.get(normalized);
    if (content === undefined) throw new ToolInputError(`${normalized} does not exist: ${MISSING_FILE_HINT}`);
    if (!Number.isInteger(offset) || offset < 0) throw new ToolInputError('offset must be a line number (1 or more)');
    if (!Number.isInteger(limit) || limit < 1) throw new ToolInputError('limit must be a number of lines (1 or more)');
    const all = content === '' ? [] : content.split('\n');
    if (all.length > 0 && all.at(-1) === '') all.pop();
    const first = Math.max(offset, 1);
    if (first > all.length && all.length > 0)
      throw new ToolInputError(`offset ${first} is past the end of ${normalized} (${all.length} lines)`);

    const shown: string[] = [];
    let chars = 0;
    let cut = false;
    let line = first;
    for (; line <= all.length && line < first + limit; line++) {
      const numbered = `${String(line).padStart(4)}\t${all[line - 1]}`;
      const room = this.limits.readChars - chars - (shown.length > 0 ? 1 : 0);
      if (numbered.length <= room) {
        shown.push(numbered);
        chars += numbered.length + (shown.length > 1 ? 1 : 0);
        continue;
      }
      if (shown.length === 0) {
        // A single line longer than a read: its start, and a note where it was cut.
        const note = ` … [line cut at ${this.limits.readChars} characters; use eval to reach the rest]`;
        shown.push(`${numbered.slice(0, Math.max(0, room - note.length))}${note}`);
        cut = true;
        line++;
      }
      break;
    }
    const more = line <= all.length;
    return {
      path: normalized,
      lines: shown.join('\n'),
      total_lines: all.length,
      truncated: more || cut,
      ...(more ? { next_offset: line } : {}),
    };
  }

  /** Creates or replaces a file. */
  write(path: string, content: string): FileEntry {
    const normalized = normalizePath(path);
    if (content.length > this.limits.fileChars)
      throw new ToolInputError(
        `content is ${content.length} characters; a file holds at most ${this.limits.fileChars}. Write a summary, or split it.`,
      );
    const previous = this.files.get(normalized);
    if (previous === undefined && this.files.size >= this.limits.files)
      throw new ToolInputError(`this turn already has ${this.limits.files} files, the most it may hold; overwrite one`);
    const total = this.totalChars - (previous?.length ?? 0) + content.length;
    if (total > this.limits.totalChars)
      throw new ToolInputError(
        `the turn's files would hold ${total} characters; the most is ${this.limits.totalChars}. Overwrite a file with less.`,
      );
    this.files.set(normalized, content);
    this.totalChars = total;
    return { path: normalized, chars: content.length };
  }

  has(path: string): boolean {
    return this.files.has(normalizePath(path));
  }

  /** A copy of every file, path → content (what `eval` sees as `files`). */
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.files);
  }

  /** Files and characters held, against the limits. */
  get usage(): { files: number; chars: number } {
    return { files: this.files.size, chars: this.totalChars };
  }
}
