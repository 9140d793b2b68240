/**
 * `vis-chart` blocks: a fenced code block whose info string is `vis-chart` and whose body is one JSON chart spec,
 * the convention of AntV GPT-Vis renderers. Answers carry charts this way so that any markdown client shows the
 * JSON as text and a vis-aware client draws it. Pure: no I/O.
 * @see https://github.com/antvis/GPT-Vis — chart types and data shapes (`time`/`value`/`group`, `category`/`value`)
 */

/** One point of a time series; `time` is an ISO date (`YYYY-MM-DD`). `group` names the series on a multi-line chart. */
export interface VisTimePoint {
  time: string;
  value: number;
  group?: string;
}

/** One category of a bar, column or pie chart. */
export interface VisCategoryValue {
  category: string;
  value: number;
  group?: string;
}

interface VisChartAxes {
  title?: string;
  axisXTitle?: string;
  axisYTitle?: string;
}

export type VisTimeChartSpec = VisChartAxes & { type: 'line' | 'area'; data: VisTimePoint[] };
export type VisCategoryChartSpec = VisChartAxes & { type: 'bar' | 'column'; data: VisCategoryValue[] };
export type VisPieChartSpec = { type: 'pie'; title?: string; data: VisCategoryValue[] };
export type VisChartSpec = VisTimeChartSpec | VisCategoryChartSpec | VisPieChartSpec;
export type VisChartType = VisChartSpec['type'];

/** The info string of the fenced block. */
export const VIS_CHART_LANG = 'vis-chart';

const TIME_TYPES: ReadonlySet<string> = new Set(['line', 'area']);
const CATEGORY_TYPES: ReadonlySet<string> = new Set(['bar', 'column', 'pie']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?$/;

function timePoint(p: VisTimePoint): VisTimePoint {
  return p.group === undefined ? { time: p.time, value: p.value } : { time: p.time, value: p.value, group: p.group };
}

function categoryValue(p: VisCategoryValue): VisCategoryValue {
  return p.group === undefined
    ? { category: p.category, value: p.value }
    : { category: p.category, value: p.value, group: p.group };
}

function axesOf(s: VisChartAxes): VisChartAxes {
  return {
    ...(s.title !== undefined ? { title: s.title } : {}),
    ...(s.axisXTitle !== undefined ? { axisXTitle: s.axisXTitle } : {}),
    ...(s.axisYTitle !== undefined ? { axisYTitle: s.axisYTitle } : {}),
  };
}

/**
 * The spec with points that cannot be drawn removed (non-finite values, bad dates, empty categories) and keys in a
 * fixed order, so the same spec always serialises to the same text.
 */
export function normalizeVisChartSpec(spec: VisChartSpec): VisChartSpec {
  if (spec.type === 'line' || spec.type === 'area') {
    const data = spec.data.filter((p) => Number.isFinite(p.value) && ISO_DATE.test(p.time)).map(timePoint);
    return { type: spec.type, ...axesOf(spec), data };
  }
  // The negative branch of a two-literal discriminant does not narrow: say it.
  const categorical = spec as VisCategoryChartSpec | VisPieChartSpec;
  const data = categorical.data.filter((p) => Number.isFinite(p.value) && p.category !== '').map(categoryValue);
  if (categorical.type === 'pie') {
    return { type: 'pie', ...(categorical.title !== undefined ? { title: categorical.title } : {}), data };
  }
  return { type: categorical.type, ...axesOf(categorical), data };
}

/** A fenced `vis-chart` block (leading and trailing newline excluded) holding the spec as one line of JSON. */
export function visChartBlock(spec: VisChartSpec): string {
  return `\`\`\`${VIS_CHART_LANG}\n${JSON.stringify(normalizeVisChartSpec(spec))}\n\`\`\``;
}

/** True when `value` is a drawable spec: a known type and a non-empty data array of the shape that type needs. */
export function isVisChartSpec(value: unknown): value is VisChartSpec {
  if (typeof value !== 'object' || value === null) return false;
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !Array.isArray(data) || data.length === 0) return false;
  const groupOk = (p: Record<string, unknown>) => p.group === undefined || typeof p.group === 'string';
  if (TIME_TYPES.has(type)) {
    return data.every(
      (p: Record<string, unknown>) =>
        typeof p === 'object' &&
        p !== null &&
        typeof p.time === 'string' &&
        ISO_DATE.test(p.time) &&
        typeof p.value === 'number' &&
        Number.isFinite(p.value) &&
        groupOk(p),
    );
  }
  if (CATEGORY_TYPES.has(type)) {
    return data.every(
      (p: Record<string, unknown>) =>
        typeof p === 'object' &&
        p !== null &&
        typeof p.category === 'string' &&
        typeof p.value === 'number' &&
        Number.isFinite(p.value) &&
        groupOk(p),
    );
  }
  return false;
}

/** Every `vis-chart` block of a markdown text, parsed; a block that is not valid JSON is returned as `null`. */
export function parseVisChartBlocks(markdown: string): (VisChartSpec | null)[] {
  const blocks: (VisChartSpec | null)[] = [];
  const fence = new RegExp(`^\`\`\`${VIS_CHART_LANG}[ \\t]*\\n([\\s\\S]*?)\\n\`\`\`[ \\t]*$`, 'gm');
  for (const match of markdown.matchAll(fence)) {
    try {
      const parsed: unknown = JSON.parse(match[1] as string);
      blocks.push(isVisChartSpec(parsed) ? parsed : null);
    } catch {
      blocks.push(null);
    }
  }
  return blocks;
}
