import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../adapters/dynamo/client';
import { DynamoAccountStore } from '../adapters/dynamo/dynamo-account-store';
import { DynamoAuthorizationCodes } from '../adapters/dynamo/dynamo-authorization-codes';
import { DynamoAuthorizationRequests } from '../adapters/dynamo/dynamo-authorization-requests';
import { DynamoCareCircle } from '../adapters/dynamo/dynamo-care-circle';
import { DynamoClientBindings } from '../adapters/dynamo/dynamo-client-bindings';
import { DynamoConnectionStore } from '../adapters/dynamo/dynamo-connection-store';
import { DynamoConsents } from '../adapters/dynamo/dynamo-consents';
import { DynamoConversationStore } from '../adapters/dynamo/dynamo-conversation-store';
import { DynamoDueEntries } from '../adapters/dynamo/dynamo-due-entries';
import { DynamoExportStore } from '../adapters/dynamo/dynamo-export-store';
import { DynamoFileCatalog } from '../adapters/dynamo/dynamo-file-catalog';
import { DynamoGrantStore } from '../adapters/dynamo/dynamo-grant-store';
import { DynamoIdempotencyStore } from '../adapters/dynamo/dynamo-idempotency-store';
import { DynamoJwksStore } from '../adapters/dynamo/dynamo-jwks-store';
import { DynamoLoginCodes } from '../adapters/dynamo/dynamo-login-codes';
import { DynamoMemoryStore } from '../adapters/dynamo/dynamo-memory-store';
import { DynamoOAuthClients } from '../adapters/dynamo/dynamo-oauth-clients';
import { DynamoPulseLinks } from '../adapters/dynamo/dynamo-pulse-links';
import { DynamoRateLimiter } from '../adapters/dynamo/dynamo-rate-limiter';
import { DynamoRecordStore } from '../adapters/dynamo/dynamo-record-store';
import { DynamoSubjectDirectory } from '../adapters/dynamo/dynamo-subject-directory';
import { DynamoUploadStaging } from '../adapters/dynamo/dynamo-upload-staging';
import { DynamoUploadTickets } from '../adapters/dynamo/dynamo-upload-tickets';
import { DynamoUsageLedger } from '../adapters/dynamo/dynamo-usage-ledger';
import { DynamoUserDirectory } from '../adapters/dynamo/dynamo-user-directory';
import { DynamoWebhookLedger } from '../adapters/dynamo/dynamo-webhook-ledger';
import { DynamoWebhookStore } from '../adapters/dynamo/dynamo-webhook-store';
import { createGuardedEgress } from '../adapters/egress/guarded-egress';
import { perConfig } from '../composition/per-config';
import { type Config, config } from '../config/config';
import type { Needs } from '../config/resources';
import type { DocumentReader } from '../domain/documents/types';
import type { ReadingExtractor } from '../domain/extraction/types';
import type { MemoryExtractor } from '../domain/memory/types';
import type { AccountStore } from '../ports/account-store';
import type { AuthorizationCodes } from '../ports/authorization-codes';
import type { AuthorizationRequests } from '../ports/authorization-requests';
import type { BlobStore } from '../ports/blob-store';
import type { CareCircle } from '../ports/care-circle';
import type { ClientBindings } from '../ports/client-bindings';
import type { Consents } from '../ports/consents';
import type { ConversationStore } from '../ports/conversation-store';
import type { DueEntries } from '../ports/due-entries';
import type { Egress } from '../ports/egress';
import type { ExportStore } from '../ports/export-store';
import type { FileCatalog } from '../ports/file-catalog';
import type { GrantStore } from '../ports/grant-store';
import type { IdempotencyStore } from '../ports/idempotency-store';
import type { JobQueue } from '../ports/job-queue';
import type { JwksStore } from '../ports/jwks-store';
import type { LoginCodes } from '../ports/login-codes';
import type { MailSender } from '../ports/mail-sender';
import type { MemoryStore } from '../ports/memory-store';
import type { ModelProvider } from '../ports/model-provider';
import type { OAuthClients } from '../ports/oauth-clients';
import type { OcrJobs } from '../ports/ocr-jobs';
import type { PulseLinks } from '../ports/pulse-links';
import type { RateLimiter } from '../ports/rate-limiter';
import type { RecordStore } from '../ports/record-store';
import type { ConnectionStore, SocketGateway } from '../ports/socket-gateway';
import type { SubjectDirectory } from '../ports/subject-directory';
import type { TokenSigner } from '../ports/token-signer';
import type { TokenVault } from '../ports/token-vault';
import type { UploadStaging } from '../ports/upload-staging';
import type { UploadTickets } from '../ports/upload-tickets';
import type { UsageLedger } from '../ports/usage-ledger';
import type { UserDirectory } from '../ports/user-directory';
import type { WebhookLedger } from '../ports/webhook-ledger';
import type { WebhookStore } from '../ports/webhook-store';
import type { NameRetrieval } from './standardization/embedding-retrieval';

/**
 * The composition root of a function: every port it reaches, built on first use from the configuration. The tables
 * (DynamoDB) come with every function; the other adapters come from the parts a function hands in (see
 * `shared/composition/`), one per kind of resource its manifest `needs` name, so a function's bundle holds only the
 * SDK clients it calls. A port whose part is missing throws, naming the need the manifest lacks.
 */
export interface Services {
  config: Config;
  accounts: AccountStore;
  subjects: SubjectDirectory;
  records: RecordStore;
  /** Family members recorded for a Subject (its care circle). */
  careCircle: CareCircle;
  /** Bulk export jobs of a Subject (records table; the files in the bucket). */
  exports: ExportStore;
  /** Stored Agent API responses and the conversations they continue (large bodies in the bucket). */
  conversations: ConversationStore;
  /** Durable facts consolidated from stored conversations, shown to the agent in later turns. */
  memories: MemoryStore;
  rateLimiter: RateLimiter;
  /** Idempotency keys of `/v1` writes, beside the rate counters (same table, same TTL). */
  idempotency: IdempotencyStore;
  connections: ConnectionStore;
  files: FileCatalog;
  staging: UploadStaging;
  tickets: UploadTickets;
  /** Due connections, tickets and staged batches, for the sweeper. */
  dueEntries: DueEntries;
  /** Requests and tokens per account, tier and day (model-backed surfaces). */
  usage: UsageLedger;
  /** File bytes and derived text (`bucket`). */
  blobs: BlobStore;
  /** Background jobs (`sendsTo`). */
  queue: JobQueue;
  /** Frames to WebSocket clients (`postsToConnections`); throws when no callback endpoint is configured. */
  sockets(): SocketGateway;
  /** PDF, image, spreadsheet, CSV and text readers with the host's OCR (`usesTextract`). */
  documents: DocumentReader;
  /** Textract's asynchronous analysis of stored scanned PDFs (`textractJobs`). */
  ocrJobs: OcrJobs;
  /** The upstream model or the offline engines (`usesModel`). */
  model: ModelServices;
  /** Sign-in codes mailed to an address (identity table, like the stores below). */
  loginCodes: LoginCodes;
  /** People who sign in, and the email claims that make an address theirs. */
  users: UserDirectory;
  /** Grants (refresh-token families) every access token names. */
  grants: GrantStore;
  /** The public keys tokens verify with. */
  jwks: JwksStore;
  /** Registered OAuth clients. */
  oauthClients: OAuthClients;
  /** Authorize-page sign-ins in progress. */
  authorizationRequests: AuthorizationRequests;
  /** Authorization codes, single use. */
  authorizationCodes: AuthorizationCodes;
  /** Scopes a user granted each client. */
  consents: Consents;
  /** The user each credentials-grant client acts for. */
  clientBindings: ClientBindings;
  /** Signs access tokens (`signsTokens`). */
  signer: TokenSigner;
  /** Sign-in mail, or null when no sender is configured (`sendsMail`). */
  mail: MailSender | null;
  /** The pepper keying email addresses and login codes (`authPepper`). */
  pepper(): Promise<Buffer>;
  /** Seals and opens wearable providers' tokens (`pulseVault`). */
  vault: TokenVault;
  /** Wearable links (records), link attempts and provider-user maps (accounts). */
  pulseLinks: PulseLinks;
  /** Webhook events already queued (accounts). */
  webhookLedger: WebhookLedger;
  /** Outbound webhook endpoints per account and their delivery logs (accounts). */
  webhooks: WebhookStore;
  /**
   * Outbound HTTP to hosts the service does not own (remote MCP servers, the knowledge tools, `fetch_url`) under the
   * SSRF rules, allow-listing `config.mcpAllowHosts`. Node built-ins only, so every function has it without a need.
   */
  egress: Egress;
}

export interface ModelServices {
  /** The model behind the agent: the configured OpenAI-compatible upstream, else the offline rule-based engine. */
  chat: ModelProvider;
  /** Readings out of text: a schema-constrained model call, else the offline deterministic extractor. */
  readingExtractor: ReadingExtractor;
  /** Durable personal facts out of what a person wrote: a model call, else conservative offline rules. */
  memoryExtractor: MemoryExtractor;
  /** Provider embeddings for names the corpus resolver leaves uncoded; absent without a model. */
  nameRetrieval?: NameRetrieval;
}

export interface DocumentServices {
  readers: DocumentReader;
  ocrJobs: OcrJobs;
}

/**
 * The adapters beyond the tables, each built by a module of `shared/composition/` that alone imports its SDK client.
 * Each builds once per configuration and process, so every function of the local runtime shares one set.
 */
export interface ServiceParts {
  bucket?: (cfg: Config) => BlobStore;
  queues?: (cfg: Config) => JobQueue;
  sockets?: (cfg: Config) => SocketGateway;
  documents?: (cfg: Config) => DocumentServices;
  model?: (cfg: Config) => ModelServices;
  signer?: (cfg: Config) => TokenSigner;
  mail?: (cfg: Config) => MailSender | null;
  pepper?: (cfg: Config) => () => Promise<Buffer>;
  vault?: (cfg: Config) => TokenVault;
}

/** Who a set of services is for: a manifest entry (its id and needs), or a local tool that may touch everything. */
export interface ServiceOwner {
  id: string;
  needs: Needs;
}

/** The parts a function's needs call for, by the manifest's own words. */
export function partsNeeded(needs: Needs): Record<keyof ServiceParts, boolean> {
  return {
    bucket: Boolean(needs.bucket),
    queues: Boolean(needs.sendsTo?.length),
    sockets: Boolean(needs.postsToConnections),
    documents: Boolean(needs.usesTextract || needs.textractJobs),
    model: Boolean(needs.usesModel),
    signer: Boolean(needs.signsTokens),
    mail: Boolean(needs.sendsMail),
    pepper: Boolean(needs.authPepper),
    vault: Boolean(needs.pulseVault || needs.webhookVault),
  };
}

const NEED_OF: Record<keyof ServiceParts, string> = {
  bucket: 'bucket',
  queues: 'sendsTo',
  sockets: 'postsToConnections',
  documents: 'usesTextract or textractJobs',
  model: 'usesModel',
  signer: 'signsTokens',
  mail: 'sendsMail',
  pepper: 'authPepper',
  vault: 'pulseVault or webhookVault',
};

/**
 * The function's services, built for the configuration in force (the local runtime and tests change it), checked at
 * load against its needs: a part its needs do not name, or a need without its part, is a mistake in one of the two
 * and fails the function's import, in the tests that load every handler, rather than a request in production.
 */
export function servicesFor(owner: ServiceOwner, parts: ServiceParts): () => Services {
  const needed = partsNeeded(owner.needs);
  for (const part of Object.keys(NEED_OF) as (keyof ServiceParts)[]) {
    if (needed[part] && !parts[part])
      throw new Error(`${owner.id}: its needs name ${NEED_OF[part]}, but it is not given the ${part} part`);
    if (!needed[part] && parts[part])
      throw new Error(`${owner.id}: given the ${part} part, but its needs do not name ${NEED_OF[part]}`);
  }
  let built: { cfg: Config; services: Services } | undefined;
  return () => {
    const cfg = config();
    if (built?.cfg !== cfg) built = { cfg, services: buildServices(cfg, parts, owner.id) };
    return built.services;
  };
}

type TableServices = Pick<
  Services,
  | 'accounts'
  | 'subjects'
  | 'records'
  | 'careCircle'
  | 'exports'
  | 'memories'
  | 'rateLimiter'
  | 'idempotency'
  | 'connections'
  | 'files'
  | 'staging'
  | 'tickets'
  | 'dueEntries'
  | 'usage'
  | 'loginCodes'
  | 'users'
  | 'grants'
  | 'jwks'
  | 'oauthClients'
  | 'authorizationRequests'
  | 'authorizationCodes'
  | 'consents'
  | 'clientBindings'
  | 'pulseLinks'
  | 'webhookLedger'
  | 'webhooks'
> & { doc: DynamoDBDocumentClient };

/** The table adapters, one set per configuration and process, each built on first use. */
const tablesOf = perConfig(
  (cfg): TableServices =>
    lazyProperties<TableServices>({
      doc: () => createDocumentClient(cfg),
      accounts: (t) => new DynamoAccountStore(t.doc, cfg.tables.accounts),
      subjects: (t) => new DynamoSubjectDirectory(t.doc, cfg.tables.accounts, t.records),
      records: (t) => new DynamoRecordStore(t.doc, cfg.tables.records),
      careCircle: (t) => new DynamoCareCircle(t.doc, cfg.tables.records),
      exports: (t) => new DynamoExportStore(t.doc, cfg.tables.records),
      memories: (t) => new DynamoMemoryStore(t.doc, cfg.tables.records),
      rateLimiter: (t) => new DynamoRateLimiter(t.doc, cfg.tables.rateLimits),
      idempotency: (t) => new DynamoIdempotencyStore(t.doc, cfg.tables.rateLimits),
      connections: (t) => new DynamoConnectionStore(t.doc, cfg.tables.accounts),
      files: (t) => new DynamoFileCatalog(t.doc, cfg.tables.records),
      staging: (t) => new DynamoUploadStaging(t.doc, cfg.tables.accounts),
      tickets: (t) => new DynamoUploadTickets(t.doc, cfg.tables.accounts),
      dueEntries: (t) => new DynamoDueEntries(t.doc, cfg.tables.accounts),
      usage: (t) => new DynamoUsageLedger(t.doc, cfg.tables.accounts),
      loginCodes: (t) => new DynamoLoginCodes(t.doc, cfg.tables.identity),
      users: (t) => new DynamoUserDirectory(t.doc, cfg.tables.identity),
      grants: (t) => new DynamoGrantStore(t.doc, cfg.tables.identity),
      jwks: (t) => new DynamoJwksStore(t.doc, cfg.tables.identity),
      oauthClients: (t) => new DynamoOAuthClients(t.doc, cfg.tables.identity),
      authorizationRequests: (t) => new DynamoAuthorizationRequests(t.doc, cfg.tables.identity),
      authorizationCodes: (t) => new DynamoAuthorizationCodes(t.doc, cfg.tables.identity),
      consents: (t) => new DynamoConsents(t.doc, cfg.tables.identity),
      clientBindings: (t) => new DynamoClientBindings(t.doc, cfg.tables.identity),
      pulseLinks: (t) => new DynamoPulseLinks(t.doc, cfg.tables.records, cfg.tables.accounts),
      webhookLedger: (t) => new DynamoWebhookLedger(t.doc, cfg.tables.accounts),
      webhooks: (t) => new DynamoWebhookStore(t.doc, cfg.tables.accounts, cfg.tables.records),
    }),
);

/** One egress per configuration and process: it holds no connections (none is kept alive), only the allow list. */
const egressOf = perConfig((cfg) => createGuardedEgress({ allowHosts: cfg.mcpAllowHosts }));

const conversationStores = new WeakMap<Config, ConversationStore>();

/** The conversation store (large bodies in the bucket), one per configuration and process like the table adapters. */
function conversationsOf(cfg: Config, blobs: () => BlobStore): ConversationStore {
  let store = conversationStores.get(cfg);
  if (!store) {
    store = new DynamoConversationStore(tablesOf(cfg).doc, cfg.tables.records, blobs());
    conversationStores.set(cfg, store);
  }
  return store;
}

/**
 * A function's services: the process's table adapters, and the parts it was given. Every port is built on first use,
 * so a function pays only for the adapters its requests reach; a port whose part is missing throws, naming the need.
 */
export function buildServices(cfg: Config, parts: ServiceParts, owner: string): Services {
  const part =
    <K extends keyof ServiceParts>(name: K) =>
    (): ReturnType<NonNullable<ServiceParts[K]>> => {
      const build = parts[name];
      if (!build)
        throw new Error(`${owner} reached the ${name} adapters, but its manifest needs do not name ${NEED_OF[name]}`);
      return build(cfg) as ReturnType<NonNullable<ServiceParts[K]>>;
    };
  const tables = tablesOf(cfg);
  const sockets = part('sockets');
  return lazyProperties<Services>({
    config: () => cfg,
    accounts: () => tables.accounts,
    subjects: () => tables.subjects,
    records: () => tables.records,
    careCircle: () => tables.careCircle,
    exports: () => tables.exports,
    conversations: (s) => conversationsOf(cfg, () => s.blobs),
    memories: () => tables.memories,
    rateLimiter: () => tables.rateLimiter,
    idempotency: () => tables.idempotency,
    connections: () => tables.connections,
    files: () => tables.files,
    staging: () => tables.staging,
    tickets: () => tables.tickets,
    dueEntries: () => tables.dueEntries,
    usage: () => tables.usage,
    blobs: part('bucket'),
    queue: part('queues'),
    sockets: () => sockets,
    documents: () => part('documents')().readers,
    ocrJobs: () => part('documents')().ocrJobs,
    model: part('model'),
    loginCodes: () => tables.loginCodes,
    users: () => tables.users,
    grants: () => tables.grants,
    jwks: () => tables.jwks,
    oauthClients: () => tables.oauthClients,
    authorizationRequests: () => tables.authorizationRequests,
    authorizationCodes: () => tables.authorizationCodes,
    consents: () => tables.consents,
    clientBindings: () => tables.clientBindings,
    signer: part('signer'),
    mail: part('mail'),
    pepper: () => part('pepper')(),
    vault: part('vault'),
    pulseLinks: () => tables.pulseLinks,
    webhookLedger: () => tables.webhookLedger,
    webhooks: () => tables.webhooks,
    egress: () => egressOf(cfg),
  });
}

/** An object whose every property is built by its builder on first read (which may read the object's others). */
function lazyProperties<T extends object>(builders: { [K in keyof T]: (self: T) => T[K] }): T {
  const self = {} as T;
  for (const [name, build] of Object.entries(builders) as [string, (self: T) => unknown][]) {
    let made = false;
    let value: unknown;
    Object.defineProperty(self, name, {
      enumerable: true,
      configurable: true,
      get: () => {
        if (!made) {
          value = build(self);
          made = true;
        }
        return value;
      },
      // A test may stand in for a port (a fault injected into one store); deleting the property is not supported.
      set: (replacement: unknown) => {
        value = replacement;
        made = true;
      },
    });
  }
  return self;
}
