import type { ModelTier } from '../models';
import type { ToolStep } from './tool-step';

/**
 * Every server tool name HDS knows, with what the rest of the service derives from it: the names a client tool may
 * not take, the `builtin_tools` allowlist, `tool_names` in `GET /api/health`, which results are evidence, the lists a
 * result may shorten, and which tiers get a tool. Pure data: the health check and request parsing read it without
 * loading any tool.
 */

/** `data`: the Subject's records; `knowledge`: public medical sources; `harness`: the expert tier's planning tools. */
export type ToolGroup = 'data' | 'knowledge' | 'harness';

/** Where a successful result is surfaced on the Agent API: `health_records`, `citations`, or neither. */
export type EvidenceKind = 'health_record' | 'citation' | 'none';

export type Visibility =
  /** Offered to the model, listed in `tool_names`, allowed in `builtin_tools`. */
  | 'public'
  /** Offered on the tiers it names, never listed, never in `builtin_tools` (the planning harness). */
  | 'internal'
  /** Listed in `tool_names` (spec), never offered on `/v1`. */
  | 'disabled_on_v1'
  /** Not built; the name is kept so a client tool cannot take it. */
  | 'reserved';

export interface ToolSpec {
  name: string;
  group: ToolGroup;
  visibility: Visibility;
  evidence: EvidenceKind;
  /** Top-level lists a too-long result may shorten, most useful element first, in the order they are cut. */
  listKeys: readonly string[];
  /** Tiers the tool is offered on. */
  tiers: readonly ModelTier[];
  /** Writes to the Subject's data (left out when a caller keeps nothing). */
  writes: boolean;
}

const BOTH: readonly ModelTier[] = ['hds-flash', 'hds-expert'];
const EXPERT: readonly ModelTier[] = ['hds-expert'];

function data(name: string, listKeys: readonly string[], writes = false): ToolSpec {
  return { name, group: 'data', visibility: 'public', evidence: 'health_record', listKeys, tiers: BOTH, writes };
}

function knowledge(name: string, listKeys: readonly string[], evidence: EvidenceKind): ToolSpec {
  return { name, group: 'knowledge', visibility: 'public', evidence, listKeys, tiers: BOTH, writes: false };
}

function harness(name: string, visibility: Visibility, listKeys: readonly string[] = []): ToolSpec {
  return { name, group: 'harness', visibility, evidence: 'none', listKeys, tiers: EXPERT, writes: false };
}

/** In the order tools are offered to the model. */
export const TOOL_CATALOGUE: readonly ToolSpec[] = [
  data('query_health_data', ['records']),
  data('summarize_health_data', ['series']),
  data('list_clinical_records', ['files']),
  data('list_family_members', ['members']),
  data('write_fhir_observation', ['written'], true),
  knowledge('search_medical_literature', ['articles'], 'citation'),
  knowledge('get_clinical_trials', ['trials'], 'citation'),
  knowledge('get_article_by_pmcid', ['sections'], 'citation'),
  // A web page the model chose is not literature evidence (gaps.md C names the three sources of citations).
  knowledge('fetch_url', [], 'none'),
  harness('write_todos', 'internal', ['todos']),
  harness('task', 'internal'),
  harness('ls', 'internal', ['files']),
  harness('read_file', 'internal'),
  harness('write_file', 'internal'),
  harness('eval', 'internal', ['logs']),
  harness('ask_user', 'disabled_on_v1'),
  harness('edit_file', 'reserved'),
  harness('glob', 'reserved'),
  harness('grep', 'reserved'),
];

const BY_NAME = new Map(TOOL_CATALOGUE.map((s) => [s.name, s]));

export function toolSpec(name: string): ToolSpec | undefined {
  return BY_NAME.get(name);
}

/** Every name a client tool may not take, whatever its visibility. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set(BY_NAME.keys());

/** Names `builtin_tools: [...]` may hold. */
export const ALLOWLISTABLE_TOOL_NAMES: readonly string[] = TOOL_CATALOGUE.filter((s) => s.visibility === 'public').map(
  (s) => s.name,
);

/** Which knowledge tools a deployment runs (`HDS_KNOWLEDGE_TOOLS`). */
export type KnowledgeSwitch = 'all' | 'none' | readonly string[];

export function isLive(spec: ToolSpec, knowledgeTools: KnowledgeSwitch): boolean {
  if (spec.visibility === 'reserved') return false;
  if (spec.group !== 'knowledge') return true;
  return knowledgeTools === 'all' || (knowledgeTools !== 'none' && knowledgeTools.includes(spec.name));
}

/** `tool_names` of the health check: the public tools this deployment runs, and `ask_user` (spec). */
export function liveToolNames(knowledgeTools: KnowledgeSwitch): string[] {
  return TOOL_CATALOGUE.filter(
    (s) => (s.visibility === 'public' || s.visibility === 'disabled_on_v1') && isLive(s, knowledgeTools),
  ).map((s) => s.name);
}

export interface EvidenceItem {
  tool: string;
  data: Record<string, unknown>;
}

/**
 * The Agent API's evidence: each successful step's JSON result as `{tool, data}`, in step order, into the list its
 * tool's evidence kind names. Remote (MCP) and harness steps are neither; a result may decline with `evidence: false`
 * (an article that is not open access says so, and is not a source).
 */
export function evidenceOf(steps: readonly ToolStep[]): { healthRecords: EvidenceItem[]; citations: EvidenceItem[] } {
  const healthRecords: EvidenceItem[] = [];
  const citations: EvidenceItem[] = [];
  for (const step of steps) {
    const kind = toolSpec(step.name)?.evidence ?? 'none';
    if (kind === 'none') continue;
    let data: unknown;
    try {
      data = JSON.parse(step.result);
    } catch {
      continue;
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
    const result = data as Record<string, unknown>;
    if ('error' in result || result.evidence === false || result.reachable === false) continue;
    (kind === 'citation' ? citations : healthRecords).push({ tool: step.name, data: result });
  }
  return { healthRecords, citations };
}
