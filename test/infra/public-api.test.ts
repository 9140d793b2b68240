import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { type HttpRoute, httpRoutes } from '../../functions/routes';
import { addHdsStacks } from '../../infra/hds-stacks';
import { API_STAGE_NAME } from '../../infra/public-api';
import { flatTemplate } from '../support/nested-templates';

/**
 * One base URL per region: every HTTP route of the manifest, buffered or streamed, is resolved here the way API
 * Gateway resolves a request on a REST API (static segment first, then `{name}`, then a greedy `{name+}`) against
 * the synthesized resource tree, and must land on its own function under the one API the `BaseUrl` output names.
 * Bundling is skipped: only the template's wiring is under test.
 */

interface Resource {
  Type: string;
  Properties: Record<string, any>;
}

const UNBUNDLED = { 'aws:cdk:bundling-stacks': [] };

function synthesize(context: Record<string, unknown> = {}): Template {
  const stacks = addHdsStacks(new App({ context: { ...UNBUNDLED, ...context } }), { region: 'eu-west-1' });
  return flatTemplate(stacks.stateless);
}

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type) as Record<string, Resource>);
}

function refersTo(value: unknown, logicalId: string): boolean {
  return JSON.stringify(value).includes(logicalId);
}

/** The REST API's resource tree, as API Gateway holds it. */
interface Node {
  id: string;
  part: string;
  children: Node[];
}

function resourceTree(template: Template, apiId: string): Node {
  const root: Node = { id: 'root', part: '', children: [] };
  const nodes = new Map<string, Node>([['root', root]]);
  const all = resources(template, 'AWS::ApiGateway::Resource');
  for (const [id, r] of all) {
    expect(refersTo(r.Properties.RestApiId, apiId), `${id} belongs to the one API`).toBe(true);
    nodes.set(id, { id, part: r.Properties.PathPart, children: [] });
  }
  for (const [id, r] of all) {
    const parent = r.Properties.ParentId as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    const parentId = parent.Ref ?? 'root';
    nodes.get(parentId)!.children.push(nodes.get(id)!);
  }
  return root;
}

/** API Gateway's REST matching: a literal segment beats `{name}`, which beats a greedy `{name+}`. */
function resolve(node: Node, segments: string[]): Node | undefined {
  if (segments.length === 0) return node;
  const [head, ...rest] = segments;
  const literal = node.children.find((c) => c.part === head);
  const fromLiteral = literal && resolve(literal, rest);
  if (fromLiteral) return fromLiteral;
  const variable = node.children.find((c) => /^\{[^+]+\}$/.test(c.part));
  const fromVariable = variable && resolve(variable, rest);
  if (fromVariable) return fromVariable;
  return node.children.find((c) => /^\{.+\+\}$/.test(c.part));
}

/** A concrete request path for a route: `{name}` → one segment, `{name+}` → several. */
function samplePath(route: HttpRoute): string {
  return route.path.replace(/\{[^}]+\+\}/g, 'f_1/scan 2.pdf').replace(/\{[^}]+\}/g, 'sample_1');
}

let template: Template;
let apiId: string;

beforeAll(() => {
  template = synthesize();
  const apis = resources(template, 'AWS::ApiGateway::RestApi');
  expect(apis).toHaveLength(1);
  apiId = apis[0]![0];
});

describe('one base URL', () => {
  it('resolves every manifest HTTP route under the BaseUrl output to its own function', () => {
    const outputs = template.findOutputs('*');
    const baseUrl = JSON.stringify(outputs.BaseUrl?.Value);
    expect(baseUrl).toContain(apiId);
    const stages = resources(template, 'AWS::ApiGateway::Stage');
    expect(stages).toHaveLength(1);
    const [stageId, stage] = stages[0]!;
    expect(stage.Properties.StageName).toBe(API_STAGE_NAME);
    expect(baseUrl).toContain(stageId);
    expect(JSON.stringify(outputs.OpenAiBaseUrl?.Value)).toBe(baseUrl.replace(/\]\]\}$/, ',"/v1"]]}'));

    const tree = resourceTree(template, apiId);
    const methods = resources(template, 'AWS::ApiGateway::Method').filter(
      ([, m]) => m.Properties.HttpMethod !== 'OPTIONS',
    );
    const functions = resources(template, 'AWS::Lambda::Function');
    expect(methods).toHaveLength(httpRoutes.length);
    for (const route of httpRoutes) {
      const path = samplePath(route);
      const node = resolve(tree, path.split('/').filter(Boolean));
      expect(node, `${route.method} ${path}`).toBeDefined();
      const method = methods.find(
        ([, m]) =>
          m.Properties.HttpMethod === route.method &&
          (node!.id === 'root'
            ? refersTo(m.Properties.ResourceId, 'RootResourceId')
            : m.Properties.ResourceId.Ref === node!.id),
      );
      expect(method, `${route.method} ${path} has a method`).toBeDefined();
      const [fnId] = functions.find(([, f]) => String(f.Properties.Description).startsWith(`${route.id}:`))!;
      const integration = method![1].Properties.Integration as Record<string, any>;
      expect(integration.Type).toBe('AWS_PROXY');
      expect(refersTo(integration.Uri, fnId), `${route.id} reaches its own function`).toBe(true);
      expect(method![1].Properties.AuthorizationType).toBe('NONE');
      if (route.streaming) {
        expect(integration.ResponseTransferMode).toBe('STREAM');
        expect(JSON.stringify(integration.Uri)).toContain('response-streaming-invocations');
      } else {
        expect(integration.ResponseTransferMode ?? 'BUFFERED').toBe('BUFFERED');
        expect(integration.TimeoutInMillis ?? 29_000).toBeLessThanOrEqual(29_000);
      }
    }
  });

  it('has no second HTTP API: the only API Gateway v2 API is the WebSocket one', () => {
    const v2 = resources(template, 'AWS::ApiGatewayV2::Api');
    expect(v2.map(([, a]) => a.Properties.ProtocolType)).toEqual(['WEBSOCKET']);
    expect(Object.keys(template.findOutputs('*'))).toEqual(
      expect.arrayContaining(['BaseUrl', 'OpenAiBaseUrl', 'FileStreamUrl']),
    );
  });

  it('holds a tree API Gateway accepts: no resource has two path-variable children', () => {
    for (const [id, r] of resources(template, 'AWS::ApiGateway::Resource')) {
      const variables = resources(template, 'AWS::ApiGateway::Resource').filter(
        ([, child]) =>
          JSON.stringify(child.Properties.ParentId) === JSON.stringify({ Ref: id }) &&
          /^\{/.test(child.Properties.PathPart),
      );
      expect(variables.length, `${r.Properties.PathPart} has at most one variable child`).toBeLessThanOrEqual(1);
    }
  });

  it('passes every body to the functions as the bytes sent', () => {
    const [, api] = resources(template, 'AWS::ApiGateway::RestApi')[0]!;
    expect(api.Properties).toMatchObject({ BinaryMediaTypes: ['*/*'], EndpointConfiguration: { Types: ['REGIONAL'] } });
  });

  it("answers API Gateway's own errors in the contract's envelope", () => {
    const responses = resources(template, 'AWS::ApiGateway::GatewayResponse');
    const byType: Record<string, Record<string, any>> = Object.fromEntries(
      responses.map(([, r]) => [r.Properties.ResponseType, r.Properties]),
    );
    expect(Object.keys(byType)).toEqual(
      expect.arrayContaining(['MISSING_AUTHENTICATION_TOKEN', 'THROTTLED', 'DEFAULT_4XX', 'DEFAULT_5XX']),
    );
    expect(byType.MISSING_AUTHENTICATION_TOKEN?.StatusCode).toBe('404');
    expect(byType.THROTTLED?.StatusCode).toBe('429');
    for (const [type, response] of Object.entries(byType)) {
      const template = response.ResponseTemplates['application/json'] as string;
      // API Gateway substitutes a quoted string for $context.error.messageString.
      const body = JSON.parse(template.replace('$context.error.messageString', '"Too Many Requests"'));
      expect(body.error, type).toMatchObject({ type: 'invalid_request_error', param: null });
      expect(typeof body.error.message, type).toBe('string');
      expect(body.error.code === null || typeof body.error.code === 'string', type).toBe(true);
    }
  });
});

describe('a custom domain', () => {
  const context = {
    'hds:domainName': 'api.example.org',
    'hds:certificateArn': 'arn:aws:acm:eu-west-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666',
  };

  it('maps the REST stage at the root of the domain and the WebSocket stage on its own name', () => {
    const custom = synthesize(context);
    custom.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'api.example.org',
      RegionalCertificateArn: context['hds:certificateArn'],
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
    });
    const [, mapping] = resources(custom, 'AWS::ApiGateway::BasePathMapping')[0]!;
    expect(mapping.Properties.BasePath).toBeUndefined();
    expect(refersTo(mapping.Properties.RestApiId, resources(custom, 'AWS::ApiGateway::RestApi')[0]![0])).toBe(true);
    custom.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'stream.api.example.org' });
    custom.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    const outputs = custom.findOutputs('*');
    expect(outputs.BaseUrl?.Value).toBe('https://api.example.org');
    expect(outputs.OpenAiBaseUrl?.Value).toBe('https://api.example.org/v1');
    expect(outputs.FileStreamUrl?.Value).toBe('wss://stream.api.example.org');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['ApiDomainTarget', 'FileStreamDomainTarget']));
  });

  it('refuses a domain without a certificate', () => {
    expect(() => synthesize({ 'hds:domainName': 'api.example.org' })).toThrow(/hds:certificateArn/);
  });
});

describe('the README deploy runbook', () => {
  it('names only stack outputs the synthesized stacks have', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const deploying = readme.slice(
      readme.indexOf('## Deploying'),
      readme.indexOf('\n## ', readme.indexOf('## Deploying') + 5),
    );
    const named = new Set(
      [...deploying.matchAll(/`([A-Z][A-Za-z]+(?:Url|TableName|BucketName|Target|Region))`/g)].map((m) => m[1]!),
    );
    for (const [, name] of deploying.matchAll(/\['Hds-State(?:less|ful)'\]\.([A-Za-z]+)/g)) named.add(name!);
    expect(named.size).toBeGreaterThanOrEqual(6);
    const stacks = addHdsStacks(
      new App({
        context: {
          ...UNBUNDLED,
          'hds:domainName': 'api.example.org',
          'hds:certificateArn': 'arn:aws:acm:eu-west-1:1:certificate/x',
        },
      }),
      { region: 'eu-west-1' },
    );
    const outputs = new Set([
      ...Object.keys(Template.fromStack(stacks.stateful).findOutputs('*')),
      ...Object.keys(Template.fromStack(stacks.stateless).findOutputs('*')),
    ]);
    for (const name of named) expect(outputs.has(name), `${name} is an output`).toBe(true);
  });
});
