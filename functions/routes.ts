/**
 * The route manifest: every HTTP route, WebSocket route, queue consumer and schedule of HDS, as pure
 * data. The CDK stateless stack and the local runtime both read it; nothing declares a route twice.
 *
 * `needs` drives least-privilege grants in the cloud and tells the local runtime nothing new: locally
 * every handler reaches the same embedded emulators.
 */

import type { Needs, QueueName } from '../shared/config/resources';
import type { Scope } from '../shared/domain/oauth/scopes';
import type { EnvelopeName } from '../shared/http/envelopes';
import type { RouteAuth } from '../shared/http/handler';

export type { Access, Needs, QueueName, TableName } from '../shared/config/resources';

interface EntryBase {
  /** `<verb>-<noun>`; also the function's name and its folder under dist/. */
  id: string;
  /** Module under functions/ exporting `handler`. */
  handler: string;
  description: string;
  needs: Needs;
}

export interface HttpRoute extends EntryBase {
  kind: 'http';
  /** HEAD only where a provider probes a URL with it (the webhook path). */
  method: 'GET' | 'POST' | 'DELETE' | 'HEAD';
  /** API Gateway path syntax: `{name}` for one segment, `{name+}` for a greedy rest. */
  path: string;
  /** 'api-key' for /v1, 'none' for public routes (probes, sign-in, OAuth). */
  auth: RouteAuth;
  /** The shape of its answers and errors: `/v1`'s OpenAI error, email login's numbered codes, OAuth's RFC names. */
  envelope: EnvelopeName;
  /** Scopes a `user-token` route's token must hold (`mcp:read`, `mcp:write`); only on `user-token` routes. */
  scopes?: readonly Scope[];
  /**
   * The answer may stream (server-sent events): served by the REST API in STREAM transfer mode with Lambda
   * response streaming in the cloud (HTTP APIs buffer), and chunk by chunk locally.
   */
  streaming?: boolean;
}

/** A route of the WebSocket API; the API's URL path on both hosts is `path`. */
export interface WebSocketRoute extends EntryBase {
  kind: 'websocket';
  path: '/v1/files/stream';
  routeKey: '$connect' | '$disconnect' | '$default';
}

export interface QueueConsumer extends EntryBase {
  kind: 'queue';
  queue: QueueName;
  /** The bucket announces objects created under this prefix on the queue (S3 event notifications). */
  fedByBucketPrefix?: string;
  /** Textract announces finished analyses on the OCR topic, which delivers them to this queue (SNS → SQS). */
  fedByTextract?: boolean;
  batchSize: number;
  /**
   * Deliveries before a message is moved to the dead-letter queue: at least 5, so a message the function could not
   * take while throttled is not dead-lettered for it (AWS's guidance for Lambda SQS sources).
   */
  maxReceiveCount: number;
  /** At least 6× the function's timeout (AWS's guidance), so retries of a throttled batch fit inside it. */
  visibilityTimeoutSeconds: number;
  /**
   * Most concurrent invocations the event source makes (2–1000): a burst on one queue cannot take the account's
   * whole concurrency from the API, and Textract-calling consumers stay within Textract's request rates.
   */
  maxConcurrency: number;
}

export interface ScheduledJob extends EntryBase {
  kind: 'schedule';
  everyMinutes: number;
}

export type ManifestEntry = HttpRoute | WebSocketRoute | QueueConsumer | ScheduledJob;

const recordsRw = { accounts: 'readwrite', records: 'readwrite', rateLimits: 'readwrite' } as const;
const recordsRead = { accounts: 'readwrite', records: 'read', rateLimits: 'readwrite' } as const;
/**
 * The console's routes on a Subject: the grant behind the session (identity), the account's Subject mappings and the
 * records. No API key is read, so no last use is written: accounts is read-only, except where an erase unmaps.
 */
const consoleRead = { identity: 'read', accounts: 'read', records: 'read', rateLimits: 'readwrite' } as const;
const consoleRw = { identity: 'read', accounts: 'read', records: 'readwrite', rateLimits: 'readwrite' } as const;

/** Email sign-in's two steps, wherever they are served (`/email/*`, the engine's `/api/v1/user/email/*`). */
const loginCodeNeeds: Needs = {
  tables: { identity: 'readwrite', rateLimits: 'readwrite' },
  sendsMail: true,
  authPepper: true,
};
const verifyCodeNeeds: Needs = {
  tables: { identity: 'readwrite', accounts: 'readwrite', rateLimits: 'readwrite' },
  signsTokens: true,
  authPepper: true,
};

export const manifest: readonly ManifestEntry[] = [
  // Liveness and readiness of the region; public, no key.
  {
    kind: 'http',
    id: 'get-health',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    envelope: 'openai',
    handler: 'health/get-health.ts',
    description: 'Region health and live tool names',
    needs: { tables: { accounts: 'read' }, bucket: 'read', probesModel: true },
  },
  // The OpenAPI 3.1 document of every route; public, as generators fetch it before anyone has a key.
  {
    kind: 'http',
    id: 'get-openapi',
    method: 'GET',
    path: '/v1/openapi.json',
    auth: 'none',
    envelope: 'openai',
    handler: 'openapi/get-openapi.ts',
    description: 'The OpenAPI 3.1 document of the API',
    needs: {},
  },
  // Capability tiers hds-flash and hds-expert.
  {
    kind: 'http',
    id: 'list-models',
    method: 'GET',
    path: '/v1/models',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'models/list-models.ts',
    description: 'List model tiers',
    needs: { tables: { accounts: 'read', rateLimits: 'readwrite' } },
  },
  // Structured readings in: standardized, mirrored as FHIR, kept per retention.
  {
    kind: 'http',
    id: 'create-data',
    method: 'POST',
    path: '/v1/data',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'data/create-data.ts',
    description: 'Write a batch of structured readings',
    needs: { tables: recordsRw, memoryMb: 1024, timeoutSeconds: 29 },
  },
  // Readings out, newest first, only unexpired.
  {
    kind: 'http',
    id: 'list-data',
    method: 'GET',
    path: '/v1/data',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'data/list-data.ts',
    description: 'Read a page of readings',
    needs: { tables: recordsRead },
  },
  // Row, indicator or whole-Subject delete, FHIR mirrors included.
  {
    kind: 'http',
    id: 'delete-data',
    method: 'DELETE',
    path: '/v1/data',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'data/delete-data.ts',
    description: 'Delete readings',
    needs: { tables: recordsRw, timeoutSeconds: 29 },
  },
  // Erase session-scoped data and close the chat session.
  {
    kind: 'http',
    id: 'delete-session',
    method: 'DELETE',
    path: '/v1/sessions/{session_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'sessions/delete-session.ts',
    description: 'Delete a session and its session-scoped data',
    needs: { tables: recordsRw, sendsTo: ['purge', 'webhooks'], timeoutSeconds: 29 },
  },
  // Right to be forgotten: unreadable at once, purged by the queue worker.
  {
    kind: 'http',
    id: 'delete-subject',
    method: 'DELETE',
    path: '/v1/subjects/{user}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'subjects/delete-subject.ts',
    description: 'Erase a Subject',
    needs: { tables: recordsRw, bucket: 'readwrite', sendsTo: ['purge', 'pulse-jobs'] },
  },
  // The Subject's care circle: family members the agent may name (list_family_members).
  {
    kind: 'http',
    id: 'create-family-member',
    method: 'POST',
    path: '/v1/family-members',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'family/create-family-member.ts',
    description: 'Record a family member of a Subject',
    needs: { tables: recordsRw },
  },
  // Family members recorded for the Subject, oldest first.
  {
    kind: 'http',
    id: 'list-family-members',
    method: 'GET',
    path: '/v1/family-members',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'family/list-family-members.ts',
    description: 'List family members of a Subject',
    needs: { tables: recordsRead },
  },
  // One family member removed; 404 for another Subject's.
  {
    kind: 'http',
    id: 'delete-family-member',
    method: 'DELETE',
    path: '/v1/family-members/{member_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'family/delete-family-member.ts',
    description: 'Delete a family member of a Subject',
    needs: { tables: recordsRw },
  },
  // Readings read out of report text (or a text file), standardized; stored only with store=true.
  {
    kind: 'http',
    id: 'create-standardization',
    method: 'POST',
    path: '/v1/standardize',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'standardize/create-standardization.ts',
    description: 'Extract and standardize readings from text',
    needs: {
      usesModel: true,
      tables: recordsRw,
      bucket: 'read',
      cachesEmbeddings: true,
      usesTextract: true,
      memoryMb: 1024,
      timeoutSeconds: 29,
    },
  },
  // Deprecated alias of /v1/standardize: same request and response, plus a Deprecation header.
  {
    kind: 'http',
    id: 'create-extraction',
    method: 'POST',
    path: '/v1/extract',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'standardize/create-extraction.ts',
    description: 'Deprecated alias of POST /v1/standardize',
    needs: {
      usesModel: true,
      tables: recordsRw,
      bucket: 'read',
      cachesEmbeddings: true,
      usesTextract: true,
      memoryMb: 1024,
      timeoutSeconds: 29,
    },
  },
  // Files: multipart upload into the Subject's part of the bucket; extraction runs in the background.
  {
    kind: 'http',
    id: 'create-file',
    method: 'POST',
    path: '/v1/files',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'files/create-file.ts',
    description: 'Upload a file',
    needs: { tables: recordsRw, bucket: 'readwrite', sendsTo: ['file-jobs'], memoryMb: 1024, timeoutSeconds: 29 },
  },
  // The Subject's live files.
  {
    kind: 'http',
    id: 'list-files',
    method: 'GET',
    path: '/v1/files',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'files/list-files.ts',
    description: 'List files',
    needs: { tables: recordsRead },
  },
  // A file's parsed text and abstract; the key holds slashes, hence the greedy parameter.
  {
    kind: 'http',
    id: 'get-file',
    method: 'GET',
    path: '/v1/files/{file_key+}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'files/get-file.ts',
    description: "Read a file's parsed text",
    needs: { tables: recordsRead, bucket: 'read' },
  },
  // Gone from every read at once; the purge worker removes the bytes.
  {
    kind: 'http',
    id: 'delete-file',
    method: 'DELETE',
    path: '/v1/files/{file_key+}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'files/delete-file.ts',
    description: 'Delete a file',
    needs: { tables: recordsRw, sendsTo: ['purge'] },
  },
  // Reads a stored file's text and readings (OCR, spreadsheets, reports); idempotent per file.
  {
    kind: 'queue',
    id: 'extract-files',
    queue: 'file-jobs',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 3600,
    maxConcurrency: 10,
    handler: 'files/extract-files.ts',
    description: 'Extract text and readings from uploaded files',
    needs: {
      usesModel: true,
      tables: { records: 'readwrite', accounts: 'readwrite' },
      bucket: 'readwrite',
      postsToConnections: true,
      usesTextract: true,
      textractJobs: 'start',
      sendsTo: ['webhooks'],
      memoryMb: 2048,
      timeoutSeconds: 600,
    },
  },
  // Answers API: a grounded answer from the Subject's records (chat-completions protocol, SSE when streamed).
  {
    kind: 'http',
    id: 'create-chat-completion',
    method: 'POST',
    path: '/v1/chat/completions',
    auth: 'api-key',
    envelope: 'openai',
    streaming: true,
    handler: 'chat/create-chat-completion.ts',
    description: 'Answer a question from the Subject data through the agent loop',
    needs: {
      usesModel: true,
      runsAgentTools: true,
      tables: recordsRw,
      bucket: 'read',
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  // Textract finished reading a scanned PDF: its text and readings are stored as the extraction job would have.
  {
    kind: 'queue',
    id: 'collect-ocr',
    queue: 'ocr-results',
    fedByTextract: true,
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 1800,
    maxConcurrency: 5,
    handler: 'files/collect-ocr.ts',
    description: 'Store the text and readings of a finished Textract analysis',
    needs: {
      usesModel: true,
      tables: { records: 'readwrite', accounts: 'readwrite' },
      bucket: 'readwrite',
      textractJobs: 'collect',
      sendsTo: ['webhooks'],
      // A scanned PDF sent over the WebSocket: its held upload_end_response goes out when the analysis is in.
      postsToConnections: true,
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  // Agent API: the responses protocol (client tools, stored conversations, MCP, backbone mode; SSE when streamed).
  {
    kind: 'http',
    id: 'create-response',
    method: 'POST',
    path: '/v1/responses',
    auth: 'api-key',
    envelope: 'openai',
    streaming: true,
    handler: 'responses/create-response.ts',
    description: 'Run one agent turn of the responses protocol, storing it when asked',
    needs: {
      usesModel: true,
      runsAgentTools: true,
      tables: recordsRw,
      bucket: 'readwrite',
      sendsTo: ['consolidation', 'webhooks'],
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  // Journal recipe: readings (source consolidation) and durable memories out of a stored agent turn; idempotent per
  // response. One turn per invocation, as a turn may take two model calls.
  {
    kind: 'queue',
    id: 'consolidate-conversation',
    queue: 'consolidation',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 1080,
    maxConcurrency: 5,
    handler: 'responses/consolidate-conversation.ts',
    description: 'Extract readings and memories from a stored agent turn',
    needs: {
      usesModel: true,
      tables: { records: 'readwrite', accounts: 'read' },
      bucket: 'read',
      sendsTo: ['webhooks'],
      memoryMb: 1024,
      timeoutSeconds: 180,
    },
  },
  // A stored response, as it was returned.
  {
    kind: 'http',
    id: 'get-response',
    method: 'GET',
    path: '/v1/responses/{response_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'responses/get-response.ts',
    description: 'Read a stored response',
    needs: { tables: recordsRead, bucket: 'read', memoryMb: 512, timeoutSeconds: 10 },
  },
  // The input items of a stored response (the SDKs' `responses.inputItems.list`), paged like the protocol.
  {
    kind: 'http',
    id: 'list-response-input-items',
    method: 'GET',
    path: '/v1/responses/{response_id}/input_items',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'responses/list-input-items.ts',
    description: "List a stored response's input items",
    needs: { tables: recordsRead, bucket: 'read', memoryMb: 512, timeoutSeconds: 10 },
  },
  // Gone at once; the last response of a conversation takes the conversation with it.
  {
    kind: 'http',
    id: 'delete-response',
    method: 'DELETE',
    path: '/v1/responses/{response_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'responses/delete-response.ts',
    description: 'Delete a stored response',
    needs: { tables: recordsRw, bucket: 'readwrite', memoryMb: 512, timeoutSeconds: 10 },
  },
  // Large files over HTTP: a presigned S3 POST straight to the bucket, capped at the announced size.
  {
    kind: 'http',
    id: 'create-upload',
    method: 'POST',
    path: '/v1/files/uploads',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'files/create-upload.ts',
    description: 'Start a presigned upload of a large file',
    needs: { tables: recordsRw, bucket: 'readwrite' },
  },
  // An object arrived through a presigned upload: it becomes the Subject's file, then is extracted.
  {
    kind: 'queue',
    id: 'finalize-upload',
    queue: 'uploads',
    fedByBucketPrefix: 'incoming/',
    batchSize: 5,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 1440,
    maxConcurrency: 10,
    handler: 'files/finalize-upload.ts',
    description: 'Adopt a presigned upload as a file',
    needs: {
      tables: { records: 'readwrite', accounts: 'readwrite' },
      bucket: 'readwrite',
      sendsTo: ['file-jobs'],
      timeoutSeconds: 240,
      memoryMb: 1024,
    },
  },
  // Streamed uploads: the handshake authenticates the key in the query string and fixes the tenancy.
  {
    kind: 'websocket',
    id: 'connect-file-stream',
    path: '/v1/files/stream',
    routeKey: '$connect',
    handler: 'files/connect-file-stream.ts',
    description: 'Open a streamed-upload connection',
    needs: {
      tables: { accounts: 'readwrite', rateLimits: 'readwrite', identity: 'read' },
      sendsTo: ['socket-events'],
    },
  },
  // Every client frame of a streamed upload.
  {
    kind: 'websocket',
    id: 'message-file-stream',
    path: '/v1/files/stream',
    routeKey: '$default',
    handler: 'files/message-file-stream.ts',
    description: 'Handle a streamed-upload frame',
    needs: {
      tables: { accounts: 'readwrite', identity: 'read' },
      bucket: 'readwrite',
      sendsTo: ['file-jobs'],
      postsToConnections: true,
      timeoutSeconds: 29,
    },
  },
  // Forgets a closed connection.
  {
    kind: 'websocket',
    id: 'disconnect-file-stream',
    path: '/v1/files/stream',
    routeKey: '$disconnect',
    handler: 'files/disconnect-file-stream.ts',
    description: 'Close a streamed-upload connection',
    needs: { tables: { accounts: 'readwrite' }, bucket: 'readwrite' },
  },
  // Sends `connection_established`: a $connect handler cannot write to its own socket yet.
  {
    kind: 'queue',
    id: 'greet-socket',
    queue: 'socket-events',
    batchSize: 10,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 60,
    maxConcurrency: 20,
    handler: 'files/greet-socket.ts',
    description: 'Greet a new WebSocket connection',
    needs: { tables: { accounts: 'read' }, postsToConnections: true, timeoutSeconds: 10 },
  },
  // Bulk export (HDS extension, issue 19): queues a job writing the Subject's readings to the bucket.
  {
    kind: 'http',
    id: 'create-export',
    method: 'POST',
    path: '/v1/exports',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'exports/create-export.ts',
    description: 'Start a bulk export of readings',
    needs: { tables: recordsRw, sendsTo: ['exports'] },
  },
  // The Subject's live exports, newest first.
  {
    kind: 'http',
    id: 'list-exports',
    method: 'GET',
    path: '/v1/exports',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'exports/list-exports.ts',
    description: 'List exports',
    needs: { tables: recordsRead },
  },
  // One export: status, counts and presigned download links (signing needs read access to the objects).
  {
    kind: 'http',
    id: 'get-export',
    method: 'GET',
    path: '/v1/exports/{export_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'exports/get-export.ts',
    description: 'Read an export and its download links',
    needs: { tables: recordsRead, bucket: 'read' },
  },
  // Its file, then the export.
  {
    kind: 'http',
    id: 'delete-export',
    method: 'DELETE',
    path: '/v1/exports/{export_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'exports/delete-export.ts',
    description: 'Delete an export and its file',
    needs: { tables: recordsRw, bucket: 'readwrite' },
  },
  // Writes an export's file page by page (bounded memory at any Subject size); marks it failed on its last delivery.
  {
    kind: 'queue',
    id: 'run-export',
    queue: 'exports',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 1800,
    maxConcurrency: 5,
    handler: 'exports/run-export.ts',
    description: 'Write a bulk export to the bucket',
    needs: { tables: { records: 'readwrite' }, bucket: 'readwrite', memoryMb: 1024, timeoutSeconds: 300 },
  },
  // Deletes every item an erased Subject left behind.
  {
    kind: 'queue',
    id: 'purge-subject',
    queue: 'purge',
    batchSize: 5,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 720,
    maxConcurrency: 5,
    handler: 'workers/purge-subject.ts',
    description: 'Purge an erased Subject or a deleted file',
    needs: {
      tables: { records: 'readwrite', accounts: 'readwrite' },
      bucket: 'readwrite',
      sendsTo: ['webhooks'],
      timeoutSeconds: 120,
    },
  },
  // Deletes expired rows within minutes; DynamoDB TTL is only the backstop.
  {
    kind: 'schedule',
    id: 'sweep-retention',
    everyMinutes: 5,
    handler: 'workers/sweep-retention.ts',
    description: 'Delete expired records and files',
    needs: {
      tables: { records: 'readwrite', accounts: 'readwrite' },
      bucket: 'readwrite',
      sendsTo: ['purge', 'pulse-jobs', 'webhooks'],
      timeoutSeconds: 120,
    },
  },
  // Sign-in by email code: mails a 6-digit code (no account lookup, same answer for every address).
  {
    kind: 'http',
    id: 'create-login-code',
    method: 'POST',
    path: '/email/login',
    auth: 'none',
    envelope: 'account',
    handler: 'sign-in/create-login-code.ts',
    description: 'Mail a sign-in code',
    needs: loginCodeNeeds,
  },
  // Sign-in by email code, step 2: the code → a console session (access and refresh token).
  {
    kind: 'http',
    id: 'verify-login-code',
    method: 'POST',
    path: '/email/verify',
    auth: 'none',
    envelope: 'account',
    handler: 'sign-in/verify-login-code.ts',
    description: 'Sign in with an emailed code',
    needs: verifyCodeNeeds,
  },
  // The public keys access tokens verify with.
  {
    kind: 'http',
    id: 'get-jwks',
    method: 'GET',
    path: '/.well-known/jwks.json',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/get-jwks.ts',
    description: 'Publish the token signing keys (JWKS)',
    needs: { tables: { identity: 'read' } },
  },
  // The OAuth 2.0 token endpoint: refresh, authorization code, credentials.
  {
    kind: 'http',
    id: 'create-token',
    method: 'POST',
    path: '/oauth/token',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/create-token.ts',
    description: 'Issue tokens (OAuth 2.0 token endpoint)',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' }, signsTokens: true },
  },
  // ── OAuth authorization server routes (register, metadata, authorize pages) go here. ──
  // RFC 7591 dynamic client registration, open to anyone; a console session sent along records the owner account.
  {
    kind: 'http',
    id: 'register-oauth-client',
    method: 'POST',
    path: '/oauth/register',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/register-oauth-client.ts',
    description: 'Register an OAuth client (RFC 7591)',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' } },
  },
  // RFC 8414 authorization server metadata: pure configuration, no table.
  {
    kind: 'http',
    id: 'get-oauth-metadata',
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/get-oauth-metadata.ts',
    description: 'Publish the OAuth authorization server metadata (RFC 8414)',
    needs: {},
  },
  // The authorize page: client and redirect URI checked first (a 400 page, never a redirect), then the email form.
  {
    kind: 'http',
    id: 'get-authorize',
    method: 'GET',
    path: '/oauth2/authorize',
    auth: 'none',
    envelope: 'oauth-page',
    handler: 'oauth/get-authorize.ts',
    description: 'Start an OAuth authorization (sign-in page)',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' } },
  },
  // The authorize page's steps: email (mails a code), code (signs in, may mint user and account), consent (code out).
  {
    kind: 'http',
    id: 'post-authorize',
    method: 'POST',
    path: '/oauth2/authorize',
    auth: 'none',
    envelope: 'oauth-page',
    handler: 'oauth/post-authorize.ts',
    description: 'Sign in and consent on the OAuth authorize pages',
    needs: {
      tables: { identity: 'readwrite', accounts: 'readwrite', rateLimits: 'readwrite' },
      sendsMail: true,
      authPepper: true,
    },
  },
  // A signed-in user who also holds a client's secret binds that client to themselves for the credentials grant.
  {
    kind: 'http',
    id: 'create-client-binding',
    method: 'POST',
    path: '/api/console/oauth/bindings',
    auth: 'session',
    envelope: 'openai',
    handler: 'oauth/create-client-binding.ts',
    description: 'Bind an OAuth client to the signed-in user (credentials grant)',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' } },
  },
  // Unbinding revokes the binding's grant, so the client's access tokens stop at once.
  {
    kind: 'http',
    id: 'delete-client-binding',
    method: 'DELETE',
    path: '/api/console/oauth/bindings/{client_id}',
    auth: 'session',
    envelope: 'openai',
    handler: 'oauth/delete-client-binding.ts',
    description: 'Unbind an OAuth client from the signed-in user',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' } },
  },
  // RFC 9728 metadata of the MCP server: the document `/mcp`'s 401 challenge names, leading to this authorization server.
  {
    kind: 'http',
    id: 'get-mcp-protected-resource-metadata',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/get-mcp-protected-resource-metadata.ts',
    description: 'Publish the MCP server’s protected-resource metadata (RFC 9728)',
    needs: {},
  },
  // The same document at the root well-known path, which MCP clients try when the path-inserted one is missing.
  {
    kind: 'http',
    id: 'get-protected-resource-metadata',
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    auth: 'none',
    envelope: 'oauth',
    handler: 'oauth/get-protected-resource-metadata.ts',
    description: 'Publish the protected-resource metadata at the root well-known path (RFC 9728)',
    needs: {},
  },
  // The MCP server (Streamable HTTP, stateless, JSON answers): a user's token (`mcp:read`, writes with `mcp:write`) or
  // an API key with `?user=`. Streamed so a long tool call is not cut at API Gateway's 29 s.
  {
    kind: 'http',
    id: 'call-mcp',
    method: 'POST',
    path: '/mcp',
    auth: 'mcp',
    envelope: 'jsonrpc',
    streaming: true,
    handler: 'mcp/call-mcp.ts',
    description: 'Answer one MCP JSON-RPC message (tools and resources over a Subject’s data)',
    needs: { tables: { ...recordsRw, identity: 'read' }, bucket: 'read', memoryMb: 1024, timeoutSeconds: 120 },
  },
  // No server-to-client stream on a stateless server: GET answers 405, which MCP clients read as "no stream".
  {
    kind: 'http',
    id: 'get-mcp',
    method: 'GET',
    path: '/mcp',
    auth: 'none',
    envelope: 'jsonrpc',
    handler: 'mcp/get-mcp.ts',
    description: 'Refuse the MCP server-to-client stream (stateless server)',
    needs: {},
  },
  // ── Console and account routes (/api/console/*, /user/*) go here. ──
  // The account's live API keys for the console: id, name, prefix, times, region; never a secret.
  {
    kind: 'http',
    id: 'list-console-keys',
    method: 'GET',
    path: '/api/console/keys',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-keys.ts',
    description: "List the account's API keys",
    needs: { tables: { identity: 'read', accounts: 'read', rateLimits: 'readwrite' } },
  },
  // A new API key; its secret is shown once, in this answer. At most 100 live keys per account.
  {
    kind: 'http',
    id: 'create-console-key',
    method: 'POST',
    path: '/api/console/keys',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/create-console-key.ts',
    description: 'Create an API key',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // Revokes a key at once; another account's key is 404.
  {
    kind: 'http',
    id: 'delete-console-key',
    method: 'DELETE',
    path: '/api/console/keys/{key_id}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-key.ts',
    description: 'Revoke an API key',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // The account's outbound webhook endpoints (issue 19), managed from the console with the /v1 routes' service.
  // Its endpoints with their newest delivery's status, and the event types; never a secret.
  {
    kind: 'http',
    id: 'list-console-webhook-endpoints',
    method: 'GET',
    path: '/api/console/webhook_endpoints',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-webhook-endpoints.ts',
    description: 'List the account’s webhook endpoints',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // A new endpoint; its signing secret is shown once, in this answer.
  {
    kind: 'http',
    id: 'create-console-webhook-endpoint',
    method: 'POST',
    path: '/api/console/webhook_endpoints',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/create-console-webhook-endpoint.ts',
    description: 'Register a webhook endpoint',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' }, webhookVault: 'seal' },
  },
  // Stops deliveries to an endpoint; another account's is 404.
  {
    kind: 'http',
    id: 'delete-console-webhook-endpoint',
    method: 'DELETE',
    path: '/api/console/webhook_endpoints/{endpoint_id}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-webhook-endpoint.ts',
    description: 'Delete a webhook endpoint',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // A new signing secret, shown once; the old one keeps signing beside it for 24 h.
  {
    kind: 'http',
    id: 'rotate-console-webhook-secret',
    method: 'POST',
    path: '/api/console/webhook_endpoints/{endpoint_id}/rotate_secret',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/rotate-console-webhook-secret.ts',
    description: 'Rotate a webhook endpoint’s signing secret',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' }, webhookVault: 'seal' },
  },
  // An endpoint's delivery log, newest first.
  {
    kind: 'http',
    id: 'list-console-webhook-deliveries',
    method: 'GET',
    path: '/api/console/webhook_endpoints/{endpoint_id}/deliveries',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-webhook-deliveries.ts',
    description: 'List a webhook endpoint’s deliveries',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // One more attempt of a finished delivery, under the same webhook-id.
  {
    kind: 'http',
    id: 'redeliver-console-webhook',
    method: 'POST',
    path: '/api/console/webhook_endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/redeliver-console-webhook.ts',
    description: 'Redeliver a webhook delivery',
    needs: { tables: { identity: 'read', accounts: 'readwrite', rateLimits: 'readwrite' }, sendsTo: ['webhooks'] },
  },
  // Requests, tokens and cost per day and tier, from the usage ledger and the tiers' prices.
  {
    kind: 'http',
    id: 'get-console-usage',
    method: 'GET',
    path: '/api/console/usage',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/get-console-usage.ts',
    description: "Report the account's usage and cost",
    needs: { tables: { identity: 'read', accounts: 'read', rateLimits: 'readwrite' } },
  },
  // The account's Subjects, paged in key order, with live reading and file counts (floors past a 1 s budget).
  {
    kind: 'http',
    id: 'list-console-subjects',
    method: 'GET',
    path: '/api/console/subjects',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-subjects.ts',
    description: "List the account's Subjects",
    needs: { tables: consoleRead },
  },
  // Right to be forgotten from the console: the same erase as DELETE /v1/subjects/{user}.
  {
    kind: 'http',
    id: 'delete-console-subject',
    method: 'DELETE',
    path: '/api/console/subjects/{user}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-subject.ts',
    description: 'Erase a Subject of the account',
    // The erase marks and drops the Subject's mapping and its staged uploads, in the accounts table.
    needs: {
      tables: { ...consoleRw, accounts: 'readwrite' },
      bucket: 'readwrite',
      sendsTo: ['purge', 'pulse-jobs'],
    },
  },
  // A Subject's readings grouped by LOINC code (or indicator) from one pass over the time index.
  {
    kind: 'http',
    id: 'list-console-series',
    method: 'GET',
    path: '/api/console/series',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-series.ts',
    description: "List a Subject's reading series",
    needs: { tables: consoleRead, memoryMb: 1024, timeoutSeconds: 29 },
  },
  // One series as chart columns, up to 50,000 points in one answer.
  {
    kind: 'http',
    id: 'get-console-series-points',
    method: 'GET',
    path: '/api/console/series/points',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/get-console-series-points.ts',
    description: 'Read one series as chart points',
    needs: { tables: consoleRead, memoryMb: 1024, timeoutSeconds: 29 },
  },
  // A Subject's readings, newest first, paged as GET /v1/data.
  {
    kind: 'http',
    id: 'list-console-data',
    method: 'GET',
    path: '/api/console/data',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-data.ts',
    description: "Read a page of a Subject's readings",
    needs: { tables: consoleRead },
  },
  // One reading deleted, FHIR mirror included, as DELETE /v1/data?id= does.
  {
    kind: 'http',
    id: 'delete-console-data',
    method: 'DELETE',
    path: '/api/console/data',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-data.ts',
    description: 'Delete one reading',
    needs: { tables: consoleRw },
  },
  // A Subject's live files with their processing status.
  {
    kind: 'http',
    id: 'list-console-files',
    method: 'GET',
    path: '/api/console/files',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-files.ts',
    description: "List a Subject's files",
    needs: { tables: consoleRead },
  },
  // A file's status, parsed text and abstract; the key holds slashes, hence the greedy parameter.
  {
    kind: 'http',
    id: 'get-console-file',
    method: 'GET',
    path: '/api/console/files/{file_key+}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/get-console-file.ts',
    description: "Read a file's parsed text",
    needs: { tables: consoleRead, bucket: 'read' },
  },
  // Gone from every read at once; the purge worker removes the bytes.
  {
    kind: 'http',
    id: 'delete-console-file',
    method: 'DELETE',
    path: '/api/console/files/{file_key+}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-file.ts',
    description: 'Delete a file',
    needs: { tables: consoleRw, sendsTo: ['purge'] },
  },
  // The sessions a Subject used, most recently opened first.
  {
    kind: 'http',
    id: 'list-console-sessions',
    method: 'GET',
    path: '/api/console/sessions',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/list-console-sessions.ts',
    description: "List a Subject's sessions",
    needs: { tables: consoleRead },
  },
  // A session's session-scoped data erased and the session closed, as DELETE /v1/sessions/{session_id}.
  {
    kind: 'http',
    id: 'delete-console-session',
    method: 'DELETE',
    path: '/api/console/sessions/{session_id}',
    auth: 'session',
    envelope: 'openai',
    handler: 'console/delete-console-session.ts',
    description: 'Delete a session and its session-scoped data',
    needs: { tables: consoleRw, sendsTo: ['purge', 'webhooks'], timeoutSeconds: 29 },
  },
  // The Answers API for the console's Ask panel: /v1 chat's protocol and agent loop, on a Subject of the session's
  // account, metered to that account; streamed like /v1.
  {
    kind: 'http',
    id: 'create-console-chat-completion',
    method: 'POST',
    path: '/api/console/chat/completions',
    auth: 'session',
    envelope: 'openai',
    streaming: true,
    handler: 'console/create-console-chat-completion.ts',
    description: "Answer a question from one of the account's Subjects (console)",
    needs: {
      usesModel: true,
      runsAgentTools: true,
      tables: { ...recordsRw, identity: 'read' },
      bucket: 'read',
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  // The developer console's page (Preact + uPlot, built by infra/console-build.ts); it signs in from the browser.
  {
    kind: 'http',
    id: 'get-console',
    method: 'GET',
    path: '/console',
    auth: 'none',
    envelope: 'openai',
    handler: 'console-page/get-console.ts',
    description: 'Serve the developer console page',
    needs: { consoleAssets: true },
  },
  // The console's hashed scripts and styles (cached a year) and the API reference page; 404 for anything else.
  {
    kind: 'http',
    id: 'get-console-asset',
    method: 'GET',
    path: '/console/{asset+}',
    auth: 'none',
    envelope: 'openai',
    handler: 'console-page/get-console-asset.ts',
    description: "Serve the developer console's assets and API reference",
    needs: { consoleAssets: true },
  },
  // The signed-in person's display name.
  {
    kind: 'http',
    id: 'update-user-name',
    method: 'POST',
    path: '/user/update_name',
    auth: 'session',
    envelope: 'account',
    handler: 'user/update-user-name.ts',
    description: 'Update the display name',
    needs: { tables: { identity: 'readwrite', rateLimits: 'readwrite' } },
  },
  // Deletes the person and their account: keys and tokens refused at once, the rest by the delete-account worker.
  {
    kind: 'http',
    id: 'delete-user',
    method: 'POST',
    path: '/user/del',
    auth: 'session',
    envelope: 'account',
    handler: 'user/delete-user.ts',
    description: 'Delete the user and their account',
    needs: {
      tables: { identity: 'readwrite', accounts: 'readwrite', rateLimits: 'readwrite' },
      sendsTo: ['account-deletion'],
    },
  },
  // ── The self-hosted engine (/api/v1): sign-in, data and files ──
  // The engine's envelope ({success, code, msg, data}, the status per kind) over the very services /email and /v1 use;
  // signed-in routes act on the token's user's own data (the account's default Subject), one api-v1 budget per user.
  // Email sign-in, step 1, for engine clients: the same code, mail and limits as POST /email/login.
  {
    kind: 'http',
    id: 'create-engine-login-code',
    method: 'POST',
    path: '/api/v1/user/email/login',
    auth: 'none',
    envelope: 'api',
    handler: 'engine/create-engine-login-code.ts',
    description: 'Mail a sign-in code (self-hosted engine)',
    needs: loginCodeNeeds,
  },
  // Email sign-in, step 2: the same session POST /email/verify starts; its access token opens every /api/v1 route.
  {
    kind: 'http',
    id: 'verify-engine-login-code',
    method: 'POST',
    path: '/api/v1/user/email/verify',
    auth: 'none',
    envelope: 'api',
    handler: 'engine/verify-engine-login-code.ts',
    description: 'Sign in with an emailed code (self-hosted engine)',
    needs: verifyCodeNeeds,
  },
  // The user's readings, paged as GET /v1/data pages them.
  {
    kind: 'http',
    id: 'list-engine-health-data',
    method: 'GET',
    path: '/api/v1/data/health/data',
    auth: 'user-token',
    scopes: ['mcp:read'],
    envelope: 'api',
    handler: 'engine/list-engine-health-data.ts',
    description: "Read a page of the user's readings (self-hosted engine)",
    needs: { tables: consoleRead },
  },
  // Readings in through POST /v1/data's writer: up to 500, all or none, kept permanently unless told otherwise.
  {
    kind: 'http',
    id: 'create-engine-health-data',
    method: 'POST',
    path: '/api/v1/data/health/data',
    auth: 'user-token',
    scopes: ['mcp:write'],
    envelope: 'api',
    handler: 'engine/create-engine-health-data.ts',
    description: "Write a batch of the user's readings (self-hosted engine)",
    needs: { tables: { ...recordsRw, identity: 'read' }, memoryMb: 1024, timeoutSeconds: 29 },
  },
  // The user's live files with their processing status, as GET /v1/files lists them.
  {
    kind: 'http',
    id: 'list-engine-files',
    method: 'GET',
    path: '/api/v1/data/uploaded-files',
    auth: 'user-token',
    scopes: ['mcp:read'],
    envelope: 'api',
    handler: 'engine/list-engine-files.ts',
    description: "List the user's files (self-hosted engine)",
    needs: { tables: consoleRead },
  },
  // A multipart upload through POST /v1/files's path: stored, then read in the background (answers `processing`).
  {
    kind: 'http',
    id: 'upload-engine-file',
    method: 'POST',
    path: '/api/v1/data/upload-with-processing',
    auth: 'user-token',
    scopes: ['mcp:write'],
    envelope: 'api',
    handler: 'engine/upload-engine-file.ts',
    description: 'Upload a file of the user for processing (self-hosted engine)',
    needs: {
      tables: { ...recordsRw, identity: 'read' },
      bucket: 'readwrite',
      sendsTo: ['file-jobs'],
      memoryMb: 1024,
      timeoutSeconds: 29,
    },
  },
  // ── The self-hosted engine (/api/v1): chat ──
  // One Agent API turn (history, tools, store, consolidation as /v1/responses) streamed as the engine's SSE frames, on
  // the signed-in user's own data; counted per user under `api-v1`.
  {
    kind: 'http',
    id: 'stream-engine-chat',
    method: 'POST',
    path: '/api/v1/chat/stream',
    auth: 'user-token',
    scopes: ['mcp:read', 'mcp:write'],
    envelope: 'api',
    streaming: true,
    handler: 'engine/stream-engine-chat.ts',
    description: "Answer the signed-in user's question as the engine's SSE stream",
    needs: {
      usesModel: true,
      runsAgentTools: true,
      tables: { ...recordsRw, identity: 'read' },
      bucket: 'readwrite',
      sendsTo: ['consolidation', 'webhooks'],
      memoryMb: 1024,
      timeoutSeconds: 300,
    },
  },
  // A session's user and assistant messages from its stored conversation, or the user's sessions.
  {
    kind: 'http',
    id: 'list-engine-chat-history',
    method: 'GET',
    path: '/api/v1/chat/history',
    auth: 'user-token',
    scopes: ['mcp:read'],
    envelope: 'api',
    handler: 'engine/list-engine-chat-history.ts',
    description: "Read a chat session's messages or the user's sessions",
    needs: { tables: consoleRead, bucket: 'read' },
  },
  // A new session id, or a session erased as DELETE /v1/sessions/{session_id} erases it.
  {
    kind: 'http',
    id: 'create-engine-chat-session',
    method: 'POST',
    path: '/api/v1/chat/session',
    auth: 'user-token',
    scopes: ['mcp:read', 'mcp:write'],
    envelope: 'api',
    handler: 'engine/create-engine-chat-session.ts',
    description: 'Create or delete a chat session',
    needs: { tables: consoleRw, sendsTo: ['purge', 'webhooks'], timeoutSeconds: 29 },
  },
  // ── The self-hosted engine (/api/v1): pulse ──
  // Wearable providers (design wearables §1): the catalogue and the user's links, on the user's default Subject.
  {
    kind: 'http',
    id: 'list-pulse-providers',
    method: 'GET',
    path: '/api/v1/pulse/providers',
    auth: 'user-token',
    scopes: ['mcp:read'],
    envelope: 'api',
    handler: 'pulse/list-pulse-providers.ts',
    description: 'List the wearable providers and the user’s link status',
    needs: { tables: consoleRead },
  },
  // The user's links: when, which provider account (its last 4 characters), scopes, backfill progress.
  {
    kind: 'http',
    id: 'list-pulse-user-providers',
    method: 'GET',
    path: '/api/v1/pulse/user/providers',
    auth: 'user-token',
    scopes: ['mcp:read'],
    envelope: 'api',
    handler: 'pulse/list-pulse-user-providers.ts',
    description: 'List the user’s linked wearable providers',
    needs: { tables: consoleRead },
  },
  // A link attempt: the provider's consent URL; the callback below completes it. 60/min per user and provider.
  {
    kind: 'http',
    id: 'link-pulse-provider',
    method: 'POST',
    path: '/api/v1/pulse/user/providers/link',
    auth: 'user-token',
    scopes: ['mcp:write'],
    envelope: 'api',
    handler: 'pulse/link-pulse-provider.ts',
    description: 'Start linking a wearable provider',
    needs: {
      tables: { ...consoleRw, accounts: 'readwrite' },
      pulseVault: 'seal',
      pulseProviders: true,
      timeoutSeconds: 15,
    },
  },
  // The provider's redirect after consent; public, its credential the single-use state. Exchanges the code at once.
  {
    kind: 'http',
    id: 'complete-pulse-link',
    method: 'GET',
    path: '/api/v1/pulse/{platform}/{provider}/callback',
    auth: 'none',
    envelope: 'oauth-page',
    handler: 'pulse/complete-pulse-link.ts',
    description: 'Complete a wearable provider link (OAuth callback)',
    needs: {
      tables: { records: 'readwrite', accounts: 'readwrite', rateLimits: 'readwrite' },
      pulseVault: 'both',
      pulseProviders: true,
      sendsTo: ['pulse-jobs'],
      timeoutSeconds: 20,
    },
  },
  // Unlinks a provider: the revoke queued with the sealed tokens first, then the link and its map deleted.
  {
    kind: 'http',
    id: 'unlink-pulse-provider',
    method: 'POST',
    path: '/api/v1/pulse/user/providers/unlink',
    auth: 'user-token',
    scopes: ['mcp:write'],
    envelope: 'api',
    handler: 'pulse/unlink-pulse-provider.ts',
    description: 'Unlink a wearable provider',
    needs: { tables: { ...consoleRw, accounts: 'readwrite' }, sendsTo: ['pulse-jobs'] },
  },
  // A provider's signed delivery: verified on the raw bytes first (401 and nothing else when forged), queued, 200.
  {
    kind: 'http',
    id: 'receive-pulse-webhook',
    method: 'POST',
    path: '/api/v1/pulse/{platform}/webhook',
    auth: 'none',
    envelope: 'api',
    handler: 'pulse/receive-pulse-webhook.ts',
    description: 'Receive a wearable provider webhook',
    needs: {
      tables: { accounts: 'readwrite', rateLimits: 'readwrite' },
      pulseProviders: true,
      sendsTo: ['pulse-jobs'],
      memoryMb: 256,
      timeoutSeconds: 10,
    },
  },
  // The provider's subscription handshake on the same path (Oura's challenge), answered in the provider's shape.
  {
    kind: 'http',
    id: 'verify-pulse-webhook',
    method: 'GET',
    path: '/api/v1/pulse/{platform}/webhook',
    auth: 'none',
    envelope: 'api',
    handler: 'pulse/verify-pulse-webhook.ts',
    description: 'Answer a wearable provider webhook verification',
    needs: { pulseProviders: true },
  },
  // 200 with no body: Withings checks a callback URL with HEAD before subscribing it.
  {
    kind: 'http',
    id: 'probe-pulse-webhook',
    method: 'HEAD',
    path: '/api/v1/pulse/{platform}/webhook',
    auth: 'none',
    envelope: 'api',
    handler: 'pulse/probe-pulse-webhook.ts',
    description: 'Answer a reachability probe of the webhook URL',
    needs: {},
  },
  // One wearable-provider step per message: backfill windows, webhook events, revokes; paced per provider (§8).
  {
    kind: 'queue',
    id: 'sync-pulse',
    queue: 'pulse-jobs',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 720,
    maxConcurrency: 5,
    handler: 'pulse/sync-pulse.ts',
    description: 'Fetch wearable data, refresh and revoke provider grants',
    needs: {
      tables: { records: 'readwrite', accounts: 'readwrite', rateLimits: 'readwrite' },
      pulseVault: 'both',
      pulseProviders: true,
      sendsTo: ['pulse-jobs'],
      memoryMb: 512,
      timeoutSeconds: 120,
    },
  },
  // Daily: the providers' app-level webhook subscriptions (Oura's expire) created where missing, renewed before expiry.
  {
    kind: 'schedule',
    id: 'renew-pulse-subscriptions',
    everyMinutes: 1440,
    handler: 'pulse/renew-pulse-subscriptions.ts',
    description: 'Create and renew wearable providers’ webhook subscriptions',
    needs: { pulseProviders: true, timeoutSeconds: 60 },
  },
  // Erases a deleted account's Subjects, revokes its clients and bindings, then removes the account and the user.
  {
    kind: 'queue',
    id: 'delete-account',
    queue: 'account-deletion',
    batchSize: 1,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 720,
    maxConcurrency: 2,
    handler: 'workers/delete-account.ts',
    description: 'Finish the deletion of an account',
    needs: {
      tables: { identity: 'readwrite', accounts: 'readwrite', records: 'readwrite' },
      bucket: 'readwrite',
      sendsTo: ['purge', 'pulse-jobs'],
      timeoutSeconds: 120,
    },
  },
  // Outbound webhooks (issue 19 item 1, Standard Webhooks): an account's endpoints, their secrets sealed by the vault.
  {
    kind: 'http',
    id: 'create-webhook-endpoint',
    method: 'POST',
    path: '/v1/webhook_endpoints',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/create-webhook-endpoint.ts',
    description: 'Register a webhook endpoint; its secret is shown once',
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' }, webhookVault: 'seal' },
  },
  // The account's endpoints, never a secret.
  {
    kind: 'http',
    id: 'list-webhook-endpoints',
    method: 'GET',
    path: '/v1/webhook_endpoints',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/list-webhook-endpoints.ts',
    description: 'List webhook endpoints',
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // One endpoint of the account; another account's is a 404.
  {
    kind: 'http',
    id: 'get-webhook-endpoint',
    method: 'GET',
    path: '/v1/webhook_endpoints/{endpoint_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/get-webhook-endpoint.ts',
    description: 'Get a webhook endpoint',
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // Stops deliveries to an endpoint.
  {
    kind: 'http',
    id: 'delete-webhook-endpoint',
    method: 'DELETE',
    path: '/v1/webhook_endpoints/{endpoint_id}',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/delete-webhook-endpoint.ts',
    description: 'Delete a webhook endpoint',
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // A new signing secret, shown once; the old one keeps signing beside it for 24 h.
  {
    kind: 'http',
    id: 'rotate-webhook-secret',
    method: 'POST',
    path: '/v1/webhook_endpoints/{endpoint_id}/rotate_secret',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/rotate-webhook-secret.ts',
    description: "Rotate a webhook endpoint's signing secret",
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' }, webhookVault: 'seal' },
  },
  // An endpoint's delivery log (30 days), newest first.
  {
    kind: 'http',
    id: 'list-webhook-deliveries',
    method: 'GET',
    path: '/v1/webhook_endpoints/{endpoint_id}/deliveries',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/list-webhook-deliveries.ts',
    description: "List a webhook endpoint's deliveries",
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' } },
  },
  // One more attempt of a finished delivery, under the same webhook-id.
  {
    kind: 'http',
    id: 'redeliver-webhook',
    method: 'POST',
    path: '/v1/webhook_endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver',
    auth: 'api-key',
    envelope: 'openai',
    handler: 'webhooks/redeliver-webhook.ts',
    description: 'Redeliver a webhook delivery',
    needs: { tables: { accounts: 'readwrite', rateLimits: 'readwrite' }, sendsTo: ['webhooks'] },
  },
  // Fans each event out to the subscribed endpoints and makes every signed attempt; retries are delayed messages.
  {
    kind: 'queue',
    id: 'deliver-webhooks',
    queue: 'webhooks',
    batchSize: 5,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 360,
    maxConcurrency: 5,
    handler: 'webhooks/deliver-webhooks.ts',
    description: 'Deliver signed webhook events to account endpoints, with retries',
    needs: { tables: { accounts: 'readwrite' }, sendsTo: ['webhooks'], webhookVault: 'open', timeoutSeconds: 60 },
  },
];

export const httpRoutes = manifest.filter((e): e is HttpRoute => e.kind === 'http');
export const webSocketRoutes = manifest.filter((e): e is WebSocketRoute => e.kind === 'websocket');
export const queueConsumers = manifest.filter((e): e is QueueConsumer => e.kind === 'queue');
export const scheduledJobs = manifest.filter((e): e is ScheduledJob => e.kind === 'schedule');

/** The queue consumer of that id; throws when the manifest has none (a handler reading its own entry). */
export function queueConsumer(id: string): QueueConsumer {
  const entry = queueConsumers.find((e) => e.id === id);
  if (!entry) throw new Error(`No queue consumer '${id}' in the manifest`);
  return entry;
}

/** The HTTP route of that id: a handler declares itself with its own entry, so the two never drift apart. */
export function httpRoute(id: string): HttpRoute {
  const entry = httpRoutes.find((e) => e.id === id);
  if (!entry) throw new Error(`No HTTP route '${id}' in the manifest`);
  return entry;
}

/** Any manifest entry by id (WebSocket routes, schedules). */
export function manifestEntry(id: string): ManifestEntry {
  const entry = manifest.find((e) => e.id === id);
  if (!entry) throw new Error(`No function '${id}' in the manifest`);
  return entry;
}
