import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { type HttpRoute, httpRoutes, type ManifestEntry, manifest } from '../../functions/routes';
import { FUNCTION_GROUPS, functionGroup } from '../../infra/function-groups';
import { addHdsStacks } from '../../infra/hds-stacks';
import { StatefulStack } from '../../infra/stateful-stack';
import { StatelessStack } from '../../infra/stateless-stack';
import { stackTree } from '../support/nested-templates';

/**
 * CloudFormation refuses a template of more than 500 resources, 200 parameters or 200 outputs, at deploy time. Every
 * stack HDS deploys, the parent stacks and each nested stack of functions, is held below those limits with room to
 * spare, with the manifest as it is and with 20 more routes. Bundling is skipped: only the templates are counted.
 */

const UNBUNDLED = { 'aws:cdk:bundling-stacks': [] };
/** The custom domain adds its resources to the parent: counted with it, the larger shape. */
const DOMAIN = {
  'hds:domainName': 'api.example.org',
  'hds:certificateArn': 'arn:aws:acm:eu-west-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666',
};
const REGION = 'eu-west-1';

/** 50 below CloudFormation's 500: a few routes' worth of room for whatever a change adds before this test runs. */
const RESOURCE_BUDGET = 450;
const MAX_PARAMETERS = 200;
const MAX_OUTPUTS = 200;

interface Size {
  stack: string;
  resources: number;
  parameters: number;
  outputs: number;
}

function sizesOf(stacks: Stack[]): Size[] {
  return stacks.flatMap(stackTree).map((stack) => {
    const template = Template.fromStack(stack).toJSON() as Record<string, object | undefined>;
    return {
      stack: stack.node.path,
      resources: Object.keys(template.Resources ?? {}).length,
      parameters: Object.keys(template.Parameters ?? {}).length,
      outputs: Object.keys(template.Outputs ?? {}).length,
    };
  });
}

function expectWithinLimits(sizes: Size[]): void {
  const table = sizes.map((s) => `${s.stack}: ${s.resources} resources`).join('; ');
  for (const size of sizes) {
    expect(size.resources, `${size.stack} (${table})`).toBeLessThanOrEqual(RESOURCE_BUDGET);
    expect(size.parameters, `${size.stack}: parameters`).toBeLessThanOrEqual(MAX_PARAMETERS);
    expect(size.outputs, `${size.stack}: outputs`).toBeLessThanOrEqual(MAX_OUTPUTS);
  }
}

/** Where each entry's function is: its stack's path and its logical id there. */
function placements(stateless: StatelessStack): Map<string, string> {
  return new Map(
    [...stateless.functions].map(([id, fn]) => {
      const stack = Stack.of(fn);
      return [id, `${stack.node.path}/${stack.getLogicalId(fn.node.defaultChild as CfnElement)}`];
    }),
  );
}

/**
 * `count` more HTTP routes shaped like a new REST surface (`/api/v1/probe-0`, `/api/v1/probe-0/{probe_id}`, …), copies
 * of existing entries with their needs, all in one group (the worst case for a nested stack).
 */
function moreRoutes(count: number): HttpRoute[] {
  return Array.from({ length: count }, (_, i) => {
    const route = httpRoutes[i % httpRoutes.length]!;
    const path = `/api/v1/probe-${Math.floor(i / 2)}${i % 2 ? '/{probe_id}' : ''}`;
    return { ...route, id: `probe-${i}-${route.id}`, path };
  });
}

function synthesize(entries: readonly ManifestEntry[]): { stacks: Stack[]; stateless: StatelessStack } {
  const app = new App({ context: { ...UNBUNDLED, ...DOMAIN } });
  const stateful = new StatefulStack(app, 'Hds-Stateful', { env: { region: REGION } });
  const stateless = new StatelessStack(app, 'Hds-Stateless', { env: { region: REGION }, stateful, entries });
  return { stacks: [stateful, stateless], stateless };
}

describe('CloudFormation template limits', () => {
  it(`keeps every stack and nested stack at most ${RESOURCE_BUDGET} resources, 200 parameters and 200 outputs`, () => {
    const { stateful, stateless } = addHdsStacks(new App({ context: { ...UNBUNDLED, ...DOMAIN } }), {
      region: REGION,
    });
    const sizes = sizesOf([stateful, stateless]);
    // The parent stacks and one nested stack per group that has an entry.
    expect(sizes.map((s) => s.stack).sort()).toEqual(
      [
        'Hds-Stateful',
        'Hds-Stateless',
        ...new Set(manifest.map((e) => `Hds-Stateless/${functionGroup(e)}Functions`)),
      ].sort(),
    );
    expectWithinLimits(sizes);
  });

  it('stays within them with 20 more routes, and moves no existing function to another stack', () => {
    const today = synthesize(manifest);
    const grown = synthesize([...manifest, ...moreRoutes(20)]);
    expectWithinLimits(sizesOf(grown.stacks));
    const before = placements(today.stateless);
    const after = placements(grown.stateless);
    for (const [id, place] of before) expect(after.get(id), id).toBe(place);
  });
});

describe('function groups', () => {
  it('puts each function in the nested stack of the group its path (or kind) names', () => {
    const { stateless } = synthesize(manifest);
    for (const entry of manifest) {
      const group = functionGroup(entry);
      expect(FUNCTION_GROUPS).toContain(group);
      expect(Stack.of(stateless.functions.get(entry.id)!), entry.id).toBe(stateless.functionGroups.get(group));
    }
  });

  it('groups by whole path segments, queue consumers and schedules apart', () => {
    const route = (path: string) => ({ ...httpRoutes[0]!, path });
    expect(functionGroup(route('/v1/files/{file_key+}'))).toBe('Files');
    expect(functionGroup(route('/v1/filesystem'))).toBe('Api');
    expect(functionGroup(route('/oauth2/authorize'))).toBe('Identity');
    expect(functionGroup(route('/api/console/keys'))).toBe('Console');
    expect(functionGroup(route('/api/v1/records'))).toBe('Api');
    expect(functionGroup(route('/v1/responses/{response_id}'))).toBe('Answers');
    for (const entry of manifest.filter((e) => e.kind === 'queue' || e.kind === 'schedule')) {
      expect(functionGroup(entry), entry.id).toBe('Workers');
    }
    for (const entry of manifest.filter((e) => e.kind === 'websocket')) expect(functionGroup(entry)).toBe('Files');
  });
});
