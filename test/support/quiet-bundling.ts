/**
 * aws-cdk-lib writes `Bundling asset <path>...` straight to stderr for every function it bundles (no option turns it
 * off). The infra tests bundle every function on purpose, and forty such lines in the middle of the report are noise a
 * newcomer would wonder about; every other stderr output is left alone.
 */
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
  if (typeof chunk === 'string' && /^Bundling asset \S+\.\.\.\n?$/.test(chunk)) return true;
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stderr.write;
