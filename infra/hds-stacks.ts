import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { acknowledgeNagFindings } from './nag-rules';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

export interface HdsStacks {
  stateful: StatefulStack;
  stateless: StatelessStack;
}

export const STATEFUL_STACK_NAME = 'Hds-Stateful';
export const STATELESS_STACK_NAME = 'Hds-Stateless';

/**
 * The regions to synthesize: context `region` (one, or several comma-separated) wins over
 * `CDK_DEFAULT_REGION`; none at all means one environment-agnostic pair, which synthesizes offline
 * without credentials or lookups.
 */
export function targetRegions(contextRegion: unknown, defaultRegion: string | undefined): string[] {
  const raw = typeof contextRegion === 'string' && contextRegion.trim() ? contextRegion : (defaultRegion ?? '');
  return [
    ...new Set(
      raw
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * One HDS deployment in one region: its stateful and stateless stacks. `idSuffix` keeps construct ids
 * unique when one app holds several regions; the CloudFormation stack names stay the same in every region.
 */
export function addHdsStacks(scope: Construct, options: { region?: string; idSuffix?: string } = {}): HdsStacks {
  const env: Environment | undefined = options.region ? { region: options.region } : undefined;
  const suffix = options.idSuffix ? `-${options.idSuffix}` : '';
  const stateful = new StatefulStack(scope, `${STATEFUL_STACK_NAME}${suffix}`, {
    stackName: STATEFUL_STACK_NAME,
    env,
    description: 'HDS data: the data key, tables, files and access-log buckets, queues with dead-letter queues',
  });
  const stateless = new StatelessStack(scope, `${STATELESS_STACK_NAME}${suffix}`, {
    stackName: STATELESS_STACK_NAME,
    env,
    description:
      'HDS compute: functions from the route manifest, the REST and WebSocket APIs, event sources, schedules',
    stateful,
  });
  acknowledgeNagFindings({ stateful, stateless });
  return { stateful, stateless };
}
