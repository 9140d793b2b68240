import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { createDocumentClient } from '../adapters/dynamo/client';
import { DynamoAccountStore } from '../adapters/dynamo/dynamo-account-store';
import { DynamoCareCircle } from '../adapters/dynamo/dynamo-care-circle';
import { DynamoConnectionStore } from '../adapters/dynamo/dynamo-connection-store';
import { DynamoConversationStore } from '../adapters/dynamo/dynamo-conversation-store';
import { DynamoDueEntries } from '../adapters/dynamo/dynamo-due-entries';
import { DynamoFileCatalog } from '../adapters/dynamo/dynamo-file-catalog';
import { DynamoMemoryStore } from '../adapters/dynamo/dynamo-memory-store';
import { DynamoRateLimiter } from '../adapters/dynamo/dynamo-rate-limiter';
import { DynamoRecordStore } from '../adapters/dynamo/dynamo-record-store';
import { DynamoSubjectDirectory } from '../adapters/dynamo/dynamo-subject-directory';
import { DynamoUploadStaging } from '../adapters/dynamo/dynamo-upload-staging';
import { DynamoUploadTickets } from '../adapters/dynamo/dynamo-upload-tickets';
import { DynamoUsageLedger } from '../adapters/dynamo/dynamo-usage-ledger';
import { LocalFileQueue } from '../adapters/queue/local-file-queue';
import { sqsClient } from '../adapters/queue/sqs-client';
import { SqsJobQueue } from '../adapters/queue/sqs-job-queue';
import { createS3Client } from '../adapters/s3/client';
import { S3BlobStore } from '../adapters/s3/s3-blob-store';
import { ApiGatewaySocketGateway } from '../adapters/socket/api-gateway-socket-gateway';
import { type Config, config } from '../config/config';
import type { AccountStore } from '../ports/account-store';
import type { BlobStore } from '../ports/blob-store';
import type { CareCircle } from '../ports/care-circle';
import type { ConversationStore } from '../ports/conversation-store';
import type { DueEntries } from '../ports/due-entries';
import type { FileCatalog } from '../ports/file-catalog';
import type { JobQueue } from '../ports/job-queue';
import type { MemoryStore } from '../ports/memory-store';
import type { RateLimiter } from '../ports/rate-limiter';
import type { RecordStore } from '../ports/record-store';
import type { ConnectionStore, SocketGateway } from '../ports/socket-gateway';
import type { SubjectDirectory } from '../ports/subject-directory';
import type { UploadStaging } from '../ports/upload-staging';
import type { UploadTickets } from '../ports/upload-tickets';
import type { UsageLedger } from '../ports/usage-ledger';

export interface Services {
  config: Config;
  accounts: AccountStore;
  subjects: SubjectDirectory;
  records: RecordStore;
  /** Family members recorded for a Subject (its care circle). */
  careCircle: CareCircle;
  /** Stored Agent API responses and the conversations they continue. */
  conversations: ConversationStore;
  /** Durable facts consolidated from stored conversations, shown to the agent in later turns. */
  memories: MemoryStore;
  rateLimiter: RateLimiter;
  queue: JobQueue;
  connections: ConnectionStore;
  /** Frames to WebSocket clients; throws when no callback endpoint is configured. */
  sockets(): SocketGateway;
  /** Throws unless the file bucket answers. */
  probeBucket(): Promise<void>;
  files: FileCatalog;
  blobs: BlobStore;
  staging: UploadStaging;
  tickets: UploadTickets;
  /** Due connections, tickets and staged batches, for the sweeper. */
  dueEntries: DueEntries;
  /** Requests and tokens per account, tier and day (model-backed surfaces). */
  usage: UsageLedger;
  s3: S3Client;
}

let cached: Services | undefined;

/** Adapters built once per process (a warm Lambda reuses them), from the environment. */
export function services(): Services {
  cached ??= buildServices(config());
  return cached;
}

/** Drop the built adapters; the local runtime and tests call this after changing the environment. */
export function resetServices(): void {
  cached = undefined;
}

export function buildServices(cfg: Config): Services {
  const doc = createDocumentClient(cfg);
  const records = new DynamoRecordStore(doc, cfg.tables.records);
  let sockets: SocketGateway | undefined;
  let queue: JobQueue | undefined;
  const s3 = createS3Client(cfg);
  const blobs = new S3BlobStore(s3, cfg.bucket);
  return {
    config: cfg,
    accounts: new DynamoAccountStore(doc, cfg.tables.accounts),
    subjects: new DynamoSubjectDirectory(doc, cfg.tables.accounts, records),
    records,
    careCircle: new DynamoCareCircle(doc, cfg.tables.records),
    conversations: new DynamoConversationStore(doc, cfg.tables.records, blobs),
    memories: new DynamoMemoryStore(doc, cfg.tables.records),
    rateLimiter: new DynamoRateLimiter(doc, cfg.tables.rateLimits),
    // Built on first use: a tool that only touches tables (`npm run keys` against a deployed stack) needs no queue.
    get queue() {
      queue ??= buildQueue(cfg);
      return queue;
    },
    connections: new DynamoConnectionStore(doc, cfg.tables.accounts),
    sockets: () => {
      if (!cfg.socketCallbackUrl) throw new Error('HDS_WS_CALLBACK_URL is not set');
      sockets ??= new ApiGatewaySocketGateway(cfg.socketCallbackUrl, cfg.region);
      return sockets;
    },
    probeBucket: async () => {
      await s3.send(new HeadBucketCommand({ Bucket: cfg.bucket }));
    },
    files: new DynamoFileCatalog(doc, cfg.tables.records),
    staging: new DynamoUploadStaging(doc, cfg.tables.accounts),
    tickets: new DynamoUploadTickets(doc, cfg.tables.accounts),
    dueEntries: new DynamoDueEntries(doc, cfg.tables.accounts),
    usage: new DynamoUsageLedger(doc, cfg.tables.accounts),
    blobs,
    s3,
  };
}

function buildQueue(cfg: Config): JobQueue {
  if (Object.values(cfg.queueUrls).some(Boolean))
    return new SqsJobQueue(sqsClient(cfg.region, cfg.queueUrls), cfg.queueUrls);
  if (cfg.localQueueDir) return new LocalFileQueue(cfg.localQueueDir);
  throw new Error('No queue configured: set HDS_QUEUE_<NAME>_URL (SQS) or HDS_LOCAL_QUEUE_DIR (local runtime)');
}
