import { tableDefinitions } from '../adapters/dynamo/table-definitions';
import { PROVIDER_SLUGS, type ProviderSlug } from '../domain/pulse/providers';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from '../domain/webhooks/events';
import type { QueueName, TableName } from './resources';

/** Everything a handler reads from its environment, read once per process. */
export interface Config {
  /** The region this deployment serves; API keys of other regions are refused. */
  region: string;
  tables: Record<TableName, string>;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  /** Credentials for the S3 client alone (the embedded s3rver's fixed pair); the default chain otherwise. */
  s3Credentials?: { accessKeyId: string; secretAccessKey: string };
  bucket: string;
  /** SQS queue URL per queue; when absent, the local durable queue under `localQueueDir` is used. */
  queueUrls: Partial<Record<QueueName, string>>;
  /** The WebSocket API's @connections endpoint (`https://{api}.execute-api.{region}.amazonaws.com/{stage}`). */
  socketCallbackUrl?: string;
  /** Largest raw `upload_chunk` accepted: the spec's 256 KB locally, less behind API Gateway. */
  wsMaxChunkBytes: number;
  /** Largest WebSocket frame the local gateway takes (1 MiB; 32768 to behave as API Gateway does). */
  wsMaxFrameBytes: number;
  /** Largest export.xml an Apple Health import inflates (`HDS_APPLE_HEALTH_MAX_XML_BYTES`, 8 GiB): the zip-bomb cap. */
  appleHealthMaxXmlBytes: number;
  localQueueDir?: string;
  /** Requests per account × route × minute. */
  rateLimits: Record<string, number>;
  defaultRateLimit: number;
  /** Failed key checks one client address may make per minute before it is answered 429. */
  invalidKeyLimit: number;
  /** How long an open WebSocket trusts its key before looking it up again (a revocation reaches it within this). */
  keyRecheckMs: number;
  /** Largest JSON request body accepted, in bytes. */
  maxBodyBytes: number;
  version: string;
  /** An OpenAI-compatible upstream; absent means the offline engines answer. */
  model: ModelConfig;
  /**
   * Where Textract announces finished asynchronous analyses (scanned PDFs in the cloud), and the role it assumes to
   * publish there; absent unless both are set.
   */
  textractNotifications?: { topicArn: string; roleArn: string };
  /**
   * Hosts (`name` or `name:port`) a remote MCP server may be reached on although they resolve to a non-public
   * address: for local tests and private deployments only. Lower-case.
   */
  mcpAllowHosts: string[];
  /** The knowledge tools' services and limits (literature, trials, full text, `fetch_url`). */
  knowledge: KnowledgeConfig;
  /** Sign-in, tokens and mail (accounts, console, OAuth). */
  auth: AuthConfig;
  /** Wearable providers on `/api/v1/pulse` (design wearables §12). */
  pulse: PulseConfig;
  /** Outbound webhooks (issue 19 item 1). */
  webhooks: WebhooksConfig;
}

export interface WebhooksConfig {
  /**
   * Seconds before each retry after a failed attempt (`HDS_WEBHOOK_RETRY_SCHEDULE="5,300,…"`); its length is the
   * number of retries. Tests shorten it; the default spans about 27.6 hours.
   */
  retryScheduleSeconds: readonly number[];
  /** One attempt's deadline (`HDS_WEBHOOK_TIMEOUT_MS`). */
  timeoutMs: number;
}

export interface PulseConfig {
  providers: Record<ProviderSlug, PulseProviderConfig>;
  /** Days of history fetched after a link (1–365). */
  backfillDays: number;
  /** How far a signed webhook's timestamp may be from now, either way. */
  webhookToleranceSeconds: number;
  /** Prefixes a link's `return_url` must start with; none → the callback answers its own page, never a redirect. */
  returnUrls: string[];
  /** The vault's key: a KMS key in the cloud, else a key file generated on first use. */
  tokenKmsKey?: string;
  tokenKeyFile?: string;
}

/** One provider's application: its credentials (or the secret holding them), base URLs and webhook tokens. */
export interface PulseProviderConfig {
  clientId?: string;
  clientSecret?: string;
  /** Cloud: Secrets Manager id of `{client_id, client_secret, verification_token?, verify_code?, webhook_token?}`. */
  secretId?: string;
  /** Browser-facing consent pages. */
  authUrl: string;
  /** Server-to-server API (tokens, data, revocation). */
  apiUrl: string;
  /** A data API on its own host (Garmin's Health API at apis.garmin.com, apart from its OAuth service). */
  dataUrl?: string;
  /** Requested scopes; the module's own list when absent. */
  scopes?: string[];
  verificationToken?: string;
  verifyCode?: string;
  subscriberId?: string;
  webhookToken?: string;
  /** `<window s>:<limit>,…` (design §8); the module's documented budget when absent. */
  pace?: string;
}

export interface KnowledgeConfig {
  /** Which knowledge tools are live: all (`on`, the default), none (`off`), or the named ones. */
  enabled: 'all' | 'none' | readonly string[];
  ncbiEutilsUrl: string;
  /** Raises NCBI's pace from 3 to 10 requests per second; given directly or as a Secrets Manager secret id. */
  ncbiApiKey?: string;
  ncbiApiKeySecret?: string;
  /** E-utilities `tool` and `email` parameters, which NCBI asks callers to register. */
  ncbiTool: string;
  ncbiEmail?: string;
  europePmcUrl: string;
  clinicalTrialsUrl: string;
  pmcBiocUrl: string;
  /** Per call to a knowledge service, the whole exchange. */
  timeoutMs: number;
  /** How long a successful answer is reused for the same query in this process. */
  cacheTtlMs: number;
  fetchUrlMaxBytes: number;
  fetchUrlTimeoutMs: number;
}

export interface AuthConfig {
  /**
   * The public base URL: `iss` and `aud` of every token, and the base of the OAuth metadata's endpoints. Configuration,
   * never taken from a request's `Host` header.
   */
  issuer: string;
  /** KMS key (id, ARN or alias) that signs access tokens in the cloud. */
  signingKmsKey?: string;
  /** Locally: the private signing key's file, generated on first use. */
  signingKeyFile?: string;
  /** Secrets Manager secret holding the 32-byte pepper that keys email addresses and login codes (base64). */
  pepperSecret?: string;
  /** Locally: the pepper's file, generated on first use. */
  pepperFile?: string;
  mail: MailConfig;
  /** Evaluation accounts: these addresses sign in with `evaluationCode`, no mail sent; their data lives 24 h at most. */
  evaluationEmails: string[];
  evaluationCode?: string;
}

export interface MailConfig {
  /** Sender address; without it and without a local outbox, sign-in answers "email service not configured". */
  from?: string;
  /** Amazon SES: the verified identity's ARN (the function's grant names it) and an optional configuration set. */
  sesIdentityArn?: string;
  sesConfigurationSet?: string;
  /** Locally: an SMTP server to hand mail to (a catcher such as Mailpit) instead of the outbox. */
  smtpUrl?: string;
  /** Locally: the folder every message lands in as an `.eml` file. */
  outboxDir?: string;
}

export interface ModelConfig {
  baseUrl?: string;
  apiKey?: string;
  /** Secrets Manager secret (ARN or name) holding the upstream key: how the cloud gets it, never as plain env. */
  apiKeySecret?: string;
  /** Upstream model behind each tier. */
  flash: string;
  expert: string;
  timeoutMs: number;
}

/** Pacing from the spec: chat 60/min, uploads 30/min, data writes 120/min, reads 120/min. */
const SPEC_RATE_LIMITS: Record<string, number> = {
  'create-chat-completion': 60,
  // The Agent API is the other answering surface; the chat pacing applies to it too.
  'create-response': 60,
  'create-file': 30,
  'create-data': 120,
  'list-data': 120,
  'list-files': 120,
  'list-models': 120,
  // The self-hosted engine (spec Limits): 100 requests per minute per user across /api/v1, and the same on /mcp.
  'api-v1': 100,
  mcp: 100,
};

/** Whether an upstream model is configured; without one the offline engines answer. */
export function modelConfigured(cfg: ModelConfig): boolean {
  return Boolean(cfg.apiKey || cfg.baseUrl || cfg.apiKeySecret);
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= readConfig(process.env);
  return cached;
}

/** Forget the cached config; the local runtime and tests call this after changing the environment. */
export function resetConfig(): void {
  cached = undefined;
}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const tables = Object.fromEntries(
    Object.values(tableDefinitions).map((t) => [t.name, env[t.envVar] ?? `hds-${kebab(t.name)}`]),
  ) as Record<TableName, string>;
  return {
    region: env.HDS_REGION ?? env.AWS_REGION ?? 'us-east-1',
    tables,
    dynamoEndpoint: env.HDS_DYNAMODB_ENDPOINT ?? env.AWS_ENDPOINT_URL_DYNAMODB,
    s3Endpoint: env.HDS_S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3,
    ...(env.HDS_S3_ACCESS_KEY_ID && env.HDS_S3_SECRET_ACCESS_KEY
      ? { s3Credentials: { accessKeyId: env.HDS_S3_ACCESS_KEY_ID, secretAccessKey: env.HDS_S3_SECRET_ACCESS_KEY } }
      : {}),
    bucket: env.HDS_BUCKET ?? 'hds-files',
    queueUrls: {
      purge: env.HDS_QUEUE_PURGE_URL,
      'socket-events': env.HDS_QUEUE_SOCKET_EVENTS_URL,
      'file-jobs': env.HDS_QUEUE_FILE_JOBS_URL,
      uploads: env.HDS_QUEUE_UPLOADS_URL,
      'ocr-results': env.HDS_QUEUE_OCR_RESULTS_URL,
      consolidation: env.HDS_QUEUE_CONSOLIDATION_URL,
      'account-deletion': env.HDS_QUEUE_ACCOUNT_DELETION_URL,
      'pulse-jobs': env.HDS_QUEUE_PULSE_JOBS_URL,
      exports: env.HDS_QUEUE_EXPORTS_URL,
      webhooks: env.HDS_QUEUE_WEBHOOKS_URL,
    },
    socketCallbackUrl: env.HDS_WS_CALLBACK_URL,
    wsMaxChunkBytes: positiveInt(env.HDS_WS_MAX_CHUNK_BYTES, 256 * 1024),
    wsMaxFrameBytes: positiveInt(env.HDS_WS_MAX_FRAME_BYTES, 1024 * 1024),
    appleHealthMaxXmlBytes: positiveInt(env.HDS_APPLE_HEALTH_MAX_XML_BYTES, 8 * 1024 ** 3),
    localQueueDir: env.HDS_LOCAL_QUEUE_DIR,
    rateLimits: { ...SPEC_RATE_LIMITS, ...parseRateLimits(env.HDS_RATE_LIMITS) },
    defaultRateLimit: positiveInt(env.HDS_RATE_LIMIT_DEFAULT, 120),
    invalidKeyLimit: positiveInt(env.HDS_INVALID_KEY_LIMIT, 20),
    keyRecheckMs: env.HDS_KEY_RECHECK_MS === '0' ? 0 : positiveInt(env.HDS_KEY_RECHECK_MS, 5_000),
    maxBodyBytes: positiveInt(env.HDS_MAX_BODY_BYTES, 6 * 1024 * 1024),
    version: env.HDS_VERSION ?? '0.1.0',
    model: {
      baseUrl: env.OPENAI_BASE_URL || undefined,
      apiKey: env.OPENAI_API_KEY || undefined,
      apiKeySecret: env.HDS_OPENAI_API_KEY_SECRET || undefined,
      flash: env.HDS_MODEL_FLASH ?? 'gpt-4o-mini',
      expert: env.HDS_MODEL_EXPERT ?? 'gpt-4o',
      timeoutMs: positiveInt(env.HDS_MODEL_TIMEOUT_MS, 20_000),
    },
    ...(env.HDS_TEXTRACT_TOPIC_ARN && env.HDS_TEXTRACT_ROLE_ARN
      ? { textractNotifications: { topicArn: env.HDS_TEXTRACT_TOPIC_ARN, roleArn: env.HDS_TEXTRACT_ROLE_ARN } }
      : {}),
    mcpAllowHosts: parseHostList(env.HDS_EGRESS_ALLOW_HOSTS ?? env.HDS_MCP_ALLOW_HOSTS),
    knowledge: {
      enabled: parseEnabledTools(env.HDS_KNOWLEDGE_TOOLS),
      ncbiEutilsUrl: baseUrl(env.HDS_NCBI_EUTILS_URL, 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils'),
      ncbiApiKey: env.NCBI_API_KEY || undefined,
      ncbiApiKeySecret: env.HDS_NCBI_API_KEY_SECRET || undefined,
      ncbiTool: env.HDS_NCBI_TOOL || 'hds',
      ncbiEmail: env.HDS_NCBI_EMAIL || undefined,
      europePmcUrl: baseUrl(env.HDS_EUROPE_PMC_URL, 'https://www.ebi.ac.uk/europepmc/webservices/rest'),
      clinicalTrialsUrl: baseUrl(env.HDS_CLINICALTRIALS_URL, 'https://clinicaltrials.gov/api/v2'),
      pmcBiocUrl: baseUrl(env.HDS_PMC_BIOC_URL, 'https://www.ncbi.nlm.nih.gov/research/bionlp/RESTful/pmcoa.cgi'),
      timeoutMs: positiveInt(env.HDS_KNOWLEDGE_TIMEOUT_MS, 8_000),
      cacheTtlMs: env.HDS_KNOWLEDGE_CACHE_TTL_MS === '0' ? 0 : positiveInt(env.HDS_KNOWLEDGE_CACHE_TTL_MS, 600_000),
      fetchUrlMaxBytes: positiveInt(env.HDS_FETCH_URL_MAX_BYTES, 5 * 1024 * 1024),
      fetchUrlTimeoutMs: positiveInt(env.HDS_FETCH_URL_TIMEOUT_MS, 10_000),
    },
    auth: {
      issuer: (env.HDS_ISSUER ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
      signingKmsKey: env.HDS_TOKEN_SIGNING_KMS_KEY || undefined,
      signingKeyFile: env.HDS_TOKEN_SIGNING_KEY_FILE || undefined,
      pepperSecret: env.HDS_AUTH_PEPPER_SECRET || undefined,
      pepperFile: env.HDS_AUTH_PEPPER_FILE || undefined,
      mail: {
        from: env.HDS_MAIL_FROM || undefined,
        sesIdentityArn: env.HDS_SES_IDENTITY_ARN || undefined,
        sesConfigurationSet: env.HDS_SES_CONFIGURATION_SET || undefined,
        smtpUrl: env.HDS_SMTP_URL || undefined,
        outboxDir: env.HDS_MAIL_OUTBOX_DIR || undefined,
      },
      evaluationEmails: parseHostList(env.HDS_EVAL_EMAILS),
      evaluationCode: /^\d{6}$/.test(env.HDS_EVAL_CODE ?? '') ? env.HDS_EVAL_CODE : undefined,
    },
    pulse: readPulseConfig(env),
    webhooks: {
      retryScheduleSeconds: parseSchedule(env.HDS_WEBHOOK_RETRY_SCHEDULE) ?? DEFAULT_RETRY_SCHEDULE_SECONDS,
      timeoutMs: positiveInt(env.HDS_WEBHOOK_TIMEOUT_MS, 10_000),
    },
  };
}

/** `"1,2,3"` → seconds between webhook attempts; null when absent or not a list of whole seconds. */
function parseSchedule(raw: string | undefined): number[] | null {
  if (!raw?.trim()) return null;
  const steps = raw.split(',').map((s) => Number(s.trim()));
  return steps.every((n) => Number.isInteger(n) && n >= 0) ? steps : null;
}

/** The documented base URLs (design §3): consent pages, then the API. */
const PULSE_DEFAULT_URLS: Record<ProviderSlug, { authUrl: string; apiUrl: string; dataUrl?: string }> = {
  oura: { authUrl: 'https://cloud.ouraring.com', apiUrl: 'https://api.ouraring.com' },
  whoop: { authUrl: 'https://api.prod.whoop.com', apiUrl: 'https://api.prod.whoop.com' },
  withings: { authUrl: 'https://account.withings.com', apiUrl: 'https://wbsapi.withings.net' },
  fitbit: { authUrl: 'https://www.fitbit.com', apiUrl: 'https://api.fitbit.com' },
  garmin: {
    authUrl: 'https://connect.garmin.com',
    apiUrl: 'https://connectapi.garmin.com',
    dataUrl: 'https://apis.garmin.com',
  },
};

function readPulseConfig(env: NodeJS.ProcessEnv): PulseConfig {
  const providers = {} as Record<ProviderSlug, PulseProviderConfig>;
  for (const slug of PROVIDER_SLUGS) {
    const v = (name: string) => env[`HDS_PULSE_${slug.toUpperCase()}_${name}`]?.trim() || undefined;
    const scopes = env[`HDS_PULSE_SCOPES_${slug.toUpperCase()}`]?.trim();
    const dataUrl = PULSE_DEFAULT_URLS[slug].dataUrl;
    providers[slug] = {
      clientId: v('CLIENT_ID'),
      clientSecret: v('CLIENT_SECRET'),
      secretId: v('SECRET'),
      authUrl: baseUrl(v('AUTH_URL'), PULSE_DEFAULT_URLS[slug].authUrl),
      apiUrl: baseUrl(v('API_URL'), PULSE_DEFAULT_URLS[slug].apiUrl),
      ...(dataUrl ? { dataUrl: baseUrl(v('DATA_URL'), dataUrl) } : {}),
      ...(scopes ? { scopes: scopes.split(/[\s,]+/).filter(Boolean) } : {}),
      verificationToken: v('VERIFICATION_TOKEN'),
      verifyCode: v('VERIFY_CODE'),
      subscriberId: v('SUBSCRIBER_ID'),
      webhookToken: v('WEBHOOK_TOKEN'),
      pace: env[`HDS_PULSE_PACE_${slug.toUpperCase()}`]?.trim() || undefined,
    };
  }
  return {
    providers,
    backfillDays: Math.min(365, positiveInt(env.HDS_PULSE_BACKFILL_DAYS, 30)),
    webhookToleranceSeconds: positiveInt(env.HDS_PULSE_WEBHOOK_TOLERANCE_SECONDS, 300),
    returnUrls: (env.HDS_PULSE_RETURN_URLS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tokenKmsKey: env.HDS_PULSE_TOKEN_KMS_KEY || undefined,
    tokenKeyFile: env.HDS_PULSE_TOKEN_KEY_FILE || undefined,
  };
}

/** `HDS_KNOWLEDGE_TOOLS`: `on` (default), `off`, or a comma list of tool names. */
function parseEnabledTools(raw: string | undefined): KnowledgeConfig['enabled'] {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'on') return 'all';
  if (value === 'off') return 'none';
  return parseHostList(value);
}

/** A service base URL without its trailing slash (paths are appended). */
function baseUrl(raw: string | undefined, fallback: string): string {
  return (raw?.trim() || fallback).replace(/\/+$/, '');
}

/** `HDS_EGRESS_ALLOW_HOSTS="localhost,127.0.0.1:8931,[::1]:8931"`: comma-separated, case-insensitive. */
function parseHostList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

/** `HDS_RATE_LIMITS="create-data=600,list-data=1200"` overrides the spec's pacing per route id. */
function parseRateLimits(raw: string | undefined): Record<string, number> {
  if (!raw) return {};
  const out: Record<string, number> = {};
  for (const pair of raw.split(',')) {
    const [route, value] = pair.split('=').map((s) => s.trim());
    const n = Number(value);
    if (route && Number.isInteger(n) && n > 0) out[route] = n;
  }
  return out;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
