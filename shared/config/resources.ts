/**
 * The cloud resources a function may touch, by name: the route manifest (functions/routes.ts) declares each function's
 * `Needs` with these, the CDK stacks grant exactly them, and the service container builds only the adapters they name.
 */

export type TableName = 'accounts' | 'records' | 'rateLimits' | 'identity';
export type Access = 'read' | 'readwrite';
export type QueueName =
  | 'purge'
  | 'socket-events'
  | 'file-jobs'
  | 'uploads'
  | 'ocr-results'
  | 'consolidation'
  | 'account-deletion'
  | 'pulse-jobs'
  | 'exports'
  | 'webhooks';

/** Where functions with `cachesEmbeddings` keep the provider-embedded corpus; the only prefix they may write. */
export const EMBEDDINGS_CACHE_PREFIX = 'standardization/embeddings/';

export interface Needs {
  tables?: Partial<Record<TableName, Access>>;
  bucket?: Access;
  /** Queues this function sends to. */
  sendsTo?: QueueName[];
  /** Posts frames to WebSocket clients through the API's @connections endpoint. */
  postsToConnections?: boolean;
  /** Calls the upstream model (answers, document extraction): may read the model key's secret. */
  usesModel?: boolean;
  /**
   * Checks that the configured upstream model answers (the health probe): may read the model key's secret, without
   * the model's code.
   */
  probesModel?: boolean;
  /** Runs the agent's tools (the answering routes): may reach the knowledge services and read the NCBI key's secret. */
  runsAgentTools?: boolean;
  /**
   * Keeps the provider-embedded LOINC corpus in the bucket (`standardization/embeddings/`), so a cold start loads it
   * rather than embedding the corpus again: `s3:PutObject` under that prefix only, beside `bucket` read access.
   */
  cachesEmbeddings?: boolean;
  /** Calls Textract's synchronous OCR (single images in the cloud). */
  usesTextract?: boolean;
  /**
   * Textract's asynchronous document analysis: `start` starts jobs on stored files (passing the role Textract
   * publishes completions with; Textract reads the object with the caller's own S3 access, so `bucket` is
   * required), `collect` reads finished jobs' results.
   */
  textractJobs?: 'start' | 'collect';
  /** Signs access tokens: `kms:Sign` on the token key only (the cloud), the key file locally. */
  signsTokens?: boolean;
  /** Sends sign-in mail: `ses:SendEmail` as the configured sender only. */
  sendsMail?: boolean;
  /** Keys email addresses and login codes: may read the auth pepper's secret. */
  authPepper?: boolean;
  /**
   * Seals or opens wearable providers' tokens: `kms:GenerateDataKey` (`seal`) / `kms:Decrypt` (`open`) on the pulse
   * token key under the vault's encryption-context condition in the cloud, the key file locally.
   */
  pulseVault?: 'seal' | 'open' | 'both';
  /**
   * Seals (`seal`) or opens (`open`) outbound webhook endpoints' signing secrets: the same vault, granted on the
   * vault's key only under the `webhook-secret` encryption-context purpose, so these functions cannot open a pulse
   * token and the pulse functions cannot open a webhook secret.
   */
  webhookVault?: 'seal' | 'open';
  /** Reads the wearable providers' credential secrets and calls their APIs (design wearables §1). */
  pulseProviders?: true;
  /** Serves the built console page: CDK bundling copies it into the function's asset (`console/`). */
  consoleAssets?: boolean;
  timeoutSeconds?: number;
  memoryMb?: number;
}
