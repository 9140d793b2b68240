import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ManifestEntry } from '../functions/routes';

/**
 * The nested stack a manifest entry's function lives in. CloudFormation holds at most 500 resources per stack, and each
 * route costs about seven (function, role, policy, log group, permission, method, resource), so the functions with
 * their roles, policies, log groups, event sources and schedules are split by path prefix into nested stacks, while the
 * APIs (resources, methods, invoke permissions, deployment, stage, domains) stay in the parent stack.
 *
 * The group is read off the entry alone (its path, or its kind), never off its position in the manifest: a new route
 * lands in its prefix's group and no existing function moves to another stack (which would replace it). The first
 * prefix matching whole path segments wins; an HTTP route under no prefix below goes to `Api`.
 */
export const FUNCTION_GROUPS = ['Api', 'Answers', 'Files', 'Identity', 'Console', 'Workers'] as const;
export type FunctionGroup = (typeof FUNCTION_GROUPS)[number];

const PATH_GROUPS: readonly (readonly [prefix: string, group: FunctionGroup])[] = [
  // The OpenAI-compatible answering routes: the largest bundles, streamed.
  ['/v1/chat', 'Answers'],
  ['/v1/responses', 'Answers'],
  // Files over HTTP and the WebSocket upload path (/v1/files/stream).
  ['/v1/files', 'Files'],
  // Sign-in by email, OAuth and the account's own settings.
  ['/email', 'Identity'],
  ['/oauth', 'Identity'],
  ['/oauth2', 'Identity'],
  ['/.well-known', 'Identity'],
  ['/user', 'Identity'],
  // The console page and the routes behind it.
  ['/api/console', 'Console'],
  ['/console', 'Console'],
];

/** What each group's nested stack says it holds. */
const DESCRIPTIONS: Record<FunctionGroup, string> = {
  Api: 'HDS functions of the other /v1 and /api routes (data, subjects, family, standardization, probes), /mcp and /api/v1',
  Answers: 'HDS functions of the answering routes (/v1/chat/completions, /v1/responses)',
  Files: 'HDS functions of the file routes (/v1/files, its uploads and its WebSocket stream)',
  Identity: 'HDS functions of sign-in, OAuth and account settings (/email, /oauth, /oauth2, /.well-known, /user)',
  Console: 'HDS functions of the console page and its API (/console, /api/console)',
  Workers: 'HDS queue consumers and scheduled jobs',
};

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The group of an entry: by path for HTTP and WebSocket routes, `Workers` for queue consumers and schedules. */
export function functionGroup(entry: ManifestEntry): FunctionGroup {
  if (entry.kind === 'queue' || entry.kind === 'schedule') return 'Workers';
  return PATH_GROUPS.find(([prefix]) => underPrefix(entry.path, prefix))?.[1] ?? 'Api';
}

/**
 * One group's functions. Bundled whenever its parent is: the CLI's `--exclusively Hds-Stateless` names the parent's
 * path only, which the nested stack's own path (`Hds-Stateless/ApiFunctions`) would not match.
 */
export class FunctionGroupStack extends NestedStack {
  constructor(
    scope: Construct,
    readonly group: FunctionGroup,
    props: NestedStackProps = {},
  ) {
    super(scope, `${group}Functions`, { description: DESCRIPTIONS[group], ...props });
  }

  override get bundlingRequired(): boolean {
    return this.nestedStackParent?.bundlingRequired ?? super.bundlingRequired;
  }
}
