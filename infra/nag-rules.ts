import {
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  Stack,
  type Stage,
  Validations,
} from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import type { HdsStacks } from './hds-stacks';

/**
 * cdk-nag's AWS Solutions and HIPAA Security packs run on every synthesis (`cdk synth`, `cdk deploy` and the
 * test suite): a finding nobody has answered stops it. Each finding HDS keeps is acknowledged below, on the
 * narrowest scope that holds it, with the reason it is right for this service; a new resource that breaks a rule
 * fails synthesis until it is fixed or given its own reason.
 */
export function addNagPacks(app: Stage): void {
  Validations.of(app).addPlugins(
    new GrantWildcardReview(app),
    new AwsSolutionsChecks(app),
    new HIPAASecurityChecks(app),
  );
}

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The action wildcards of CDK's own grant methods on a bucket or a key: families of reads, writes and deletes. */
const GRANT_ACTION_WILDCARDS = new Set([
  's3:GetObject*',
  's3:GetBucket*',
  's3:List*',
  's3:DeleteObject*',
  's3:Abort*',
  'kms:ReEncrypt*',
  'kms:GenerateDataKey*',
]);

/** Services whose actions have no resource-level permissions, so `*` is the only resource IAM accepts. */
const RESOURCELESS_ACTIONS = /^(textract:|xray:Put(TraceSegments|TelemetryRecords)$)/;

/**
 * Whether a wildcard in a statement is one this service has reviewed: an action family of a CDK grant, `*` for
 * actions that cannot name a resource, or a sub-resource wildcard of one named resource (a table's indexes, the
 * bucket's objects, the WebSocket stage's connections) under actions of that resource's own service.
 */
function reviewedWildcard(finding: string, statement: Statement): boolean {
  const actions = list(statement.Action);
  if (finding.startsWith('Action::')) return GRANT_ACTION_WILDCARDS.has(finding.slice('Action::'.length));
  const resource = finding.slice('Resource::'.length);
  if (resource === '*') return actions.every((action) => RESOURCELESS_ACTIONS.test(action));
  if (resource.endsWith('/index/*')) return actions.every((action) => action.startsWith('dynamodb:'));
  if (resource.endsWith('/@connections/*'))
    return actions.every((action) => action === 'execute-api:ManageConnections');
  // The bucket's objects, or those under one of its prefixes (the embedding cache's put-only grant).
  if (/Bucket[^/]*\/(?:[\w.-]+\/)*\*$/.test(resource)) return actions.every((action) => action.startsWith('s3:'));
  return false;
}

/**
 * Runs before the packs and acknowledges, finding by finding, the IAM wildcards {@link reviewedWildcard} accepts, in
 * the exact form AwsSolutions-IAM5 reports them; any other wildcard still fails synthesis.
 */
class GrantWildcardReview implements IPolicyValidationPlugin {
  readonly name = 'HDS-GrantWildcardReview';
  constructor(private readonly app: IConstruct) {}

  validate(): PolicyValidationPluginReport {
    for (const node of this.app.node.findAll()) {
      if (!(node instanceof CfnPolicy)) continue;
      const document = Stack.of(node).resolve(node.policyDocument) as { Statement?: Statement[] };
      for (const statement of document.Statement ?? []) {
        if (statement.Effect !== 'Allow') continue;
        const findings = [
          ...list(statement.Action)
            .filter((action) => action.includes('*'))
            .map((action) => `Action::${action}`),
          ...list(statement.Resource)
            .map((resource) => flattenCfnReference(resource) as string)
            .filter((resource) => resource.includes('*'))
            .map((resource) => `Resource::${resource}`),
        ];
        for (const finding of findings) {
          if (!reviewedWildcard(finding, statement)) continue;
          Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: WILDCARD_REASON });
        }
      }
    }
    return { success: true, violations: [] };
  }
}

interface Acknowledgement {
  id: string;
  reason: string;
}

/** Findings that hold for every function and every role CDK makes for them. */
const FUNCTIONS: Acknowledgement[] = [
  {
    id: 'AwsSolutions-L1',
    reason:
      'The functions run on nodejs22.x, the runtime the service is built and tested on (npm ci installs Node 22 for ' +
      'the tests); moving to a newer runtime is a tested change of its own.',
  },
  {
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason:
      "AWS's basic execution policy only lets a function write CloudWatch logs; its log group is set explicitly, " +
      'encrypted with the data key and expiring after a month.',
  },
  {
    id: 'HIPAA.Security-IAMNoInlinePolicy',
    reason:
      'Each role gets one CDK-generated policy naming exactly the tables, indexes, bucket, queues and key its ' +
      "manifest entry's `needs` declare (tested in stacks.test.ts); a shared managed policy would grant more.",
  },
  {
    id: 'HIPAA.Security-LambdaInsideVPC',
    reason:
      'The functions reach only AWS service endpoints (DynamoDB, S3, SQS, Textract, KMS) over TLS, authorized by ' +
      'IAM, and the model provider over HTTPS; there is no VPC resource to protect, and a VPC would add NAT or ' +
      'endpoint costs and cold-start time without narrowing who can read the data.',
  },
  {
    id: 'HIPAA.Security-LambdaDLQ',
    reason:
      'No function is invoked asynchronously by a caller that would lose an event: API Gateway invokes ' +
      'synchronously, SQS event sources dead-letter through each queue redrive policy, and schedules through ' +
      'their EventBridge target dead-letter queue (all tested in stacks.test.ts).',
  },
  {
    id: 'HIPAA.Security-LambdaConcurrency',
    reason:
      "Queue consumers are bounded by their event source's maximum concurrency (Textract callers at most 10); " +
      "reserved concurrency would take capacity from a fresh account's small regional pool and fail deploys there.",
  },
];

const WILDCARD_REASON =
  "A reviewed wildcard: an action family of CDK's least-privilege grant on one named resource, a sub-resource of " +
  "one named resource (a table's indexes, the bucket's objects, the WebSocket stage's connections), or `*` for " +
  'actions that have no resource-level permissions (Textract, X-Ray). stacks.test.ts checks every role against ' +
  'the needs of its manifest entry.';

/** The REST and WebSocket APIs. */
const APIS: Acknowledgement[] = [
  {
    id: 'AwsSolutions-APIG4',
    reason:
      'API keys are verified by the shared middleware in every function (hashed lookup, revocation, region), the ' +
      'one place for the cloud and the local runtime alike; an API Gateway authorizer would be a second copy.',
  },
  {
    id: 'AwsSolutions-COG4',
    reason: 'Partners authenticate with HDS API keys, not Cognito user pools; see AwsSolutions-APIG4.',
  },
  {
    id: 'AwsSolutions-APIG2',
    reason:
      'Every function validates its request with its zod schema and answers the contract error envelope with the ' +
      'offending `param`; API Gateway request validation would answer in another shape.',
  },
  {
    id: 'AwsSolutions-APIG3',
    reason:
      'Abuse is held by per-account rate limits in the rate-limit table, per-address limits on invalid keys and ' +
      'stage throttling. Managed WAF rules inspect bodies that are lab reports and health notes and would block ' +
      'legitimate ones; an operator can attach their own web ACL to the stage.',
  },
  {
    id: 'HIPAA.Security-APIGWSSLEnabled',
    reason:
      'Client certificates authenticate API Gateway to HTTP backends; every integration here is Lambda (AWS_PROXY), ' +
      'reached over AWS-signed calls. Clients reach the API over TLS only.',
  },
  {
    id: 'HIPAA.Security-APIGWCacheEnabledAndEncrypted',
    reason:
      'Caching is off on purpose: answers are per account and Subject and hold health data; a cache would keep them ' +
      'past an erasure or their retention.',
  },
];

/** The data: tables and buckets. */
const DATA: Acknowledgement[] = [
  {
    id: 'HIPAA.Security-DynamoDBInBackupPlan',
    reason:
      'Tables have point-in-time recovery (35 days). Backup plans would keep erased and expired health data for ' +
      'longer than the retention the contract promises.',
  },
  {
    id: 'HIPAA.Security-S3BucketVersioningEnabled',
    reason:
      'A delete is an erasure (retention, DELETE /v1/files, a Subject erased); an old version kept would outlive it.',
  },
  {
    id: 'HIPAA.Security-S3BucketReplicationEnabled',
    reason:
      'Data stays in the region its API key belongs to; a replica would also outlive erasures. Staged objects expire ' +
      'in a day and files follow their retention.',
  },
];

/** Resources whose findings are theirs alone. */
function perResource(stacks: HdsStacks): [IConstruct, Acknowledgement[]][] {
  const { stateful, stateless } = stacks;
  const deadLetterQueues: IConstruct[] = [
    ...(stateful.ocrDeliveryDeadLetterQueue ? [stateful.ocrDeliveryDeadLetterQueue] : []),
    ...stateless.scheduleDeadLetterQueues,
  ];
  const gatewayLogsRole = stateless.api.node.tryFindChild('CloudWatchRole');
  return [
    ...(gatewayLogsRole
      ? [
          [
            gatewayLogsRole,
            [
              {
                id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
                reason:
                  "API Gateway's account-wide logging role needs exactly AWS's push-to-CloudWatch-Logs policy, which " +
                  'AWS keeps current; the groups it writes are made first here, encrypted and expiring.',
              },
            ],
          ] as [IConstruct, Acknowledgement[]],
        ]
      : []),
    [
      stateful.accessLogsBucket,
      [
        {
          id: 'AwsSolutions-S1',
          reason: 'This is the server-access-log bucket; logging its own access would log without end.',
        },
        {
          id: 'HIPAA.Security-S3DefaultEncryptionKMS',
          reason: 'S3 delivers server access logs only to buckets encrypted with SSE-S3 (AES256).',
        },
      ],
    ],
    [
      stateful.authPepper,
      [
        { id: 'AwsSolutions-SMG4', reason: PEPPER_ROTATION_REASON },
        { id: 'HIPAA.Security-SecretsManagerRotationEnabled', reason: PEPPER_ROTATION_REASON },
      ],
    ],
    ...deadLetterQueues.map((queue): [IConstruct, Acknowledgement[]] => [
      queue,
      [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'This queue is itself a dead-letter queue (of the Textract SNS subscription or of a schedule target).',
        },
      ],
    ]),
  ];
}

const PEPPER_ROTATION_REASON =
  'The auth pepper is an HMAC key, not a credential: every stored email key and sign-in code MAC is derived from it, ' +
  'so rotating it would orphan the email of every account. It is generated by Secrets Manager, encrypted with the data key, ' +
  'readable only by the sign-in functions (needs.authPepper), and never leaves them.';

/** Records every acknowledgement on its scope; `addHdsStacks` calls it for each region's pair. */
export function acknowledgeNagFindings(stacks: HdsStacks): void {
  for (const ack of [...FUNCTIONS, ...DATA]) {
    Validations.of(stacks.stateful).acknowledge(ack);
    Validations.of(stacks.stateless).acknowledge(ack);
  }
  for (const ack of APIS) Validations.of(stacks.stateless).acknowledge(ack);
  for (const [scope, acks] of perResource(stacks)) for (const ack of acks) Validations.of(scope).acknowledge(ack);
}

/** Every reason written above, for the test that holds them to a minimum of substance. */
export const ACKNOWLEDGED_RULES = [
  ...FUNCTIONS,
  ...APIS,
  ...DATA,
  { id: 'AwsSolutions-IAM5[…]', reason: WILDCARD_REASON },
];
