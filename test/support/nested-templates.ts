import { type CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

/**
 * A stack and its nested stacks as one template, for assertions that do not care which of them holds a resource: the
 * nested stacks' resources and outputs are merged into the parent's, and the references between them are inlined (a
 * nested parameter becomes the value the parent passes in; the parent's `Fn::GetAtt` of a nested output becomes that
 * output's value), so a reference to a function reads `{"Fn::GetAtt": ["…FunctionAbc123", "Arn"]}` wherever it is.
 * The `AWS::CloudFormation::Stack` resources themselves are dropped: their content stands in for them.
 */

type Json = Record<string, any>;

/** The nested stacks directly under `stack` (not their own nested stacks). */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

/** `stack` and every stack nested in it, at any depth: each template CloudFormation receives. */
export function stackTree(stack: Stack): Stack[] {
  return [stack, ...nestedStacksOf(stack).flatMap(stackTree)];
}

export function flatTemplate(stack: Stack): Template {
  return Template.fromJSON(flatJson(stack), { skipCyclicalDependenciesCheck: true });
}

function flatJson(stack: Stack): Json {
  const template = Template.fromStack(stack).toJSON() as Json;
  const resources: Json = { ...template.Resources };
  const outputs: Json = { ...(template.Outputs ?? {}) };
  const nestedOutputs = new Map<string, Json>();
  for (const nested of nestedStacksOf(stack)) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const parameters = (resources[resourceId]?.Properties?.Parameters ?? {}) as Json;
    const child = inline(flatJson(nested), (value) => {
      const ref = refName(value);
      return ref !== undefined && ref in parameters ? parameters[ref] : undefined;
    });
    delete resources[resourceId];
    for (const [id, resource] of Object.entries(child.Resources as Json)) {
      if (id in resources) throw new Error(`${id} is in both ${stack.node.path} and ${nested.node.path}`);
      resources[id] = resource;
    }
    nestedOutputs.set(resourceId, (child.Outputs ?? {}) as Json);
  }
  // A nested output read by the parent (or, through the parent, by a sibling) becomes the output's own value.
  const fromNested = (value: unknown): unknown => {
    const getAtt = (value as Json)?.['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || getAtt.length !== 2 || !String(getAtt[1]).startsWith('Outputs.')) return undefined;
    const output = nestedOutputs.get(getAtt[0])?.[String(getAtt[1]).slice('Outputs.'.length)];
    return output?.Value;
  };
  return inline({ ...template, Resources: resources, Outputs: outputs }, fromNested);
}

function refName(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'Ref' ? String((value as Json).Ref) : undefined;
}

/** `value` with every part `replace` answers for swapped for its answer, until nothing more is replaced. */
function inline(value: Json, replace: (value: unknown) => unknown): Json {
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > 20) throw new Error('References between nested stacks do not end');
    const replaced = replace(v);
    if (replaced !== undefined) return walk(replaced, depth + 1);
    if (Array.isArray(v)) return v.map((item) => walk(item, depth));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth)]));
    return v;
  };
  return walk(value, 0) as Json;
}
