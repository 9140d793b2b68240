import type { ScheduledEvent } from 'aws-lambda';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { renewSubscriptions } from '../../shared/services/pulse/subscriptions';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('renew-pulse-subscriptions'), {});

/** Daily: the providers' app-level webhook subscriptions created where missing and renewed before they expire. */
export const handler = observed((_event?: ScheduledEvent) => renewSubscriptions(services()));
