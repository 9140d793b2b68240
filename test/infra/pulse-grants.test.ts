import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import { StatefulStack } from '../../infra/stateful-stack';
import { StatelessStack } from '../../infra/stateless-stack';
import { flatTemplate } from '../support/nested-templates';

const REGION = 'eu-west-1';
const OURA_SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:hds/pulse/oura-AbCdEf';
/** The pulse functions and two others, one of which erases (and so sends revokes) without touching tokens. */
const IDS = [
  'list-pulse-providers',
  'link-pulse-provider',
  'complete-pulse-link',
  'unlink-pulse-provider',
  'receive-pulse-webhook',
  'verify-pulse-webhook',
  'probe-pulse-webhook',
  'sync-pulse',
  'renew-pulse-subscriptions',
  'delete-subject',
  'list-data',
];

type Json = Record<string, any>;

describe('the cloud shape of pulse (design wearables §13)', () => {
  let stateful: Template;
  let stateless: Template;
  let policies: [string, Json][];

  beforeAll(() => {
    const app = new App({ context: { 'hds:pulseSecrets': JSON.stringify({ oura: OURA_SECRET, polar: 'x' }) } });
    const statefulStack = new StatefulStack(app, 'PulseStateful', { env: { region: REGION } });
    const statelessStack = new StatelessStack(app, 'PulseStateless', {
      env: { region: REGION },
      stateful: statefulStack,
      entries: manifest.filter((e) => IDS.includes(e.id)),
    });
    stateful = Template.fromStack(statefulStack);
    stateless = flatTemplate(statelessStack);
    policies = Object.entries(stateless.findResources('AWS::IAM::Policy')).map(([id, p]) => [
      id,
      (p as Json).Properties,
    ]);
  });

  const statementsWith = (action: string) =>
    policies.flatMap(([id, p]) =>
      (p.PolicyDocument.Statement as Json[])
        .filter((s) => [s.Action].flat().includes(action))
        .map((s) => ({ id, statement: s })),
    );

  const isWebhookSecretGrant = (statement: Json) =>
    JSON.stringify(statement.Condition) ===
    JSON.stringify({ StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-secret' } });

  it('keeps a symmetric pulse token key, rotated and retained, apart from the data key', () => {
    stateful.hasResource('AWS::KMS::Key', {
      Properties: { Description: Match.stringLikeRegexp('wearable provider tokens'), EnableKeyRotation: true },
      DeletionPolicy: 'Retain',
    });
  });

  it('makes the pulse-jobs queue with a dead-letter queue after 5 receives and a 720 s visibility', () => {
    const queues = stateful.findResources('AWS::SQS::Queue');
    const pulse = Object.entries(queues).filter(([id]) => id.startsWith('PulseJobs'));
    const main = pulse.find(([, q]) => (q as Json).Properties.RedrivePolicy);
    expect(main).toBeTruthy();
    expect((main![1] as Json).Properties).toMatchObject({
      VisibilityTimeout: 720,
      RedrivePolicy: { maxReceiveCount: 5 },
    });
  });

  it('lets only the vault holders seal or open, on the pulse key, for the vault’s purposes only', () => {
    const onPulseKey = (action: string) =>
      [
        ...new Set(
          statementsWith(action)
            .filter(({ statement }) => JSON.stringify(statement.Resource).includes('PulseTokenKey'))
            .filter(({ statement }) => !isWebhookSecretGrant(statement))
            .map(({ id }) => id.replace(/Function.*/, '')),
        ),
      ].sort();
    expect(onPulseKey('kms:GenerateDataKey')).toEqual(['CompletePulseLink', 'LinkPulseProvider', 'SyncPulse']);
    expect(onPulseKey('kms:Decrypt')).toEqual(['CompletePulseLink', 'SyncPulse']);
    for (const action of ['kms:GenerateDataKey', 'kms:Decrypt']) {
      const onKey = statementsWith(action).filter(
        ({ statement }) =>
          JSON.stringify(statement.Resource).includes('PulseTokenKey') && !isWebhookSecretGrant(statement),
      );
      for (const { statement } of onKey) {
        expect(JSON.stringify(statement.Resource)).toContain('PulseTokenKey');
        expect(statement.Condition).toEqual({
          StringEquals: { 'kms:EncryptionContext:purpose': ['pulse-token', 'pulse-link-attempt'] },
        });
      }
    }
    // Outside pulse, only the webhook functions reach the key, and only for webhook secrets (issue 19).
    for (const [id, p] of policies.filter(([id]) => !/Pulse/.test(id))) {
      const onKey = (p.PolicyDocument.Statement as Json[]).filter((s) =>
        JSON.stringify(s.Resource).includes('PulseTokenKey'),
      );
      for (const statement of onKey) expect(isWebhookSecretGrant(statement), id).toBe(true);
      if (onKey.length > 0) expect(id).toMatch(/^(CreateWebhookEndpoint|RotateWebhookSecret|DeliverWebhooks)/);
    }
  });

  it('lets the provider-calling functions read the configured provider secrets, and nobody else', () => {
    const readers = statementsWith('secretsmanager:GetSecretValue')
      .filter(({ statement }) => JSON.stringify(statement.Resource).includes('hds/pulse/oura'))
      .map(({ id }) => id.replace(/Function.*/, ''));
    expect([...new Set(readers)].sort()).toEqual([
      'CompletePulseLink',
      'LinkPulseProvider',
      'ReceivePulseWebhook',
      'RenewPulseSubscriptions',
      'SyncPulse',
      'VerifyPulseWebhook',
    ]);
  });

  it('names the pulse key and the Oura secret in the functions’ environment (only known slugs)', () => {
    const fns = Object.values(stateless.findResources('AWS::Lambda::Function')) as Json[];
    const env = fns[0]!.Properties.Environment.Variables;
    expect(env.HDS_PULSE_OURA_SECRET).toBe(OURA_SECRET);
    expect(JSON.stringify(env.HDS_PULSE_TOKEN_KMS_KEY)).toContain('PulseTokenKey');
    expect(Object.keys(env).filter((k) => k.startsWith('HDS_PULSE_POLAR'))).toEqual([]);
  });

  it('lets the erasing and pulse-job-making functions send to pulse-jobs', () => {
    const senders = statementsWith('sqs:SendMessage')
      .filter(({ statement }) => JSON.stringify(statement.Resource).includes('PulseJobs'))
      .map(({ id }) => id.replace(/Function.*/, ''));
    expect([...new Set(senders)].sort()).toEqual([
      'CompletePulseLink',
      'DeleteSubject',
      'ReceivePulseWebhook',
      'SyncPulse',
      'UnlinkPulseProvider',
    ]);
  });

  it('serves the webhook probe as a HEAD method of the REST API', () => {
    const methods = Object.values(stateless.findResources('AWS::ApiGateway::Method')) as Json[];
    expect(methods.map((m) => m.Properties.HttpMethod)).toContain('HEAD');
  });
});
