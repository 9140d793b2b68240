import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import { REST_ACCESS_LOG_FIELDS, WEBSOCKET_ACCESS_LOG_FIELDS } from '../../infra/audit-logs';
import { addHdsStacks, type HdsStacks } from '../../infra/hds-stacks';
import { ACKNOWLEDGED_RULES, addNagPacks } from '../../infra/nag-rules';
import { flatTemplate } from '../support/nested-templates';

/**
 * Audit and tracing fit for health data, read off the synthesized templates: access and execution logs on every API
 * stage without bodies, paths or queries; every log group and the files bucket under the customer-managed key; S3
 * server access logs in their own bucket; X-Ray on the API and every function; and cdk-nag's AWS Solutions and HIPAA
 * Security packs passing, every remaining finding acknowledged with a reason. Bundling is skipped.
 */

interface Resource {
  Type: string;
  Properties: Record<string, any>;
}

const UNBUNDLED = { 'aws:cdk:bundling-stacks': [] };

let stacks: HdsStacks;
let stateful: Template;
let stateless: Template;

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type) as Record<string, Resource>);
}

const keyId = () => stacks.stateful.getLogicalId(stacks.stateful.dataKey.node.defaultChild as CfnElement);

beforeAll(() => {
  stacks = addHdsStacks(new App({ context: UNBUNDLED }), { region: 'eu-west-1' });
  stateful = Template.fromStack(stacks.stateful);
  stateless = flatTemplate(stacks.stateless);
});

/** The variables an access log format reads, with the JSON keys they are written under. */
function formatFields(format: string): Record<string, string> {
  return JSON.parse(format) as Record<string, string>;
}

describe('access and execution logs', () => {
  it('logs every REST request as one JSON line: request id, route template, status, latency; never path, query or body', () => {
    const [, stage] = resources(stateless, 'AWS::ApiGateway::Stage')[0]!;
    const fields = formatFields(stage.Properties.AccessLogSetting.Format);
    expect(fields).toEqual(REST_ACCESS_LOG_FIELDS);
    expect(fields).toMatchObject({
      requestId: '$context.requestId',
      route: '$context.resourcePath',
      status: '$context.status',
      responseLatency: '$context.responseLatency',
    });
    const variables = Object.values(fields).join(' ');
    for (const leak of [
      '$context.path',
      'querystring',
      '$input',
      'requestOverride',
      'responseOverride',
      'authorizer',
    ]) {
      expect(variables).not.toContain(leak);
    }
    expect(JSON.stringify(stage.Properties.AccessLogSetting.DestinationArn)).toContain('ApiAccessLogs');
  });

  it('has REST execution logging at ERROR without data tracing, metrics and X-Ray on', () => {
    const [, stage] = resources(stateless, 'AWS::ApiGateway::Stage')[0]!;
    expect(stage.Properties).toMatchObject({
      TracingEnabled: true,
      MethodSettings: [
        expect.objectContaining({ LoggingLevel: 'ERROR', DataTraceEnabled: false, MetricsEnabled: true }),
      ],
    });
    stateless.resourceCountIs('AWS::ApiGateway::Account', 1);
  });

  it("logs every WebSocket event without the connect URL's query (it holds the API key)", () => {
    const [, stage] = resources(stateless, 'AWS::ApiGatewayV2::Stage')[0]!;
    const fields = formatFields(stage.Properties.AccessLogSettings.Format);
    expect(fields).toEqual(WEBSOCKET_ACCESS_LOG_FIELDS);
    expect(Object.values(fields).join(' ')).not.toMatch(/querystring|\$context\.path|\$input/);
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ LoggingLevel: 'ERROR', DataTraceEnabled: false });
  });

  it('puts every log group of both stacks under the data key, with a retention', () => {
    const groups = [...resources(stateless, 'AWS::Logs::LogGroup'), ...resources(stateful, 'AWS::Logs::LogGroup')];
    // One per function, the access and execution logs of both APIs.
    expect(groups.length).toBeGreaterThanOrEqual(manifest.length + 4);
    for (const [id, group] of groups) {
      expect(JSON.stringify(group.Properties.KmsKeyId), id).toContain(keyId());
      expect(group.Properties.RetentionInDays, id).toBe(30);
    }
    const names = groups.map(([, g]) => JSON.stringify(g.Properties.LogGroupName ?? ''));
    expect(names.some((n) => n.includes('API-Gateway-Execution-Logs_'))).toBe(true);
    expect(names.some((n) => n.includes('/aws/apigateway/'))).toBe(true);
  });
});

describe('the data key', () => {
  it('rotates, is retained, and lets CloudWatch Logs use it only for this account and region', () => {
    const [, key] = resources(stateful, 'AWS::KMS::Key')[0]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const statements = key.Properties.KeyPolicy.Statement as Record<string, any>[];
    const logs = statements.find((s) => JSON.stringify(s.Principal).includes('logs.'));
    expect(logs?.Condition?.ArnLike?.['kms:EncryptionContext:aws:logs:arn']).toBeDefined();
  });
});

describe('S3 server access logs', () => {
  it('logs the files bucket to its own bucket, which S3 can write and nobody can read publicly', () => {
    const buckets = Object.fromEntries(resources(stateful, 'AWS::S3::Bucket'));
    const filesId = stacks.stateful.getLogicalId(stacks.stateful.bucket.node.defaultChild as CfnElement);
    const logsId = stacks.stateful.getLogicalId(stacks.stateful.accessLogsBucket.node.defaultChild as CfnElement);
    expect(buckets[filesId]?.Properties.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logsId },
      LogFilePrefix: 'files/',
    });
    expect(buckets[logsId]?.Properties).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ Status: 'Enabled' })] },
    });
    const policy = JSON.stringify(resources(stateful, 'AWS::S3::BucketPolicy'));
    expect(policy).toContain('logging.s3.amazonaws.com');
  });
});

describe('tracing', () => {
  it('runs every function with active X-Ray tracing and Powertools settings that keep data out of traces', () => {
    const functions = resources(stateless, 'AWS::Lambda::Function').filter(([, f]) =>
      manifest.some((e) => String(f.Properties.Description).startsWith(`${e.id}:`)),
    );
    expect(functions).toHaveLength(manifest.length);
    for (const [id, fn] of functions) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables, id).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'hds',
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
        POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
      });
    }
  });
});

describe('cdk-nag', () => {
  it('passes the AWS Solutions and HIPAA Security packs, every kept finding acknowledged', () => {
    const app = new App({ context: UNBUNDLED });
    addHdsStacks(app, { region: 'eu-west-1' });
    addNagPacks(app);
    expect(() => app.synth()).not.toThrow();
  });

  it('really runs them: a finding without its acknowledgement stops synthesis', () => {
    const app = new App({ context: UNBUNDLED });
    const { stateful: data } = addHdsStacks(app, { region: 'eu-west-1' });
    // A bucket outside the reviewed set, with no access logs, SSL enforcement or KMS.
    new Bucket(data, 'UnreviewedBucket');
    addNagPacks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1|AwsSolutions-S10|HIPAA\.Security/);
  });

  it('reaches into the nested stacks of functions: a finding there stops synthesis too', () => {
    const app = new App({ context: UNBUNDLED });
    const { stateless: compute } = addHdsStacks(app, { region: 'eu-west-1' });
    const group = compute.functionGroups.get('Workers');
    expect(group).toBeDefined();
    new Bucket(group!, 'UnreviewedBucket');
    addNagPacks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1|AwsSolutions-S10|HIPAA\.Security/);
  });

  it('gives every acknowledgement a written reason', () => {
    for (const rule of ACKNOWLEDGED_RULES) expect(rule.reason.length, rule.id).toBeGreaterThan(60);
  });
});
