import { describe, expect, it } from 'vitest';
import { targetRegions } from '../../infra/hds-stacks';

describe('targetRegions', () => {
  it('prefers context `region`, which may list several regions', () => {
    expect(targetRegions('eu-west-1', 'us-east-1')).toEqual(['eu-west-1']);
    expect(targetRegions('eu-west-1, us-east-1,eu-west-1', undefined)).toEqual(['eu-west-1', 'us-east-1']);
  });

  it('falls back to CDK_DEFAULT_REGION, then to no region (environment-agnostic)', () => {
    expect(targetRegions(undefined, 'eu-central-1')).toEqual(['eu-central-1']);
    expect(targetRegions('  ', 'eu-central-1')).toEqual(['eu-central-1']);
    expect(targetRegions(undefined, undefined)).toEqual([]);
  });
});
