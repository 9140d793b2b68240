import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';

/**
 * Powertools for AWS Lambda: the structured log (`Logger`), EMF metrics (`Metrics`) and X-Ray traces (`Tracer`) of
 * every function, built once per process. What they may carry is the house rule for logs: identifiers, counts,
 * statuses and durations, never a body, a health value, a file name or a key. So the Tracer records neither handler
 * responses nor error messages (the stack sets POWERTOOLS_TRACER_CAPTURE_ERROR=false), and does not instrument
 * outbound HTTP, whose URLs can be a partner's MCP server with a token in its query.
 */

const SERVICE = process.env.POWERTOOLS_SERVICE_NAME ?? 'hds';
const onLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

export const logger = new Logger({ serviceName: SERVICE, logLevel: levelFromEnv() });

/** Published only on Lambda ({@link metricsPublished}): EMF lines mean nothing without CloudWatch reading them. */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'HDS',
  serviceName: SERVICE,
});

/**
 * Tracing is on where Powertools would turn it on (a Lambda execution environment, not SAM local, unless
 * POWERTOOLS_TRACE_ENABLED=false), and only there is the Tracer loaded: the X-Ray SDK under it follows every promise
 * of the process through async hooks, which elsewhere would slow the local runtime and the tests for traces nobody
 * collects.
 */
const tracingOn =
  (process.env.AWS_EXECUTION_ENV ?? '').startsWith('AWS_Lambda_') &&
  !process.env.AWS_SAM_LOCAL &&
  (process.env.POWERTOOLS_TRACE_ENABLED ?? 'true').toLowerCase() !== 'false';

const tracing = tracingOn ? await loadTracing() : undefined;

async function loadTracing(): Promise<{ tracer: Tracer; middleware: () => middy.MiddlewareObj }> {
  const { Tracer, captureLambdaHandler } = await import('#tracing');
  const tracer = new Tracer({ serviceName: SERVICE, captureHTTPsRequests: false });
  return {
    tracer,
    middleware: () => captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj,
  };
}

/** HDS_LOG_LEVEL (debug, info, warn, error, silent), read again on every line so tests and tools can change it. */
function levelFromEnv(): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' {
  const level = (process.env.HDS_LOG_LEVEL ?? 'info').toUpperCase();
  return level === 'DEBUG' || level === 'WARN' || level === 'ERROR' || level === 'SILENT' ? level : 'INFO';
}

/**
 * Keeps the logger's threshold on HDS_LOG_LEVEL. Compared with the logger's own level, not a remembered one: the
 * Powertools middleware puts the level back to the one the logger was built with at every warm invocation.
 */
export function syncLogLevel(): void {
  const wanted = levelFromEnv();
  if (logger.getLevelName() !== wanted) logger.setLogLevel(wanted);
}

/** Whether metrics reach CloudWatch here: on Lambda, unless turned off. */
export function metricsPublished(): boolean {
  return onLambda && process.env.POWERTOOLS_METRICS_DISABLED !== 'true';
}

/**
 * The three Powertools middlewares every function runs in: the invocation's context on each log line (request id,
 * cold start, function), its X-Ray segment annotated with the function, the metrics flushed at its end. Each
 * invocation starts with a clean set of per-request log keys.
 */
export function observabilityMiddlewares(): middy.MiddlewareObj[] {
  const middlewares: middy.MiddlewareObj[] = [
    injectLambdaContext(logger, { resetKeys: true }) as middy.MiddlewareObj,
    ...(tracing ? [tracing.middleware()] : []),
  ];
  if (metricsPublished())
    middlewares.push(logMetrics(metrics, { captureColdStartMetric: true }) as middy.MiddlewareObj);
  return middlewares;
}

/**
 * The client's calls as X-Ray subsegments where tracing is on: service, operation, retries and the names the X-Ray
 * SDK's whitelist keeps (tables, queues, counts), never items or message bodies. S3 clients are left out on purpose:
 * that whitelist records object keys, and an object key carries the file's name.
 */
export function traceAwsClient<T>(client: T): T {
  return tracing?.tracer.isTracingEnabled() ? tracing.tracer.captureAWSv3Client(client) : client;
}

/** A plain handler (queue consumer, schedule, WebSocket route) run inside the observability middlewares. */
export function observed<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  const wrapped = middy(handler).use(observabilityMiddlewares());
  // Lambda always passes a context; a test or tool calling the handler directly may not.
  return (event: E, context?: Context): Promise<R> => wrapped(event, context ?? ({} as Context));
}

/** Counts one answered request by route and status class, the figures an on-call dashboard starts from. */
export function countRequest(route: string, status: number): void {
  if (!metricsPublished()) return;
  const single = metrics.singleMetric();
  single.addDimension('route', route);
  single.addMetric('Requests', MetricUnit.Count, 1);
  if (status >= 400) single.addMetric(status >= 500 ? 'ServerErrors' : 'ClientErrors', MetricUnit.Count, 1);
  single.publishStoredMetrics();
}
