import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, manifest } from '../../functions/routes';
import { StatefulStack } from '../../infra/stateful-stack';
import { StatelessStack } from '../../infra/stateless-stack';
import { flatTemplate } from '../support/nested-templates';

const REGION = 'eu-west-1';
const IDENTITY_ARN = 'arn:aws:ses:eu-west-1:123456789012:identity/example.org';
const SIGN_IN_ROUTES = ['create-login-code', 'verify-login-code', 'create-token', 'get-jwks', 'list-data'];

type Json = Record<string, any>;

describe('the cloud shape of sign-in', () => {
  let stateful: Template;
  let stateless: Template;
  let policies: [string, string][];

  beforeAll(() => {
    const app = new App({ context: { 'hds:mailFrom': 'login@example.org', 'hds:sesIdentityArn': IDENTITY_ARN } });
    const statefulStack = new StatefulStack(app, 'AuthStateful', { env: { region: REGION } });
    const entries = httpRoutes.filter((r) => SIGN_IN_ROUTES.includes(r.id));
    const statelessStack = new StatelessStack(app, 'AuthStateless', {
      env: { region: REGION },
      stateful: statefulStack,
      entries,
    });
    stateless = flatTemplate(statelessStack);
    stateful = Template.fromStack(statefulStack);
    policies = Object.entries(stateless.findResources('AWS::IAM::Policy')).map(([id, p]) => [
      id,
      JSON.stringify((p as Json).Properties),
    ]);
  });

  const holders = (action: string) =>
    policies
      .filter(([, p]) => p.includes(`"${action}"`))
      .map(([id]) => id)
      .sort();

  it('keeps an RSA_2048 signing key in KMS, retained, and a generated pepper under the data key', () => {
    stateful.hasResource('AWS::KMS::Key', {
      Properties: { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' },
      DeletionPolicy: 'Retain',
    });
    const secrets = Object.values(stateful.findResources('AWS::SecretsManager::Secret')) as Json[];
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.Properties.GenerateSecretString).toBeTruthy();
    expect(secrets[0]!.Properties.KmsKeyId).toBeTruthy();
  });

  it('lets only the token-issuing functions sign, with one algorithm, on digests, on that key', () => {
    expect(holders('kms:Sign')).toEqual([
      expect.stringMatching(/^CreateTokenFunction/),
      expect.stringMatching(/^VerifyLoginCodeFunction/),
    ]);
    for (const [, policy] of policies.filter(([, p]) => p.includes('"kms:Sign"'))) {
      const statement = JSON.parse(policy).PolicyDocument.Statement.find((s: Json) => s.Action === 'kms:Sign');
      expect(statement.Condition).toEqual({
        StringEquals: { 'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256', 'kms:MessageType': 'DIGEST' },
      });
      expect(JSON.stringify(statement.Resource)).toContain('TokenSigningKey');
    }
  });

  it('lets only the code mailer send, as the configured sender, through the verified identity', () => {
    expect(holders('ses:SendEmail')).toEqual([expect.stringMatching(/^CreateLoginCodeFunction/)]);
    const [, policy] = policies.find(([, p]) => p.includes('"ses:SendEmail"'))!;
    const statement = JSON.parse(policy).PolicyDocument.Statement.find((s: Json) => s.Action === 'ses:SendEmail');
    expect(statement.Resource).toBe(IDENTITY_ARN);
    expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'login@example.org' } });
  });

  it('lets only the functions that key emails read the pepper', () => {
    expect(holders('secretsmanager:GetSecretValue')).toEqual([
      expect.stringMatching(/^CreateLoginCodeFunction/),
      expect.stringMatching(/^VerifyLoginCodeFunction/),
    ]);
  });

  it('names the public base URL as the issuer, and no /v1 function may touch the identity table', () => {
    const fns = Object.values(stateless.findResources('AWS::Lambda::Function')) as Json[];
    for (const fn of fns) expect(fn.Properties.Environment.Variables.HDS_ISSUER).toBeTruthy();
    const listData = policies.find(([id]) => id.startsWith('ListDataFunction'))![1];
    expect(listData).not.toContain('IdentityTable');
    const v1 = manifest.filter((e) => e.kind === 'http' && e.path.startsWith('/v1'));
    for (const entry of v1) expect(entry.needs.tables?.identity, entry.id).toBeUndefined();
  });
});
