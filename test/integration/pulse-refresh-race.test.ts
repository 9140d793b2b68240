import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueConsumer } from '../../functions/routes';
import { loadHandler } from '../../infra/local/handlers';
import { lambdaContext } from '../../infra/local/lambda-context';
import { withingsModule } from '../../shared/services/pulse/providers/withings';
import type { PulseJob } from '../../shared/services/pulse/pulse-jobs';
import type { Harness } from '../support/harness';
import {
  backfillDone,
  type ListedLink,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  RETURN_URL,
  signedInUser,
  startWithProviders,
  stopWithProviders,
} from '../support/pulse-flow';
import { WITHINGS_USER_ID, WithingsServer, withingsEnv, withingsFixtureData } from '../support/pulse-server-withings';

/**
 * Two `sync-pulse` invocations for one link at once (design wearables §5, §7.4), as Lambda runs them (the consumer's
 * `maxConcurrency` is 5): the local queue delivers one message at a time, so the test hands the consumer's own handler
 * two SQS events concurrently, against the runtime's emulators. Withings' refresh tokens are single use and its token
 * endpoint answers slowly here, so both invocations need a refresh while the other's is in flight.
 */
let h: Harness;
let withings: WithingsServer;
/** Long enough that the second invocation asks for a refresh while the first one's is unanswered. */
const SLOW_REFRESH_MS = 1500;

beforeAll(async () => {
  withings = new WithingsServer();
  withings.data = withingsFixtureData(new Date());
  h = await startWithProviders([withings], () => ({
    env: {
      ...withingsEnv(withings),
      HDS_RATE_LIMITS: LOOSE_RATE_LIMITS,
      HDS_PULSE_RETURN_URLS: RETURN_URL,
      HDS_PULSE_WITHINGS_WEBHOOK_TOKEN: 'withings-test-webhook-key',
    },
  }));
}, 60_000);
afterAll(() => stopWithProviders(h, [withings]));

async function linkedUser() {
  const { api } = await signedInUser(h, `withings-race-${Date.now()}@example.org`);
  await linkThroughConsent(h, api, 'withings', RETURN_URL);
  await backfillDone(api, 'withings');
  await h.runtime.drainQueues();
  const linkOf = async () =>
    ((await api.get('/api/v1/pulse/user/providers')).body.data.providers as ListedLink[]).find(
      (p) => p.slug === 'withings',
    );
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('withings', WITHINGS_USER_ID);
  return { linkOf, subjectId: mapping!.subjectId, linkId: mapping!.linkId };
}

/** One SQS delivery of `job`, shaped as Lambda hands it to the consumer. */
function sqsEvent(job: PulseJob, messageId: string): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(job),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:pulse-jobs',
        awsRegion: 'local',
      },
    ],
  };
}

const refreshes = () =>
  withings
    .callsTo('/v2/oauth2')
    .map((c) => new URLSearchParams(c.body))
    .filter((f) => f.get('grant_type') === 'refresh_token');

describe('two consumers refreshing one link at once', () => {
  it('both succeed on one refresh at Withings, and the link stays linked', async () => {
    const { linkOf, subjectId, linkId } = await linkedUser();
    const now = new Date();
    const [step] = withingsModule.backfillSteps(new Date(now.getTime() - 7 * 86_400_000), now);
    const job: PulseJob = { type: 'event', provider: 'withings', subjectId, linkId, step: step! };
    const handler = await loadHandler(queueConsumer('sync-pulse'));
    const before = refreshes().length;
    const measuresBefore = withings.callsTo('/measure').length;
    // Every access token lapses at Withings: each invocation's fetch is refused and must refresh.
    withings.expireAccessTokens();
    withings.refreshDelayMs = SLOW_REFRESH_MS;
    try {
      const answers = (await Promise.all([
        handler(sqsEvent(job, 'race-1'), lambdaContext('sync-pulse', 900)),
        handler(sqsEvent(job, 'race-2'), lambdaContext('sync-pulse', 900)),
      ])) as SQSBatchResponse[];
      expect(answers.map((a) => a.batchItemFailures)).toEqual([[], []]);
    } finally {
      withings.refreshDelayMs = 0;
    }
    // One refresh token presented once: the second consumer waited for the first one's tokens.
    expect(refreshes().length - before).toBe(1);
    // Each was refused once with the lapsed token, then fetched with the one new token (the next pages, queued by
    // them and run by the local queue meanwhile, use it too).
    const fetched = withings.callsTo('/measure').slice(measuresBefore);
    const fresh = `Bearer ${withings.issued.at(-2)}`;
    expect(fetched.filter((c) => c.headers.authorization !== fresh)).toHaveLength(2);
    expect(fetched.filter((c) => c.headers.authorization === fresh).length).toBeGreaterThanOrEqual(2);
    expect(await linkOf()).toMatchObject({ status: 'linked' });
    const stored = await h.runtime.services.pulseLinks.get(subjectId, 'withings');
    expect(stored).toMatchObject({ status: 'linked', linkId });
    await h.runtime.drainQueues();
    expect((await linkOf())?.status).toBe('linked');
  }, 60_000);
});
