import { tableDefinitions } from '../shared/adapters/dynamo/table-definitions';
import { pascalCase } from './naming';

/**
 * The environment a tool needs to reach a deployed region, read from the file `cdk deploy --outputs-file` writes
 * (`{"<stack id>": {"<OutputKey>": "<value>"}}`): the stateful stack's table names, bucket and region. With several
 * regions in the file, `region` picks one.
 */
export function environmentFromOutputs(outputs: unknown, region?: string): Record<string, string> {
  if (!outputs || typeof outputs !== 'object') throw new Error('The outputs file is not a JSON object');
  const stacks = Object.values(outputs as Record<string, Record<string, string>>).filter(
    (o) => o && typeof o === 'object' && typeof o.AccountsTableName === 'string',
  );
  const chosen = region ? stacks.filter((o) => o.Region === region) : stacks;
  if (chosen.length !== 1) {
    throw new Error(
      chosen.length === 0
        ? `No HDS stateful stack${region ? ` in region ${region}` : ''} in the outputs file (deploy with --outputs-file)`
        : `The outputs file holds ${chosen.length} regions (${chosen.map((o) => o.Region).join(', ')}): pass --region`,
    );
  }
  const stack = chosen[0]!;
  const env: Record<string, string> = {};
  for (const definition of Object.values(tableDefinitions)) {
    const name = stack[`${pascalCase(definition.name)}TableName`];
    if (!name) throw new Error(`The outputs file lacks the ${definition.name} table`);
    env[definition.envVar] = name;
  }
  if (stack.FilesBucketName) env.HDS_BUCKET = stack.FilesBucketName;
  if (stack.Region) {
    env.HDS_REGION = stack.Region;
    env.AWS_REGION = stack.Region;
  }
  return env;
}
