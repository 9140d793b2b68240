/**
 * Powertools' Tracer and its middleware as one module: loaded only where tracing is on (shared/observability.ts), and
 * bundled apart from each function as a lazy module (infra/bundling.ts), since the X-Ray SDK under it is a tenth of a
 * small function's bundle. One module, so the Tracer and the middleware share one X-Ray SDK.
 */
export { Tracer } from '@aws-lambda-powertools/tracer';
export { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
