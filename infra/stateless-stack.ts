import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  EndpointType,
  LambdaIntegration,
  MethodLoggingLevel,
  ResponseTransferMode,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  PayloadFormatVersion,
  type ThrottleSettings,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  type Access,
  type HttpRoute,
  type ManifestEntry,
  manifest,
  type Needs,
  type QueueConsumer,
  type ScheduledJob,
  type TableName,
  type WebSocketRoute,
} from '../functions/routes';
import { tableDefinitions } from '../shared/adapters/dynamo/table-definitions';
import { CLOUD_WS_MAX_CHUNK_BYTES } from '../shared/domain/stream-limits';
import { lambdaBundle } from './bundling';
import { pascalCase, queueUrlEnvVar } from './naming';
import type { StatefulStack } from './stateful-stack';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** An HTTP API waits at most 30 s for its integration; a longer function would answer nobody. */
const HTTP_INTEGRATION_LIMIT_SECONDS = 29;
/** A streamed REST response may run 15 minutes (idle timeout 5 minutes on Regional endpoints). */
const STREAM_INTEGRATION_LIMIT_SECONDS = 15 * 60;
/** The streaming REST API's stage; its routes keep their `/v1/...` paths under it. */
export const STREAMING_STAGE_NAME = 'live';
const LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * Stage-wide throttling is only a coarse backstop against floods: the contract's per-account × route ×
 * minute limits (with `Retry-After`) are counted in the rate-limit table by the shared middleware,
 * because an HTTP API can only throttle per stage or route, for all callers together.
 */
export const STAGE_THROTTLE: ThrottleSettings = { rateLimit: 500, burstLimit: 1000 };

/** The WebSocket API's stage: its URL is `wss://{api}.execute-api.{region}.amazonaws.com/v1`. */
export const WS_STAGE_NAME = 'v1';

/** The `NodejsFunction` form of `infra/bundling.ts`, so CDK and a plain esbuild call build the same bundle. */
const bundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: lambdaBundle.target,
  minify: lambdaBundle.minify,
  sourceMap: lambdaBundle.sourcemap,
  sourcesContent: lambdaBundle.sourcesContent,
  mainFields: [...lambdaBundle.mainFields],
  banner: lambdaBundle.banner,
  bundleAwsSDK: true,
  externalModules: [...lambdaBundle.external],
  // Warnings and errors only: bundle sizes for every function would bury them in each synth's output.
  logLevel: LogLevel.WARNING,
};

export interface StatelessStackProps extends StackProps {
  stateful: StatefulStack;
  /** The entries to host; the route manifest unless a test hands in its own. */
  entries?: readonly ManifestEntry[];
}

/**
 * Everything that runs: one function per manifest entry, wired to what invokes it (HTTP API route, queue,
 * schedule) and granted exactly the data access its `needs` declare.
 */
export class StatelessStack extends Stack {
  readonly httpApi: HttpApi;
  readonly httpStage: HttpStage;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  /** Streaming routes (chat completions, responses): HTTP APIs buffer, a REST API in STREAM mode does not. */
  readonly streamingApi: RestApi | undefined;
  /** By manifest id. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;

  private readonly stateful: StatefulStack;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    this.stateful = props.stateful;

    // No API Gateway authorizer: the handlers' shared middleware authenticates API keys itself (hashing the
    // key, looking it up, refusing keys of other regions), in one place for both hosts, so the local runtime
    // and the cloud cannot drift apart on who gets in; an authorizer would be a second copy of that rule.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'HDS HTTP routes (/v1, /api)',
      createDefaultStage: false,
    });
    this.httpStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
    });

    // The streamed-upload path (/v1/files/stream); a custom domain can map it to that path.
    this.webSocketApi = new WebSocketApi(this, 'FileStreamApi', {
      description: 'HDS streamed uploads (/v1/files/stream)',
    });
    this.webSocketStage = new WebSocketStage(this, 'FileStreamStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE_NAME,
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
    });

    // Server-sent events need a REST API: its Lambda proxy integration in STREAM transfer mode invokes the
    // function with InvokeWithResponseStream and passes each written chunk on (HTTP APIs buffer whole answers).
    const entries = props.entries ?? manifest;
    this.streamingApi = !entries.some((e) => e.kind === 'http' && e.streaming)
      ? undefined
      : new RestApi(this, 'StreamingApi', {
          description: 'HDS streaming routes (/v1/chat/completions, /v1/responses)',
          endpointConfiguration: { types: [EndpointType.REGIONAL] },
          deployOptions: {
            stageName: STREAMING_STAGE_NAME,
            throttlingRateLimit: STAGE_THROTTLE.rateLimit,
            throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
            loggingLevel: MethodLoggingLevel.OFF,
          },
          cloudWatchRole: false,
        });

    const environment = this.functionEnvironment();
    const functions = new Map<string, NodejsFunction>();
    for (const entry of entries) {
      checkLimits(entry);
      const fn = this.addFunction(entry, environment);
      functions.set(entry.id, fn);
      // One branch per entry kind; the `never` check below turns a kind without a case into a compile error.
      switch (entry.kind) {
        case 'http':
          if (entry.streaming) this.addStreamingRoute(entry, fn);
          else this.addHttpRoute(entry, fn);
          break;
        case 'websocket':
          this.addWebSocketRoute(entry, fn);
          break;
        case 'queue':
          this.addQueueConsumer(entry, fn);
          break;
        case 'schedule':
          this.addSchedule(entry, fn);
          break;
        default: {
          const unwired: never = entry;
          throw new Error(`No wiring for manifest entry ${JSON.stringify(unwired)}`);
        }
      }
    }
    this.functions = functions;

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpStage.url, description: 'Base URL of the HTTP API' });
    if (this.streamingApi) {
      new CfnOutput(this, 'StreamingApiUrl', {
        value: this.streamingApi.url,
        description: 'Base URL of the streaming routes (append /v1/chat/completions or /v1/responses)',
      });
    }
    new CfnOutput(this, 'FileStreamUrl', {
      value: this.webSocketStage.url,
      description: 'WebSocket URL of the streamed-upload path',
    });
  }

  /**
   * Every function sees every resource name; its IAM policy, not its environment, limits what it can touch.
   * The upstream model comes from context (`hds:modelBaseUrl`, `hds:modelFlash`, `hds:modelExpert`,
   * `hds:modelKeySecret`): the key itself stays in Secrets Manager, never in the template or the environment.
   */
  private functionEnvironment(): Record<string, string> {
    const model = modelContext(this);
    const environment: Record<string, string> = {
      ...(model.baseUrl ? { OPENAI_BASE_URL: model.baseUrl } : {}),
      ...(model.flash ? { HDS_MODEL_FLASH: model.flash } : {}),
      ...(model.expert ? { HDS_MODEL_EXPERT: model.expert } : {}),
      ...(model.keySecret ? { HDS_OPENAI_API_KEY_SECRET: model.keySecret } : {}),
      HDS_REGION: Stack.of(this).region,
      HDS_BUCKET: this.stateful.bucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
      HDS_WS_CALLBACK_URL: this.webSocketStage.callbackUrl,
      HDS_WS_MAX_CHUNK_BYTES: String(CLOUD_WS_MAX_CHUNK_BYTES),
      HDS_TEXTRACT_TOPIC_ARN: this.stateful.ocrTopic.topicArn,
      HDS_TEXTRACT_ROLE_ARN: this.stateful.textractPublishRole.roleArn,
    };
    for (const definition of Object.values(tableDefinitions)) {
      environment[definition.envVar] = this.stateful.tables[definition.name].tableName;
    }
    for (const [name, queue] of this.stateful.queues) environment[queueUrlEnvVar(name)] = queue.queueUrl;
    return environment;
  }

  private addFunction(entry: ManifestEntry, environment: Record<string, string>): NodejsFunction {
    const name = pascalCase(entry.id);
    const logGroup = new LogGroup(this, `${name}Logs`, { retention: LOG_RETENTION });
    const fn = new NodejsFunction(this, `${name}Function`, {
      entry: join(repoRoot, 'functions', entry.handler),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: entry.needs.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(timeoutSeconds(entry)),
      description: `${entry.id}: ${entry.description}`,
      environment,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling,
    });
    this.grantNeeds(fn, entry.needs);
    return fn;
  }

  /** Least privilege, read straight from `needs`: nothing is granted that the entry does not declare. */
  private grantNeeds(fn: NodejsFunction, needs: Needs): void {
    for (const [name, access] of Object.entries(needs.tables ?? {}) as [TableName, Access | undefined][]) {
      const table = this.stateful.tables[name];
      if (access === 'readwrite') table.grantReadWriteData(fn);
      else if (access === 'read') table.grantReadData(fn);
    }
    if (needs.bucket === 'readwrite') this.stateful.bucket.grantReadWrite(fn);
    else if (needs.bucket === 'read') this.stateful.bucket.grantRead(fn);
    for (const queue of needs.sendsTo ?? []) this.stateful.queue(queue).grantSendMessages(fn);
    if (needs.postsToConnections) this.webSocketStage.grantManagementApiAccess(fn);
    const { keySecret } = modelContext(this);
    if (needs.usesModel && keySecret) {
      // An ARN names the secret exactly; a bare name matches its ARN with the random suffix Secrets Manager adds.
      const secret = keySecret.startsWith('arn:')
        ? Secret.fromSecretCompleteArn(this, `${fn.node.id}ModelKey`, keySecret)
        : Secret.fromSecretNameV2(this, `${fn.node.id}ModelKey`, keySecret);
      secret.grantRead(fn);
    }
    if (needs.usesTextract) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['textract:DetectDocumentText', 'textract:AnalyzeDocument'],
          resources: ['*'],
        }),
      );
    }
    // Textract has no resource-level permissions for its operations, hence '*'. It reads a job's object with the
    // caller's own S3 access (the bucket grant above; SSE-S3, so no KMS grant), and publishes the completion as
    // the role passed here, which is the only role these functions may pass.
    if (needs.textractJobs === 'start') {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['textract:StartDocumentAnalysis'], resources: ['*'] }));
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [this.stateful.textractPublishRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'textract.amazonaws.com' } },
        }),
      );
    }
    if (needs.textractJobs === 'collect') {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['textract:GetDocumentAnalysis'], resources: ['*'] }));
    }
  }

  private addHttpRoute(entry: HttpRoute, fn: NodejsFunction): void {
    this.httpApi.addRoutes({
      path: entry.path,
      methods: [HttpMethod[entry.method]],
      integration: new HttpLambdaIntegration(`${pascalCase(entry.id)}Integration`, fn, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
    });
  }

  /** A streaming route: REST API method, Lambda proxy integration in STREAM transfer mode (format 1.0 events). */
  private addStreamingRoute(entry: HttpRoute, fn: NodejsFunction): void {
    if (!this.streamingApi) throw new Error(`${entry.id}: no streaming API was created`);
    const resource = this.streamingApi.root.resourceForPath(entry.path);
    resource.addMethod(
      entry.method,
      new LambdaIntegration(fn, {
        proxy: true,
        responseTransferMode: ResponseTransferMode.STREAM,
        timeout: Duration.seconds(timeoutSeconds(entry)),
      }),
    );
  }

  private addWebSocketRoute(entry: WebSocketRoute, fn: NodejsFunction): void {
    this.webSocketApi.addRoute(entry.routeKey, {
      integration: new WebSocketLambdaIntegration(`${pascalCase(entry.id)}Integration`, fn),
    });
  }

  private addQueueConsumer(entry: QueueConsumer, fn: NodejsFunction): void {
    // The event source also grants the function receive/delete/attributes on this queue, and nothing else.
    fn.addEventSource(
      new SqsEventSource(this.stateful.queue(entry.queue), {
        batchSize: entry.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: entry.maxConcurrency,
      }),
    );
  }

  private addSchedule(entry: ScheduledJob, fn: NodejsFunction): void {
    const name = pascalCase(entry.id);
    // In this stack, beside the rule: EventBridge's permission to send names the rule, which lives here.
    const deadLetterQueue = new Queue(this, `${name}ScheduleDeadLetterQueue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    new Rule(this, `${name}Schedule`, {
      description: entry.description,
      schedule: Schedule.rate(Duration.minutes(entry.everyMinutes)),
      targets: [
        new LambdaFunction(fn, {
          // A run older than one period is superseded by the next one; don't let retries pile up behind it. An
          // invocation EventBridge could not make (throttled, the function missing) is kept, not dropped.
          maxEventAge: Duration.minutes(Math.max(1, entry.everyMinutes)),
          retryAttempts: 2,
          deadLetterQueue,
        }),
      ],
    });
  }
}

/** The upstream model's settings from CDK context (`cdk deploy -c hds:modelKeySecret=arn:…`). */
function modelContext(scope: Construct): { baseUrl?: string; flash?: string; expert?: string; keySecret?: string } {
  const read = (key: string) => {
    const value = scope.node.tryGetContext(`hds:${key}`);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  return {
    baseUrl: read('modelBaseUrl'),
    flash: read('modelFlash'),
    expert: read('modelExpert'),
    keySecret: read('modelKeySecret'),
  };
}

function timeoutSeconds(entry: ManifestEntry): number {
  return entry.needs.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
}

/** Fails synthesis, before any bundling, on an entry AWS would refuse or could never serve. */
function checkLimits(entry: ManifestEntry): void {
  const timeout = timeoutSeconds(entry);
  if (entry.kind === 'http' && entry.streaming) {
    if (timeout > STREAM_INTEGRATION_LIMIT_SECONDS) {
      throw new Error(`${entry.id}: a streamed response cannot run longer than ${STREAM_INTEGRATION_LIMIT_SECONDS} s`);
    }
  } else if ((entry.kind === 'http' || entry.kind === 'websocket') && timeout > HTTP_INTEGRATION_LIMIT_SECONDS) {
    throw new Error(`${entry.id}: an HTTP API route cannot run longer than ${HTTP_INTEGRATION_LIMIT_SECONDS} s`);
  }
  if (entry.needs.textractJobs === 'start' && !entry.needs.bucket) {
    throw new Error(`${entry.id}: starting Textract jobs needs bucket access, as Textract reads with the caller's`);
  }
  if (entry.kind === 'queue') {
    // AWS's guidance for Lambda SQS sources: the visibility timeout at least 6× the function's timeout, so retries of
    // a throttled batch fit in it; at least 5 deliveries before the dead-letter queue, so throttling alone never
    // dead-letters a message; an event source concurrency of 2–1000.
    if (entry.visibilityTimeoutSeconds < 6 * timeout) {
      throw new Error(
        `${entry.id}: the visibility timeout of '${entry.queue}' must be at least 6 × its ${timeout} s timeout`,
      );
    }
    if (entry.visibilityTimeoutSeconds > 43_200)
      throw new Error(`${entry.id}: SQS visibility timeouts stop at 12 hours`);
    if (entry.maxReceiveCount < 5) throw new Error(`${entry.id}: maxReceiveCount must be at least 5`);
    if (entry.maxConcurrency < 2 || entry.maxConcurrency > 1000) {
      throw new Error(`${entry.id}: an SQS event source's maximum concurrency is 2–1000`);
    }
  }
}
