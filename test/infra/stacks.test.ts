import { App, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  httpRoutes,
  type ManifestEntry,
  manifest,
  type QueueName,
  queueConsumers,
  scheduledJobs,
  type TableName,
  webSocketRoutes,
} from '../../functions/routes';
import { addHdsStacks, type HdsStacks } from '../../infra/hds-stacks';
import { queueUrlEnvVar } from '../../infra/naming';
import { StatefulStack } from '../../infra/stateful-stack';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, StatelessStack } from '../../infra/stateless-stack';
import { tableDefinitions } from '../../shared/adapters/dynamo/table-definitions';
import { readConfig } from '../../shared/config/config';
import { EMBEDDINGS_CACHE_PREFIX } from '../../shared/config/resources';
import { AWS_WS_FRAME_BYTES, chunkBytesFitting } from '../../shared/domain/stream-limits';
import { STAGED_PREFIXES } from '../../shared/domain/upload-owner';
import { EXPIRING_BODY_TAG, RESPONSE_TTL_SECONDS } from '../../shared/ports/conversation-store';
import { flatTemplate } from '../support/nested-templates';

/**
 * Holds the synthesized templates against the route manifest and the table definitions, so a new entry,
 * a changed need or a changed key cannot drift from what is deployed. Synthesized once: bundling every
 * function takes a few seconds.
 */

const REGION = 'eu-west-1';

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Principal?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

let stacks: HdsStacks;
let stateful: Template;
let stateless: Template;

// Bundles every function as a deploy does (esbuild, then the lazy packages beside each bundle).
beforeAll(() => {
  stacks = addHdsStacks(new App(), { region: REGION });
  stateful = Template.fromStack(stacks.stateful);
  stateless = flatTemplate(stacks.stateless);
}, 600_000); // bundles every function: minutes on a loaded 2-core machine

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type) as Record<string, Resource>);
}

function statefulId(construct: IConstruct): string {
  return stacks.stateful.getLogicalId(construct.node.defaultChild as CfnElement);
}
const tableId = (name: TableName) => statefulId(stacks.stateful.tables[name]);
const queueId = (name: QueueName) => statefulId(stacks.stateful.queue(name));
const bucketId = () => statefulId(stacks.stateful.bucket);
const filesBucket = () => stateful.toJSON().Resources[bucketId()] as Resource;
const topicId = () => statefulId(stacks.stateful.ocrTopic);
const textractRoleId = () => statefulId(stacks.stateful.textractPublishRole);
const webSocketApiId = () =>
  stacks.stateless.getLogicalId(stacks.stateless.webSocketApi.node.defaultChild as CfnElement);
const routesOf = (apiId: string) =>
  resources(stateless, 'AWS::ApiGatewayV2::Route').filter(([, r]) => refersTo(r.Properties.ApiId, apiId));

/** A reference to a resource of the other stack is an `Fn::ImportValue` whose export name holds its logical id. */
function refersTo(value: unknown, logicalId: string): boolean {
  return JSON.stringify(value).includes(logicalId);
}

/** The function of a manifest entry, found by the template alone: its description starts with the entry id. */
function functionOf(entry: ManifestEntry): [string, Resource] {
  const found = resources(stateless, 'AWS::Lambda::Function').filter(([, r]) =>
    String(r.Properties.Description).startsWith(`${entry.id}:`),
  );
  expect(found, `functions for ${entry.id}`).toHaveLength(1);
  return found[0]!;
}

/** Every statement of every inline policy attached to the entry's function role. */
function statementsOf(entry: ManifestEntry): Statement[] {
  const [, fn] = functionOf(entry);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return resources(stateless, 'AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => refersTo(r, roleId)))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** Every statement allowing an S3 write names only objects under the embedding cache's prefix. */
function embeddingCacheOnly(entry: ManifestEntry): boolean {
  const writes = statementsOf(entry).filter(
    (s) => s.Effect === 'Allow' && actionsOf(s).some((a) => S3_WRITES.some((w) => covers(a, w))),
  );
  return (
    writes.length > 0 &&
    writes.every((s) => {
      const resources = Array.isArray(s.Resource) ? s.Resource : [s.Resource];
      return resources.every((r) => JSON.stringify(r).includes(`/${EMBEDDINGS_CACHE_PREFIX}*`));
    })
  );
}

function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Whether an allowed action pattern (IAM wildcards included) covers `action`. */
function covers(pattern: string, action: string): boolean {
  const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  return regex.test(action);
}

/** Actions the entry may perform on resources matching `logicalId` (any resource when omitted). */
function allowedOn(entry: ManifestEntry, logicalId?: string): string[] {
  return statementsOf(entry)
    .filter((s) => s.Effect === 'Allow' && (logicalId === undefined || refersTo(s.Resource, logicalId)))
    .flatMap(actionsOf);
}

function allows(entry: ManifestEntry, action: string, logicalId?: string): boolean {
  return allowedOn(entry, logicalId).some((pattern) => covers(pattern, action));
}

const DYNAMO_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const DYNAMO_READS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];
const S3_WRITES = ['s3:PutObject', 's3:DeleteObject'];

describe('functions', () => {
  it('has one nodejs22.x arm64 function per manifest entry and no other', () => {
    const functions = resources(stateless, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(manifest.length);
    for (const entry of manifest) {
      const [, fn] = functionOf(entry);
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: entry.needs.memoryMb ?? DEFAULT_MEMORY_MB,
        Timeout: entry.needs.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      });
    }
  });

  it('gives every function its own log group with a retention', () => {
    const logGroups = Object.fromEntries(resources(stateless, 'AWS::Logs::LogGroup'));
    for (const entry of manifest) {
      const [, fn] = functionOf(entry);
      const ref = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logGroups[ref]?.Properties.RetentionInDays, entry.id).toBe(30);
    }
  });

  it('gives every function the environment shared/config reads', () => {
    for (const entry of manifest) {
      const [, fn] = functionOf(entry);
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(variables.HDS_REGION).toBe(REGION);
      for (const definition of Object.values(tableDefinitions)) {
        expect(refersTo(variables[definition.envVar], tableId(definition.name)), definition.envVar).toBe(true);
      }
      expect(refersTo(variables.HDS_BUCKET, bucketId())).toBe(true);
      for (const consumer of queueConsumers) {
        expect(refersTo(variables[queueUrlEnvVar(consumer.queue)], queueId(consumer.queue))).toBe(true);
      }

      // Read through the real config: nothing may fall back to a local default.
      const env = Object.fromEntries(
        Object.entries(variables).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
      const config = readConfig(env);
      const local = readConfig({});
      expect(config.region).toBe(REGION);
      expect(config.bucket).not.toBe(local.bucket);
      for (const name of Object.keys(tableDefinitions) as TableName[]) {
        expect(config.tables[name]).not.toBe(local.tables[name]);
      }
      for (const consumer of queueConsumers) expect(config.queueUrls[consumer.queue]).toBeDefined();
      expect(config.socketCallbackUrl).toBeDefined();
      expect(refersTo(variables.HDS_TEXTRACT_TOPIC_ARN, topicId())).toBe(true);
      expect(refersTo(variables.HDS_TEXTRACT_ROLE_ARN, textractRoleId())).toBe(true);
      expect(config.textractNotifications).toBeDefined();
    }
  });
});

describe('API Gateway', () => {
  it('lets API Gateway invoke exactly the http and WebSocket functions', () => {
    const invokers = resources(stateless, 'AWS::Lambda::Permission')
      .filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com')
      .map(([, p]) => JSON.stringify(p.Properties.FunctionName));
    for (const entry of manifest) {
      const [fnId] = functionOf(entry);
      expect(
        invokers.some((name) => name.includes(fnId)),
        entry.id,
      ).toBe(entry.kind === 'http' || entry.kind === 'websocket');
    }
  });

  it('has no API Gateway authorizer: the functions authenticate keys', () => {
    stateless.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    stateless.resourceCountIs('AWS::ApiGateway::Authorizer', 0);
  });
});

describe('WebSocket API', () => {
  it('has one route per websocket entry, integrated with its own function', () => {
    const routes = routesOf(webSocketApiId());
    const integrations = Object.fromEntries(resources(stateless, 'AWS::ApiGatewayV2::Integration'));
    expect(routes).toHaveLength(webSocketRoutes.length);
    for (const entry of webSocketRoutes) {
      const matching = routes.filter(([, r]) => r.Properties.RouteKey === entry.routeKey);
      expect(matching, entry.routeKey).toHaveLength(1);
      const integrationId = Object.keys(integrations).find((id) => refersTo(matching[0]![1].Properties.Target, id));
      expect(JSON.stringify(integrations[integrationId ?? '']?.Properties.IntegrationUri)).toContain(
        functionOf(entry)[0],
      );
    }
    stateless.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' });
    expect(Object.keys(stateless.findOutputs('FileStreamUrl'))).toHaveLength(1);
  });

  it('lets only the functions that post to clients manage connections, and announces the cloud chunk size', () => {
    for (const entry of manifest) {
      expect(allows(entry, 'execute-api:ManageConnections'), entry.id).toBe(Boolean(entry.needs.postsToConnections));
      const [, fn] = functionOf(entry);
      const env = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // One base64'd, JSON-framed chunk per 32 KB API Gateway frame (the framing is checked in stream-limits.test).
      expect(Number(env.HDS_WS_MAX_CHUNK_BYTES)).toBe(chunkBytesFitting(AWS_WS_FRAME_BYTES));
      expect(JSON.stringify(env.HDS_WS_CALLBACK_URL)).toContain(webSocketApiId());
    }
  });
});

describe('queue consumers and schedules', () => {
  it('maps each queue consumer to its queue with its batch size and partial batch failures', () => {
    const mappings = resources(stateless, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(queueConsumers.length);
    for (const entry of queueConsumers) {
      const [fnId] = functionOf(entry);
      const mapping = mappings.find(([, m]) => refersTo(m.Properties.FunctionName, fnId));
      expect(mapping, entry.id).toBeDefined();
      expect(mapping?.[1].Properties).toMatchObject({
        BatchSize: entry.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: entry.maxConcurrency },
      });
      expect(refersTo(mapping?.[1].Properties.EventSourceArn, queueId(entry.queue))).toBe(true);
    }
  });

  it('holds the throttling rules for every consumer: visibility ≥ 6 × timeout, ≥ 5 deliveries, bounded concurrency', () => {
    const queues = Object.fromEntries(resources(stateful, 'AWS::SQS::Queue'));
    const mappings = resources(stateless, 'AWS::Lambda::EventSourceMapping');
    for (const entry of queueConsumers) {
      const [fnId, fn] = functionOf(entry);
      const queue = queues[queueId(entry.queue)]!.Properties as {
        VisibilityTimeout: number;
        RedrivePolicy: { maxReceiveCount: number };
      };
      // Read off the synthesized template, not the manifest: what AWS will run.
      expect(queue.VisibilityTimeout, entry.id).toBeGreaterThanOrEqual(6 * (fn.Properties.Timeout as number));
      expect(queue.RedrivePolicy.maxReceiveCount, entry.id).toBeGreaterThanOrEqual(5);
      const [, mapping] = mappings.find(([, m]) => refersTo(m.Properties.FunctionName, fnId))!;
      const concurrency = (mapping.Properties.ScalingConfig as { MaximumConcurrency: number }).MaximumConcurrency;
      expect(concurrency, entry.id).toBeGreaterThanOrEqual(2);
      // Textract's request rates are a few per second: its callers stay low.
      if (entry.needs.textractJobs) expect(concurrency, entry.id).toBeLessThanOrEqual(10);
    }
  });

  it('retries a scheduled invocation EventBridge could not make, then keeps it in a dead-letter queue', () => {
    const rules = resources(stateless, 'AWS::Events::Rule');
    const queues = Object.fromEntries(resources(stateless, 'AWS::SQS::Queue'));
    const queuePolicies = JSON.stringify(resources(stateless, 'AWS::SQS::QueuePolicy'));
    for (const entry of scheduledJobs) {
      const [fnId] = functionOf(entry);
      const [ruleId, rule] = rules.find(([, r]) => refersTo(r.Properties.Targets, fnId))!;
      const target = (rule.Properties.Targets as Record<string, any>[])[0]!;
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: entry.everyMinutes * 60,
      });
      const dlqId = (target.DeadLetterConfig.Arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(queues[dlqId]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 1_209_600,
      });
      // EventBridge may send to it only for this rule.
      expect(queuePolicies).toContain(dlqId);
      expect(queuePolicies).toContain(ruleId);
    }
  });

  it('runs each scheduled job on its rate', () => {
    const rules = resources(stateless, 'AWS::Events::Rule');
    expect(rules).toHaveLength(scheduledJobs.length);
    for (const entry of scheduledJobs) {
      const [fnId] = functionOf(entry);
      const rule = rules.find(([, r]) => refersTo(r.Properties.Targets, fnId));
      expect(rule, entry.id).toBeDefined();
      expect(rule?.[1].Properties).toMatchObject({
        ScheduleExpression: rateExpression(entry.everyMinutes),
        State: 'ENABLED',
      });
    }
  });
});

describe('stateful resources', () => {
  it('has one retained, on-demand table per definition, encrypted with the data key, with its keys, indexes, TTL and PITR', () => {
    expect(resources(stateful, 'AWS::DynamoDB::Table')).toHaveLength(Object.keys(tableDefinitions).length);
    for (const definition of Object.values(tableDefinitions)) {
      const table = stateful.toJSON().Resources[tableId(definition.name)] as Resource;
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
      const keySchema = [{ AttributeName: definition.partitionKey, KeyType: 'HASH' }];
      if (definition.sortKey) keySchema.push({ AttributeName: definition.sortKey, KeyType: 'RANGE' });
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: keySchema,
        TimeToLiveSpecification: { AttributeName: definition.ttlAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: {
          SSEEnabled: true,
          SSEType: 'KMS',
          KMSMasterKeyId: { 'Fn::GetAtt': [statefulId(stacks.stateful.dataKey), 'Arn'] },
        },
      });

      const indexes = (table.Properties.GlobalSecondaryIndexes ?? []) as Record<string, unknown>[];
      expect(indexes).toHaveLength(definition.indexes.length);
      const attributes = Object.fromEntries(
        (table.Properties.AttributeDefinitions as { AttributeName: string; AttributeType: string }[]).map((a) => [
          a.AttributeName,
          a.AttributeType,
        ]),
      );
      for (const index of definition.indexes) {
        expect(indexes).toContainEqual(
          expect.objectContaining({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: !index.projection
              ? { ProjectionType: 'ALL' }
              : index.projection.length === 0
                ? { ProjectionType: 'KEYS_ONLY' }
                : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] },
          }),
        );
        expect(attributes[index.sortKey], `${index.name} sort key type`).toBe(index.sortKeyType);
      }
    }
  });

  it('has a retained files bucket that blocks public access, is encrypted with the data key and refuses plain HTTP', () => {
    const id = bucketId();
    const bucket = filesBucket();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          {
            BucketKeyEnabled: true,
            ServerSideEncryptionByDefault: {
              SSEAlgorithm: 'aws:kms',
              KMSMasterKeyID: { 'Fn::GetAtt': [statefulId(stacks.stateful.dataKey), 'Arn'] },
            },
          },
        ],
      },
    });
    const policies = resources(stateful, 'AWS::S3::BucketPolicy').filter(([, p]) => refersTo(p.Properties.Bucket, id));
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
  });

  it('expires every staged object within a day, whoever it belongs to', () => {
    const bucket = filesBucket();
    const rules = (
      bucket.Properties.LifecycleConfiguration as { Rules: { Prefix?: string; ExpirationInDays?: number }[] }
    ).Rules;
    for (const prefix of Object.values(STAGED_PREFIXES)) {
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: prefix, ExpirationInDays: 1, Status: 'Enabled' }));
    }
    // By prefix, only staged objects expire: a Subject's files are kept as their retention says.
    expect(rules.filter((r) => r.ExpirationInDays !== undefined && r.Prefix).map((r) => r.Prefix)).toEqual(
      Object.values(STAGED_PREFIXES),
    );
  });

  it('expires the tagged body of an expiring stored response a day after the response, whatever befell its item', () => {
    const bucket = filesBucket();
    const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        ExpirationInDays: RESPONSE_TTL_SECONDS / 86_400 + 1,
        Status: 'Enabled',
        TagFilters: [{ Key: EXPIRING_BODY_TAG.key, Value: EXPIRING_BODY_TAG.value }],
      }),
    );
  });

  it("gives every consumed queue a dead-letter queue after the consumer's maxReceiveCount", () => {
    const queues = Object.fromEntries(resources(stateful, 'AWS::SQS::Queue'));
    // A queue and a dead-letter queue per consumer, and the dead-letter queue of the Textract subscription.
    expect(Object.keys(queues)).toHaveLength(
      2 * queueConsumers.length + queueConsumers.filter((c) => c.fedByTextract).length,
    );
    const queuePolicies = JSON.stringify(resources(stateful, 'AWS::SQS::QueuePolicy'));
    for (const entry of queueConsumers) {
      const id = queueId(entry.queue);
      const deadLetterId = statefulId(stacks.stateful.deadLetterQueues.get(entry.queue)!);
      expect(queues[id]?.Properties).toMatchObject({
        VisibilityTimeout: entry.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] },
          maxReceiveCount: entry.maxReceiveCount,
        },
      });
      expect(queues[deadLetterId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
      for (const queue of [id, deadLetterId]) {
        expect(queuePolicies, `${queue} enforces SSL`).toContain(queue);
      }
      expect(queuePolicies).toContain('"aws:SecureTransport":"false"');
    }
  });
});

describe('least privilege from needs', () => {
  it('grants each function exactly the table access its needs declare', () => {
    for (const entry of manifest) {
      for (const name of Object.keys(tableDefinitions) as TableName[]) {
        const access = entry.needs.tables?.[name];
        const label = `${entry.id} on ${name}`;
        const actions = allowedOn(entry, tableId(name));
        if (!access) {
          expect(actions, label).toEqual([]);
          continue;
        }
        for (const read of DYNAMO_READS) expect(allows(entry, read, tableId(name)), `${label}: ${read}`).toBe(true);
        for (const write of DYNAMO_WRITES) {
          expect(allows(entry, write, tableId(name)), `${label}: ${write}`).toBe(access === 'readwrite');
        }
      }
      // No DynamoDB action on anything but the declared tables (no wildcard resources).
      const declared = Object.keys(entry.needs.tables ?? {}) as TableName[];
      for (const statement of statementsOf(entry)) {
        if (!actionsOf(statement).some((a) => a.startsWith('dynamodb:'))) continue;
        expect(
          declared.some((name) => refersTo(statement.Resource, tableId(name))),
          entry.id,
        ).toBe(true);
      }
    }
  });

  it('keeps read-only functions from writing: records "read" means no PutItem, BatchWriteItem or DeleteItem', () => {
    const readers = manifest.filter((e) => e.needs.tables?.records === 'read');
    expect(readers.length).toBeGreaterThan(0);
    for (const entry of readers) {
      for (const action of ['dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem']) {
        expect(allows(entry, action, tableId('records')), `${entry.id}: ${action}`).toBe(false);
      }
    }
  });

  it('grants bucket access only as declared', () => {
    for (const entry of manifest) {
      const actions = allowedOn(entry, bucketId());
      if (!entry.needs.bucket) {
        expect(actions, entry.id).toEqual([]);
        expect(
          allowedOn(entry).some((a) => a.startsWith('s3:')),
          entry.id,
        ).toBe(false);
        continue;
      }
      expect(allows(entry, 's3:GetObject', bucketId()), entry.id).toBe(true);
      if (entry.needs.bucket === 'read' && entry.needs.cachesEmbeddings) {
        expect(embeddingCacheOnly(entry), entry.id).toBe(true);
        continue;
      }
      for (const write of S3_WRITES) {
        expect(allows(entry, write, bucketId()), `${entry.id}: ${write}`).toBe(entry.needs.bucket === 'readwrite');
      }
    }
  });

  it('lets the embedding cache write only under its prefix, and delete nothing', () => {
    const caching = manifest.filter((e) => e.needs.cachesEmbeddings);
    expect(caching.map((e) => e.id).sort()).toEqual(['create-extraction', 'create-standardization']);
    for (const entry of caching) {
      expect(allows(entry, 's3:PutObject', bucketId()), entry.id).toBe(true);
      expect(allows(entry, 's3:DeleteObject', bucketId()), entry.id).toBe(false);
      expect(embeddingCacheOnly(entry), entry.id).toBe(true);
    }
  });

  it('lets only declared senders send, and only to the queues they declare', () => {
    for (const entry of manifest) {
      const sendsTo = entry.needs.sendsTo ?? [];
      expect(allows(entry, 'sqs:SendMessage'), entry.id).toBe(sendsTo.length > 0);
      for (const consumer of queueConsumers) {
        expect(allows(entry, 'sqs:SendMessage', queueId(consumer.queue)), `${entry.id} → ${consumer.queue}`).toBe(
          sendsTo.includes(consumer.queue),
        );
      }
    }
  });

  it('lets only a queue consumer receive, and only from its own queue', () => {
    for (const entry of manifest) {
      const own = entry.kind === 'queue' ? entry.queue : undefined;
      expect(allows(entry, 'sqs:ReceiveMessage'), entry.id).toBe(own !== undefined);
      for (const consumer of queueConsumers) {
        expect(allows(entry, 'sqs:ReceiveMessage', queueId(consumer.queue)), entry.id).toBe(consumer.queue === own);
      }
    }
  });
});

describe('asynchronous OCR (Textract → SNS → SQS)', () => {
  const textractConsumers = queueConsumers.filter((c) => c.fedByTextract);

  it('has one topic, encrypted with the SNS managed key, refusing plain HTTP', () => {
    const topics = resources(stateful, 'AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    expect(topics[0]?.[0]).toBe(topicId());
    expect(JSON.stringify(topics[0]?.[1].Properties.KmsMasterKeyId)).toContain(':alias/aws/sns');
    const policies = resources(stateful, 'AWS::SNS::TopicPolicy').filter(([, p]) =>
      refersTo(p.Properties.Topics, topicId()),
    );
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
  });

  it("subscribes the Textract-fed consumer's queue with raw delivery, and lets only the topic send to it", () => {
    expect(textractConsumers.map((c) => c.id)).toEqual(['collect-ocr']);
    const subscriptions = resources(stateful, 'AWS::SNS::Subscription');
    expect(subscriptions).toHaveLength(textractConsumers.length);
    for (const consumer of textractConsumers) {
      const [, subscription] = subscriptions.find(([, sub]) =>
        refersTo(sub.Properties.Endpoint, queueId(consumer.queue)),
      )!;
      expect(subscription.Properties).toMatchObject({
        Protocol: 'sqs',
        RawMessageDelivery: true,
        TopicArn: { Ref: topicId() },
      });
      // A completion SNS cannot deliver is kept in its own dead-letter queue, not dropped.
      const deadLetterId = statefulId(stacks.stateful.ocrDeliveryDeadLetterQueue!);
      expect(subscription.Properties.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] },
      });
      const statements = resources(stateful, 'AWS::SQS::QueuePolicy')
        .filter(([, p]) => refersTo(p.Properties.Queues, queueId(consumer.queue)))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((st) => st.Effect === 'Allow');
      expect(statements).toEqual([
        expect.objectContaining({
          Action: 'sqs:SendMessage',
          Principal: { Service: 'sns.amazonaws.com' },
          Condition: { ArnEquals: { 'aws:SourceArn': { Ref: topicId() } } },
        }),
      ]);
    }
  });

  it('has a role only Textract, for this account, can assume, allowed to publish on the topic and nothing else', () => {
    const role = stateful.toJSON().Resources[textractRoleId()] as Resource;
    const trust = (role.Properties.AssumeRolePolicyDocument as { Statement: Statement[] }).Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0]).toMatchObject({
      Action: 'sts:AssumeRole',
      Effect: 'Allow',
      Principal: { Service: 'textract.amazonaws.com' },
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(JSON.stringify(trust[0]?.Condition?.ArnLike)).toContain(':textract:');
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = resources(stateful, 'AWS::IAM::Policy')
      .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => refersTo(r, textractRoleId())))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    expect(statements).toEqual([{ Action: 'sns:Publish', Effect: 'Allow', Resource: { Ref: topicId() } }]);
  });

  it('lets starters start analyses and pass only that role to Textract, collectors read results, no one else', () => {
    for (const entry of manifest) {
      const jobs = entry.needs.textractJobs;
      expect(allows(entry, 'textract:DetectDocumentText'), entry.id).toBe(Boolean(entry.needs.usesTextract));
      expect(allows(entry, 'textract:StartDocumentAnalysis'), entry.id).toBe(jobs === 'start');
      expect(allows(entry, 'textract:GetDocumentAnalysis'), entry.id).toBe(jobs === 'collect');
      const passRole = statementsOf(entry).filter((st) => actionsOf(st).some((a) => covers(a, 'iam:PassRole')));
      if (jobs !== 'start') {
        expect(passRole, entry.id).toEqual([]);
        continue;
      }
      expect(passRole).toHaveLength(1);
      expect(refersTo(passRole[0]?.Resource, textractRoleId())).toBe(true);
      expect(passRole[0]?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'textract.amazonaws.com' } });
      // Textract reads the analysed object with the starter's own permissions (SSE-S3: no KMS key involved).
      expect(allows(entry, 's3:GetObject', bucketId()), entry.id).toBe(true);
    }
    expect(manifest.filter((e) => e.needs.textractJobs === 'start').map((e) => e.id)).toEqual(['extract-files']);
    expect(manifest.filter((e) => e.needs.textractJobs === 'collect').map((e) => e.id)).toEqual(['collect-ocr']);
  });
});

describe('entries beyond the current manifest', () => {
  const health = httpRoutes[0]!;

  function synthesize(entries: ManifestEntry[]): Template {
    const app = new App();
    const env = { region: REGION };
    const stateful = new StatefulStack(app, 'ProbeStateful', { env });
    return flatTemplate(new StatelessStack(app, 'ProbeStateless', { env, stateful, entries }));
  }

  it('routes a greedy {name+} path', () => {
    const template = synthesize([{ ...health, id: 'get-file-content', path: '/v1/files/{file_id+}' } as ManifestEntry]);
    template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: '{file_id+}' });
  });

  it('refuses an HTTP route longer than the API Gateway integration timeout', () => {
    const slow = { ...health, id: 'slow', needs: { timeoutSeconds: 60 } } as ManifestEntry;
    expect(() => synthesize([slow])).toThrow(/cannot run longer than 29 s/);
  });

  it('refuses an entry that starts Textract jobs without bucket access, which Textract would read with', () => {
    const starter = queueConsumers.find((c) => c.needs.textractJobs === 'start')!;
    const blind = { ...starter, needs: { ...starter.needs, bucket: undefined } };
    expect(() => synthesize([blind])).toThrow(/needs bucket access/);
  });

  it('refuses a queue consumer whose visibility timeout is under 6 × its timeout', () => {
    const consumer = queueConsumers[0]!;
    const slow = { ...consumer, needs: { timeoutSeconds: Math.ceil(consumer.visibilityTimeoutSeconds / 6) + 1 } };
    expect(() => synthesize([slow])).toThrow(/at least 6 ×/);
  });

  it('refuses a queue consumer with fewer than 5 deliveries or an unbounded event source', () => {
    const consumer = queueConsumers[0]!;
    expect(() => synthesize([{ ...consumer, maxReceiveCount: 3 }])).toThrow(/maxReceiveCount must be at least 5/);
    expect(() => synthesize([{ ...consumer, maxConcurrency: 1 }])).toThrow(/maximum concurrency is 2–1000/);
  });
});

describe('the upstream model in the cloud', () => {
  it('takes the model from context and lets only model-using functions read the key secret', () => {
    const app = new App({
      context: {
        'hds:modelBaseUrl': 'https://api.example.com/v1',
        'hds:modelFlash': 'small-model',
        'hds:modelKeySecret': 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:hds/openai-AbCdEf',
      },
    });
    const stateful = new StatefulStack(app, 'ModelStateful', { env: { region: REGION } });
    const entries = [
      httpRoutes.find((r) => r.id === 'create-chat-completion')!,
      httpRoutes.find((r) => r.id === 'list-data')!,
      // The health probe reads the key to ask the upstream's /models (probesModel), without the model's code.
      httpRoutes.find((r) => r.id === 'get-health')!,
    ];
    const template = flatTemplate(
      new StatelessStack(app, 'ModelStateless', { env: { region: REGION }, stateful, entries }),
    );
    const fns = resources(template, 'AWS::Lambda::Function');
    for (const [, fn] of fns) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        OPENAI_BASE_URL: 'https://api.example.com/v1',
        HDS_MODEL_FLASH: 'small-model',
        HDS_OPENAI_API_KEY_SECRET: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:hds/openai-AbCdEf',
      });
      expect(Object.keys(variables)).not.toContain('OPENAI_API_KEY');
    }
    const policies = resources(template, 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p.Properties));
    const readers = policies.filter((p) => p.includes('secretsmanager:GetSecretValue'));
    expect(readers).toHaveLength(2);
    for (const reader of readers) expect(reader).toContain('hds/openai-AbCdEf');
    expect(readers.some((r) => r.includes('CreateChatCompletion'))).toBe(true);
    expect(readers.some((r) => r.includes('GetHealth'))).toBe(true);
    expect(readers.some((r) => r.includes('ListData'))).toBe(false);
  });
});

describe('the knowledge tools in the cloud', () => {
  it('passes their context on and lets only the answering functions read the NCBI key secret', () => {
    const app = new App({
      context: {
        'hds:knowledgeTools': 'search_medical_literature,get_clinical_trials',
        'hds:ncbiKeySecret': 'hds/ncbi',
        'hds:ncbiEmail': 'ops@example.com',
      },
    });
    const stateful = new StatefulStack(app, 'KnowledgeStateful', { env: { region: REGION } });
    const entries = [
      httpRoutes.find((r) => r.id === 'create-response')!,
      httpRoutes.find((r) => r.id === 'list-data')!,
    ];
    const template = flatTemplate(
      new StatelessStack(app, 'KnowledgeStateless', { env: { region: REGION }, stateful, entries }),
    );
    for (const [, fn] of resources(template, 'AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        HDS_KNOWLEDGE_TOOLS: 'search_medical_literature,get_clinical_trials',
        HDS_NCBI_API_KEY_SECRET: 'hds/ncbi',
        HDS_NCBI_EMAIL: 'ops@example.com',
      });
      expect(Object.keys(variables)).not.toContain('NCBI_API_KEY');
    }
    const readers = resources(template, 'AWS::IAM::Policy')
      .map(([, p]) => JSON.stringify(p.Properties))
      .filter((p) => p.includes('secretsmanager:GetSecretValue'));
    expect(readers).toHaveLength(1);
    expect(readers[0]).toContain('hds/ncbi');
    expect(readers[0]).toContain('CreateResponse');
  });
});

/** EventBridge's rate as CDK writes it: whole days, else whole hours, else minutes (`rate(1 day)` for 1440). */
function rateExpression(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `rate(${n} ${n === 1 ? unit : `${unit}s`})`;
}
