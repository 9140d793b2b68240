import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type QueueConsumer, type QueueName, queueConsumers, type TableName } from '../functions/routes';
import { type TableDefinition, tableDefinitions } from '../shared/adapters/dynamo/table-definitions';
import { STAGED_PREFIXES } from '../shared/domain/upload-owner';
import { EXPIRING_BODY_MAX_DAYS, EXPIRING_BODY_TAG } from '../shared/ports/conversation-store';
import { EXPORT_OBJECT_MAX_DAYS, EXPORT_OBJECT_TAG } from '../shared/ports/export-store';
import { pascalCase } from './naming';

/** How long a message that exhausted its deliveries waits in a dead-letter queue: SQS's maximum. */
const DEAD_LETTER_RETENTION = Duration.days(14);
/**
 * How long S3 server access logs (who read or wrote which object, when) are kept: long enough to answer an audit
 * about the past year; the function and API logs, which say more, keep one month.
 */
export const ACCESS_LOG_RETENTION_DAYS = 400;

/**
 * Everything that holds data or carries it between functions: one table per table definition, the files bucket,
 * one queue (with its dead-letter queue) per queue the manifest consumes, and the topic Textract announces finished
 * analyses on (with the role it publishes as). Kept apart from the functions so the stateless stack can be replaced
 * or destroyed freely; tables, bucket and queues are retained when removed.
 */
export class StatefulStack extends Stack {
  /**
   * The customer-managed key over health data at rest and every log that could describe it: the tables, the files
   * bucket and the log groups of both stacks. The operator can audit its use in CloudTrail, rotate it, and revoke it.
   */
  readonly dataKey: Key;
  readonly tables: Readonly<Record<TableName, Table>>;
  readonly bucket: Bucket;
  /** Where S3 writes the files bucket's server access logs; nothing else is stored there. */
  readonly accessLogsBucket: Bucket;
  readonly queues: ReadonlyMap<QueueName, Queue>;
  readonly deadLetterQueues: ReadonlyMap<QueueName, Queue>;
  /** Where Textract completions go that SNS could not deliver to the OCR queue. */
  ocrDeliveryDeadLetterQueue?: Queue;
  /** Where Textract announces the end of asynchronous analyses (`NotificationChannel.SNSTopicArn`). */
  readonly ocrTopic: Topic;
  /** The role Textract assumes to publish on `ocrTopic` (`NotificationChannel.RoleArn`). */
  readonly textractPublishRole: Role;
  /**
   * Signs access tokens (RS256): an RSA_2048 SIGN_VERIFY key whose private half never leaves KMS. Retained, so tokens
   * issued before a replacement of the stack still verify.
   */
  readonly tokenSigningKey: Key;
  /** The pepper that keys email addresses and login codes in the identity table: generated, never in the template. */
  readonly authPepper: Secret;
  /**
   * Wraps the data keys of wearable providers' tokens (design wearables §5): apart from the data key, so only the
   * functions whose manifest names `pulseVault` can open tokens, under an encryption-context condition. Retained.
   */
  readonly pulseTokenKey: Key;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    // S3 delivers access logs under a bucket policy, with ACLs off on the log bucket (S3's default for new buckets).
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);

    this.dataKey = new Key(this, 'DataKey', {
      description: 'HDS health data at rest: tables, files bucket, log groups',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs encrypts with the key itself, for log groups of this account and region only.
    this.dataKey.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal(`logs.${this.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${this.partition}:logs:${this.region}:${this.account}:log-group:*`,
          },
        },
      }),
    );

    this.tokenSigningKey = new Key(this, 'TokenSigningKey', {
      description: 'HDS access-token signing (RS256); verifiers read the public key from the published JWKS',
      keySpec: KeySpec.RSA_2048,
      keyUsage: KeyUsage.SIGN_VERIFY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.pulseTokenKey = new Key(this, 'PulseTokenKey', {
      description: 'HDS wearable provider tokens: envelope encryption of OAuth tokens at rest',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.authPepper = new Secret(this, 'AuthPepper', {
      description: 'HDS: keys email addresses and sign-in codes (HMAC pepper)',
      encryptionKey: this.dataKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const tables: Partial<Record<TableName, Table>> = {};
    for (const definition of Object.values(tableDefinitions)) tables[definition.name] = this.addTable(definition);
    this.tables = tables as Record<TableName, Table>;

    // S3 delivers server access logs only to a bucket with SSE-S3 encryption; object keys, never contents, go there.
    this.accessLogsBucket = new Bucket(this, 'AccessLogsBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new Bucket(this, 'FilesBucket', {
      encryption: BucketEncryption.KMS,
      encryptionKey: this.dataKey,
      // S3 Bucket Keys: object keys derive from a bucket-level key, so uploads and reads do not each call KMS.
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'files/',
      // Deletions are erasures (retention, DELETE, a Subject's erasure): an old version kept would outlive them.
      versioned: false,
      // Large uploads are multipart; parts of abandoned uploads are billed until aborted.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Staged bytes (upload chunks, bodies in flight, presigned objects never finalized) never outlive a day,
        // whoever they belong to and whatever went wrong.
        ...Object.values(STAGED_PREFIXES).map((prefix) => ({ prefix, expiration: Duration.days(1) })),
        // The body of an expiring stored response goes a day after the response, even if its item went first.
        {
          tagFilters: { [EXPIRING_BODY_TAG.key]: EXPIRING_BODY_TAG.value },
          expiration: Duration.days(EXPIRING_BODY_MAX_DAYS),
        },
        // A bulk export's file: its export (and every link to it) is gone within a day; the bytes follow here even if
        // neither a delete nor the Subject's erase removed them.
        {
          tagFilters: { [EXPORT_OBJECT_TAG.key]: EXPORT_OBJECT_TAG.value },
          expiration: Duration.days(EXPORT_OBJECT_MAX_DAYS),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.ocrTopic = new Topic(this, 'OcrResultsTopic', {
      // SNS's AWS managed key, as the tables, bucket and queues use their services' own keys: nothing to rotate,
      // and its key policy lets principals of this account (the Textract role included) publish through SNS.
      masterKey: Alias.fromAliasName(this, 'SnsManagedKey', 'alias/aws/sns'),
      enforceSSL: true,
    });
    this.textractPublishRole = new Role(this, 'TextractPublishRole', {
      description: 'Assumed by Textract to announce finished document analyses on the OCR topic',
      // Confused-deputy guard: only Textract acting for this account, in this region, may assume it.
      assumedBy: new ServicePrincipal('textract.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': `arn:${this.partition}:textract:${this.region}:${this.account}:*` },
        },
      }),
    });
    this.ocrTopic.grantPublish(this.textractPublishRole);

    const queues = new Map<QueueName, Queue>();
    const deadLetterQueues = new Map<QueueName, Queue>();
    for (const consumer of queueConsumers) {
      if (queues.has(consumer.queue)) {
        // Two consumers on one SQS queue split its messages between them; that is never what a manifest means.
        throw new Error(`Queue '${consumer.queue}' has more than one consumer in the manifest`);
      }
      const { queue, deadLetterQueue } = this.addQueue(consumer);
      queues.set(consumer.queue, queue);
      deadLetterQueues.set(consumer.queue, deadLetterQueue);
      if (consumer.fedByBucketPrefix) {
        // Presigned uploads land under this prefix; S3 announces each new object on the consumer's queue.
        this.bucket.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(queue), {
          prefix: consumer.fedByBucketPrefix,
        });
      }
      // Raw delivery: the consumer reads Textract's message as the body, not wrapped in SNS's envelope. A completion
      // SNS cannot deliver (the queue unreachable, its key or policy broken) lands in its own dead-letter queue
      // instead of being dropped after SNS's retries, so the scanned file it announces can still be collected.
      if (consumer.fedByTextract) {
        this.ocrDeliveryDeadLetterQueue = this.deadLetterQueue('OcrDelivery');
        this.ocrTopic.addSubscription(
          new SqsSubscription(queue, { rawMessageDelivery: true, deadLetterQueue: this.ocrDeliveryDeadLetterQueue }),
        );
      }
    }
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;

    // What tools need to reach this deployment (`npm run keys -- create --outputs cdk-outputs.json`), by name.
    for (const definition of Object.values(tableDefinitions)) {
      new CfnOutput(this, `${pascalCase(definition.name)}TableName`, {
        value: this.tables[definition.name].tableName,
        description: `Physical name of the ${definition.name} table (${definition.envVar})`,
      });
    }
    new CfnOutput(this, 'FilesBucketName', { value: this.bucket.bucketName, description: 'File bucket (HDS_BUCKET)' });
    new CfnOutput(this, 'Region', { value: Stack.of(this).region, description: 'Region of this deployment' });
  }

  /** The queue named in the manifest; fails synthesis when no consumer declares it. */
  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue '${name}' is sent to but no manifest entry consumes it`);
    return queue;
  }

  private addTable(definition: TableDefinition): Table {
    const table = new Table(this, `${pascalCase(definition.name)}Table`, {
      partitionKey: { name: definition.partitionKey, type: AttributeType.STRING },
      ...(definition.sortKey ? { sortKey: { name: definition.sortKey, type: AttributeType.STRING } } : {}),
      billingMode: BillingMode.PAY_PER_REQUEST,
      // Garbage collection only: reads filter on the expiry themselves, since TTL deletes up to ~48 h late.
      timeToLiveAttribute: definition.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: {
          name: index.sortKey,
          type: index.sortKeyType === 'N' ? AttributeType.NUMBER : AttributeType.STRING,
        },
        ...(!index.projection
          ? { projectionType: ProjectionType.ALL }
          : index.projection.length === 0
            ? { projectionType: ProjectionType.KEYS_ONLY }
            : { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] }),
      });
    }
    return table;
  }

  /** A retained, encrypted queue for what could not be delivered or handled, kept 14 days for a look and a redrive. */
  deadLetterQueue(name: string): Queue {
    return new Queue(this, `${name}DeadLetterQueue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: DEAD_LETTER_RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  private addQueue(consumer: QueueConsumer): { queue: Queue; deadLetterQueue: Queue } {
    const name = pascalCase(consumer.queue);
    const deadLetterQueue = this.deadLetterQueue(name);
    const queue = new Queue(this, `${name}Queue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(consumer.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: consumer.maxReceiveCount },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    return { queue, deadLetterQueue };
  }
}
