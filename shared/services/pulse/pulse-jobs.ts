import * as z from 'zod/mini';
import { MAX_DELAY_SECONDS } from '../../ports/job-queue';
import type { Services } from '../container';
import type { FetchStep } from './registry';

/**
 * The messages of `pulse-jobs` (design §7.4). Every job but `revoke` names the link it was made for (`linkId`): a job
 * for an older link of the Subject finds no link and is dropped. `revoke` carries the sealed tokens themselves, since
 * the link item is gone by the time it runs (§17.8).
 */
/** A provider module's own step (`shared/domain/pulse/fetch-steps.ts`); the module checks the rest of it. */
const StepSchema = z.custom<FetchStep>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { provider?: unknown }).provider === 'string',
);

const LinkRef = { provider: z.string(), subjectId: z.string(), linkId: z.string() };

const SealedSchema = z.object({
  v: z.literal(1),
  kek: z.enum(['kms', 'file']),
  wrappedKey: z.string(),
  iv: z.string(),
  tag: z.string(),
  ciphertext: z.string(),
});

export const PulseJobSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('backfill'),
    ...LinkRef,
    /** The whole backfill window (ISO), and which of `backfillSteps(window)` this is. */
    window: z.object({ from: z.string(), to: z.string() }),
    index: z.int(),
    step: StepSchema,
  }),
  z.object({ type: z.literal('event'), ...LinkRef, step: StepSchema }),
  z.object({ type: z.literal('delete'), ...LinkRef, keys: z.array(z.string()) }),
  z.object({ type: z.literal('deauthorized'), ...LinkRef }),
  /** The link's per-user subscriptions (design §6.2 step 4), for providers whose module has `subscribe`. */
  z.object({ type: z.literal('subscribe'), ...LinkRef }),
  z.object({
    type: z.literal('revoke'),
    provider: z.string(),
    sealed: SealedSchema,
    context: z.object({ purpose: z.literal('pulse-token'), subjectId: z.string(), provider: z.string() }),
    subscriptions: z.record(z.string(), z.string()),
  }),
]);

export type PulseJob = z.infer<typeof PulseJobSchema>;

/** Queues a job, after `delaySeconds` (whole seconds, at most SQS's 900) when it must wait. */
export function sendPulseJob(services: Services, job: PulseJob, delaySeconds?: number): Promise<void> {
  return services.queue.send(
    'pulse-jobs',
    job as unknown as Record<string, unknown>,
    delaySeconds ? { delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(delaySeconds))) } : undefined,
  );
}

export type { FetchStep };
