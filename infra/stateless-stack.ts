import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LambdaIntegration, ResponseTransferMode, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type BundlingOptions, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
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
import { EMBEDDINGS_CACHE_PREFIX } from '../shared/config/resources';
import { PROVIDER_SLUGS } from '../shared/domain/pulse/providers';
import { CLOUD_WS_MAX_CHUNK_BYTES } from '../shared/domain/stream-limits';
import { encryptedLogGroup } from './audit-logs';
import { LAZY_IMPORTS, LAZY_PACKAGES, lambdaBundle, SHARED_IMPORTS } from './bundling';
import { type FunctionGroup, FunctionGroupStack, functionGroup } from './function-groups';
import { API_STAGE_NAME, pascalCase, queueUrlEnvVar } from './naming';
import { createRestApi, createWebSocketApi, customDomainsFrom, mapCustomDomains } from './public-api';
import type { StatefulStack } from './stateful-stack';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;
/** API Gateway waits at most 29 s for a buffered integration; a longer function would answer nobody. */
const BUFFERED_INTEGRATION_LIMIT_SECONDS = 29;
/** A streamed REST response may run 15 minutes (idle timeout 5 minutes on Regional endpoints). */
const STREAM_INTEGRATION_LIMIT_SECONDS = 15 * 60;
/** What the functions' structured logs and EMF metrics are filed under. */
export const SERVICE_NAME = 'hds';
export const METRICS_NAMESPACE = 'HDS';

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
  // Lazy packages and our own lazy modules (`#…`) stay out of the bundle, as in `esbuildOptionsFor`: inlined, they would
  // load at every cold start, and a module that reads a file beside itself (QuickJS's WASM) would not find it.
  externalModules: [...lambdaBundle.external, ...LAZY_PACKAGES, ...LAZY_IMPORTS, ...SHARED_IMPORTS],
  // The lazy modules a bundle imports, each bundled beside it (node_modules/ or lazy/, infra/bundling.ts). CDK runs the
  // hook in the project's root, where `--import tsx` resolves.
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      `"${process.execPath}" --import tsx "${join(inputDir, 'infra', 'build-lazy-packages.ts')}" "${outputDir}"`,
    ],
  },
  // Warnings and errors only: bundle sizes for every function would bury them in each synth's output.
  logLevel: LogLevel.WARNING,
};

/**
 * The console page's functions (`needs.consoleAssets`) bundle as every other, then get the built page copied into
 * their asset (`console/`), so one `cdk deploy` ships the page with the API that serves it.
 */
const consoleBundling: BundlingOptions = {
  ...bundling,
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      ...(bundling.commandHooks?.afterBundling(inputDir, outputDir) ?? []),
      `"${process.execPath}" --import tsx "${join(inputDir, 'infra', 'copy-console.ts')}" "${outputDir}"`,
    ],
  },
};

export interface StatelessStackProps extends StackProps {
  stateful: StatefulStack;
  /** The entries to host; the route manifest unless a test hands in its own. */
  entries?: readonly ManifestEntry[];
}

/**
 * Everything that runs: one function per manifest entry, wired to what invokes it (a method of the one REST API,
 * a WebSocket route, a queue, a schedule) and granted exactly the data access its `needs` declare.
 *
 * The APIs live in this stack; each function, with its role, policy, log group, event source or schedule, lives in
 * the nested stack of its group (`infra/function-groups.ts`), so no stack nears CloudFormation's 500 resources.
 */
export class StatelessStack extends Stack {
  /** Every HTTP route, buffered or streamed, under one base URL. */
  readonly api: RestApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  /** `https://…/live` (or the custom domain): `/v1/models`, `/api/health` and every other route hang below it. */
  readonly baseUrl: string;
  /** By manifest id. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** The nested stacks holding the functions, by group; a group no entry falls in has none. */
  readonly functionGroups: ReadonlyMap<FunctionGroup, FunctionGroupStack>;
  /** Where EventBridge keeps scheduled invocations it could not make. */
  readonly scheduleDeadLetterQueues: Queue[] = [];

  private readonly stateful: StatefulStack;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    this.stateful = props.stateful;
    const key = this.stateful.dataKey;

    // No API Gateway authorizer: the handlers' shared middleware authenticates API keys itself (hashing the
    // key, looking it up, refusing keys of other regions), in one place for both hosts, so the local runtime
    // and the cloud cannot drift apart on who gets in; an authorizer would be a second copy of that rule.
    this.api = createRestApi(this, key);
    const socket = createWebSocketApi(this, key);
    this.webSocketApi = socket.api;
    this.webSocketStage = socket.stage;

    const entries = props.entries ?? manifest;
    const environment = this.functionEnvironment();
    const functions = new Map<string, NodejsFunction>();
    const groups = new Map<FunctionGroup, FunctionGroupStack>();
    // Every limit first: a refused entry fails synthesis before any nested stack or bundle is made.
    for (const entry of entries) checkLimits(entry);
    for (const entry of entries) {
      const group = functionGroup(entry);
      let scope = groups.get(group);
      if (!scope) {
        scope = new FunctionGroupStack(this, group);
        groups.set(group, scope);
      }
      const fn = this.addFunction(scope, entry, environment);
      functions.set(entry.id, fn);
      // One branch per entry kind; the `never` check below turns a kind without a case into a compile error.
      switch (entry.kind) {
        case 'http':
          this.addHttpRoute(entry, fn);
          break;
        case 'websocket':
          this.addWebSocketRoute(entry, fn);
          break;
        case 'queue':
          this.addQueueConsumer(entry, fn);
          break;
        case 'schedule':
          this.addSchedule(scope, entry, fn);
          break;
        default: {
          const unwired: never = entry;
          throw new Error(`No wiring for manifest entry ${JSON.stringify(unwired)}`);
        }
      }
    }
    this.functions = functions;
    this.functionGroups = groups;

    const domains = customDomainsFrom(this);
    if (domains) {
      const targets = mapCustomDomains(this, domains, this.api, socket);
      this.baseUrl = `https://${domains.domainName}`;
      new CfnOutput(this, 'ApiDomainTarget', {
        value: targets.apiTarget,
        description: `DNS: point ${domains.domainName} (alias or CNAME) here`,
      });
      new CfnOutput(this, 'FileStreamDomainTarget', {
        value: targets.fileStreamTarget,
        description: `DNS: point ${domains.fileStreamDomainName} (alias or CNAME) here`,
      });
      new CfnOutput(this, 'FileStreamUrl', {
        value: `wss://${domains.fileStreamDomainName}`,
        description: 'WebSocket URL of the streamed-upload path',
      });
    } else {
      this.baseUrl = this.api.urlForPath('/').replace(/\/$/, '');
      new CfnOutput(this, 'FileStreamUrl', {
        value: this.webSocketStage.url,
        description: 'WebSocket URL of the streamed-upload path',
      });
    }
    new CfnOutput(this, 'BaseUrl', {
      value: this.baseUrl,
      description: 'The one base URL of every HTTP route; an OpenAI client takes {BaseUrl}/v1',
    });
    new CfnOutput(this, 'OpenAiBaseUrl', {
      value: `${this.baseUrl}/v1`,
      description: 'baseURL for openai, @openai/agents and other OpenAI-compatible clients',
    });
  }

  /**
   * Every function sees every resource name; its IAM policy, not its environment, limits what it can touch.
   * The upstream model comes from context (`hds:modelBaseUrl`, `hds:modelFlash`, `hds:modelExpert`,
   * `hds:modelKeySecret`): the key itself stays in Secrets Manager, never in the template or the environment.
   */
  private functionEnvironment(): Record<string, string> {
    const model = modelContext(this);
    const mail = mailContext(this);
    const knowledge = knowledgeContext(this);
    const environment: Record<string, string> = {
      ...(model.baseUrl ? { OPENAI_BASE_URL: model.baseUrl } : {}),
      ...(model.flash ? { HDS_MODEL_FLASH: model.flash } : {}),
      ...(model.expert ? { HDS_MODEL_EXPERT: model.expert } : {}),
      ...(model.keySecret ? { HDS_OPENAI_API_KEY_SECRET: model.keySecret } : {}),
      HDS_REGION: Stack.of(this).region,
      HDS_BUCKET: this.stateful.bucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      // Traces carry timings and AWS calls only: an answer or an error's message can hold health data or a file name.
      POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
      HDS_WS_CALLBACK_URL: this.webSocketStage.callbackUrl,
      HDS_WS_MAX_CHUNK_BYTES: String(CLOUD_WS_MAX_CHUNK_BYTES),
      HDS_TEXTRACT_TOPIC_ARN: this.stateful.ocrTopic.topicArn,
      HDS_TEXTRACT_ROLE_ARN: this.stateful.textractPublishRole.roleArn,
      HDS_ISSUER: this.issuer(),
      HDS_TOKEN_SIGNING_KMS_KEY: this.stateful.tokenSigningKey.keyArn,
      HDS_AUTH_PEPPER_SECRET: this.stateful.authPepper.secretArn,
      HDS_PULSE_TOKEN_KMS_KEY: this.stateful.pulseTokenKey.keyArn,
      ...Object.fromEntries(
        Object.entries(pulseSecretsContext(this)).map(([slug, secret]) => [
          `HDS_PULSE_${slug.toUpperCase()}_SECRET`,
          secret,
        ]),
      ),
      ...(mail.from ? { HDS_MAIL_FROM: mail.from } : {}),
      ...(mail.identityArn ? { HDS_SES_IDENTITY_ARN: mail.identityArn } : {}),
      ...(mail.configurationSet ? { HDS_SES_CONFIGURATION_SET: mail.configurationSet } : {}),
      ...(knowledge.tools ? { HDS_KNOWLEDGE_TOOLS: knowledge.tools } : {}),
      ...(knowledge.ncbiKeySecret ? { HDS_NCBI_API_KEY_SECRET: knowledge.ncbiKeySecret } : {}),
      ...(knowledge.ncbiEmail ? { HDS_NCBI_EMAIL: knowledge.ncbiEmail } : {}),
    };
    for (const definition of Object.values(tableDefinitions)) {
      environment[definition.envVar] = this.stateful.tables[definition.name].tableName;
    }
    for (const [name, queue] of this.stateful.queues) environment[queueUrlEnvVar(name)] = queue.queueUrl;
    return environment;
  }

  /** The function in its group's nested stack, beside its log group; its grants land on its role there. */
  private addFunction(scope: Construct, entry: ManifestEntry, environment: Record<string, string>): NodejsFunction {
    const name = pascalCase(entry.id);
    const logGroup = encryptedLogGroup(scope, `${name}Logs`, this.stateful.dataKey);
    const fn = new NodejsFunction(scope, `${name}Function`, {
      entry: join(repoRoot, 'functions', entry.handler),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: entry.needs.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(timeoutSeconds(entry)),
      description: `${entry.id}: ${entry.description}`,
      environment,
      logGroup,
      // X-Ray: the invocation's segment, with the AWS SDK calls as subsegments (Powertools Tracer, shared/observability).
      tracing: Tracing.ACTIVE,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: entry.needs.consoleAssets ? consoleBundling : bundling,
    });
    this.grantNeeds(scope, fn, entry.needs);
    return fn;
  }

  /**
   * The public base URL tokens name as `iss`: the custom domain, else the REST API's default URL written out from its
   * id (not `api.url`, which names the stage, whose deployment depends on every function: a cycle).
   */
  private issuer(): string {
    const domains = customDomainsFrom(this);
    if (domains) return `https://${domains.domainName}`;
    return `https://${this.api.restApiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${API_STAGE_NAME}`;
  }

  /** Least privilege, read straight from `needs`: nothing is granted that the entry does not declare. */
  private grantNeeds(scope: Construct, fn: NodejsFunction, needs: Needs): void {
    for (const [name, access] of Object.entries(needs.tables ?? {}) as [TableName, Access | undefined][]) {
      const table = this.stateful.tables[name];
      if (access === 'readwrite') table.grantReadWriteData(fn);
      else if (access === 'read') table.grantReadData(fn);
    }
    if (needs.bucket === 'readwrite') this.stateful.bucket.grantReadWrite(fn);
    else if (needs.bucket === 'read') this.stateful.bucket.grantRead(fn);
    if (needs.cachesEmbeddings) this.stateful.bucket.grantPut(fn, `${EMBEDDINGS_CACHE_PREFIX}*`);
    for (const queue of needs.sendsTo ?? []) this.stateful.queue(queue).grantSendMessages(fn);
    if (needs.postsToConnections) this.webSocketStage.grantManagementApiAccess(fn);
    const { keySecret } = modelContext(this);
    if ((needs.usesModel || needs.probesModel) && keySecret) {
      // An ARN names the secret exactly; a bare name matches its ARN with the random suffix Secrets Manager adds.
      const secret = keySecret.startsWith('arn:')
        ? Secret.fromSecretCompleteArn(scope, `${fn.node.id}ModelKey`, keySecret)
        : Secret.fromSecretNameV2(scope, `${fn.node.id}ModelKey`, keySecret);
      secret.grantRead(fn);
    }
    const { ncbiKeySecret } = knowledgeContext(this);
    if (needs.runsAgentTools && ncbiKeySecret) {
      const secret = ncbiKeySecret.startsWith('arn:')
        ? Secret.fromSecretCompleteArn(scope, `${fn.node.id}NcbiKey`, ncbiKeySecret)
        : Secret.fromSecretNameV2(scope, `${fn.node.id}NcbiKey`, ncbiKeySecret);
      secret.grantRead(fn);
    }
    if (needs.signsTokens) {
      // Sign only, only this key, only the algorithm and digest form tokens use; the public key for the JWKS.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:Sign'],
          resources: [this.stateful.tokenSigningKey.keyArn],
          conditions: {
            StringEquals: { 'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256', 'kms:MessageType': 'DIGEST' },
          },
        }),
      );
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['kms:GetPublicKey'], resources: [this.stateful.tokenSigningKey.keyArn] }),
      );
    }
    if (needs.pulseVault) {
      // Only the pulse token key, only for the vault's two purposes: a blob sealed for anything else does not open.
      const actions = {
        seal: ['kms:GenerateDataKey'],
        open: ['kms:Decrypt'],
        both: ['kms:GenerateDataKey', 'kms:Decrypt'],
      }[needs.pulseVault];
      fn.addToRolePolicy(
        new PolicyStatement({
          actions,
          resources: [this.stateful.pulseTokenKey.keyArn],
          conditions: {
            StringEquals: { 'kms:EncryptionContext:purpose': ['pulse-token', 'pulse-link-attempt'] },
          },
        }),
      );
    }
    if (needs.webhookVault) {
      // Webhook signing secrets share the vault's key, under their own purpose only: no pulse token opens here.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: needs.webhookVault === 'seal' ? ['kms:GenerateDataKey'] : ['kms:Decrypt'],
          resources: [this.stateful.pulseTokenKey.keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-secret' } },
        }),
      );
    }
    if (needs.pulseProviders) {
      // The configured providers' credential secrets (`hds:pulseSecrets`), read once per process.
      for (const [slug, id] of Object.entries(pulseSecretsContext(this))) {
        const secret = id.startsWith('arn:')
          ? Secret.fromSecretCompleteArn(scope, `${fn.node.id}Pulse${pascalCase(slug)}`, id)
          : Secret.fromSecretNameV2(scope, `${fn.node.id}Pulse${pascalCase(slug)}`, id);
        secret.grantRead(fn);
      }
    }
    if (needs.authPepper) {
      // Written out rather than `grantRead`, which would add this stack's role to the data key's policy in the stateful
      // stack (a cycle between the stacks); the key's policy already lets this account's IAM policies use it.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
          resources: [this.stateful.authPepper.secretArn],
        }),
      );
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:Decrypt'],
          resources: [this.stateful.dataKey.keyArn],
          conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${Stack.of(this).region}.amazonaws.com` } },
        }),
      );
    }
    const mail = mailContext(this);
    if (needs.sendsMail && mail.from && mail.identityArn) {
      // Only as the configured sender, through the verified identity (and its configuration set, if any).
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            mail.identityArn,
            ...(mail.configurationSet
              ? [
                  Stack.of(this).formatArn({
                    service: 'ses',
                    resource: 'configuration-set',
                    resourceName: mail.configurationSet,
                  }),
                ]
              : []),
          ],
          conditions: { StringEquals: { 'ses:FromAddress': mail.from } },
        }),
      );
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
    // caller's own S3 access (the bucket grant above, which includes decrypting with the data key), and publishes the completion as
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

  /**
   * A method of the one REST API, Lambda proxy (payload format 1.0). Streaming routes use STREAM transfer mode, so
   * the function is invoked with response streaming and each written chunk reaches the client as it is written.
   */
  private addHttpRoute(entry: HttpRoute, fn: NodejsFunction): void {
    const resource = this.api.root.resourceForPath(entry.path);
    resource.addMethod(
      entry.method,
      new LambdaIntegration(fn, {
        proxy: true,
        // No second invoke permission per method for the API Gateway console's "Test" button: every route is one
        // function, so that permission would cost a CloudFormation resource per route, and the stack holds at most
        // 500 (a synth error past it). Only the live stage invokes the functions.
        allowTestInvoke: false,
        ...(entry.streaming ? { responseTransferMode: ResponseTransferMode.STREAM } : {}),
        timeout: Duration.seconds(
          Math.min(
            timeoutSeconds(entry),
            entry.streaming ? STREAM_INTEGRATION_LIMIT_SECONDS : BUFFERED_INTEGRATION_LIMIT_SECONDS,
          ),
        ),
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

  private addSchedule(scope: Construct, entry: ScheduledJob, fn: NodejsFunction): void {
    const name = pascalCase(entry.id);
    // In the function's stack, beside the rule: EventBridge's permission to send names the rule, which lives there.
    const deadLetterQueue = new Queue(scope, `${name}ScheduleDeadLetterQueue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.scheduleDeadLetterQueues.push(deadLetterQueue);
    new Rule(scope, `${name}Schedule`, {
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

/**
 * The knowledge tools from CDK context: `hds:knowledgeTools` (`on`, `off` or a comma list), `hds:ncbiKeySecret` (a
 * Secrets Manager secret holding an NCBI API key, which raises PubMed's pace from 3 to 10 requests a second) and
 * `hds:ncbiEmail` (the contact NCBI asks E-utilities callers to send).
 */
function knowledgeContext(scope: Construct): { tools?: string; ncbiKeySecret?: string; ncbiEmail?: string } {
  const read = (key: string) => {
    const value = scope.node.tryGetContext(`hds:${key}`);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  return { tools: read('knowledgeTools'), ncbiKeySecret: read('ncbiKeySecret'), ncbiEmail: read('ncbiEmail') };
}

/**
 * The wearable providers' credential secrets from CDK context: `hds:pulseSecrets` = `{"oura": "arn:…", …}` (a JSON
 * object, or its text), each a Secrets Manager secret `{client_id, client_secret, …}` (design wearables §12). Only the
 * five known slugs are taken.
 */
function pulseSecretsContext(scope: Construct): Record<string, string> {
  const raw = scope.node.tryGetContext('hds:pulseSecrets');
  let value: unknown = raw;
  if (typeof raw === 'string' && raw.trim()) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new Error('hds:pulseSecrets must be a JSON object of provider slug → secret id');
    }
  }
  if (!value || typeof value !== 'object') return {};
  const out: Record<string, string> = {};
  for (const slug of PROVIDER_SLUGS) {
    const id = (value as Record<string, unknown>)[slug];
    if (typeof id === 'string' && id.trim()) out[slug] = id.trim();
  }
  return out;
}

/**
 * Sign-in mail through Amazon SES, from CDK context: `hds:mailFrom` (the sender address), `hds:sesIdentityArn` (its
 * verified identity) and optionally `hds:sesConfigurationSet`. Without them sign-in answers code -1.
 */
function mailContext(scope: Construct): { from?: string; identityArn?: string; configurationSet?: string } {
  const read = (key: string) => {
    const value = scope.node.tryGetContext(`hds:${key}`);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  return { from: read('mailFrom'), identityArn: read('sesIdentityArn'), configurationSet: read('sesConfigurationSet') };
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
  } else if ((entry.kind === 'http' || entry.kind === 'websocket') && timeout > BUFFERED_INTEGRATION_LIMIT_SECONDS) {
    throw new Error(`${entry.id}: an API Gateway route cannot run longer than ${BUFFERED_INTEGRATION_LIMIT_SECONDS} s`);
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
