import { App } from 'aws-cdk-lib';
import { addHdsStacks, targetRegions } from './hds-stacks';
import { addNagPacks } from './nag-rules';

/**
 * The cloud host. `npx cdk synth` (offline, no credentials): one environment-agnostic pair of stacks.
 * `npx cdk deploy -c region=eu-west-1,us-east-1`: one pair per region, since API keys are region-scoped.
 */
const app = new App();
const regions = targetRegions(app.node.tryGetContext('region'), process.env.CDK_DEFAULT_REGION);

if (regions.length <= 1) addHdsStacks(app, { region: regions[0] });
else for (const region of regions) addHdsStacks(app, { region, idSuffix: region });

// cdk-nag's AWS Solutions and HIPAA Security packs: an unacknowledged finding stops synth and deploy.
addNagPacks(app);

app.synth();
