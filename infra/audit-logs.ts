import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Function, access and execution logs: one month, then gone (health data's logs outlive nothing they describe). */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * A log group under the data key, with the house retention. Kept when its stack goes (an audit trail outlives a
 * teardown and still expires by retention), except a group named for an AWS service (`logGroupName`), which would
 * block the next deployment's group of the same name.
 */
export function encryptedLogGroup(scope: Construct, id: string, key: IKey, logGroupName?: string): LogGroup {
  return new LogGroup(scope, id, {
    ...(logGroupName ? { logGroupName } : {}),
    encryptionKey: key,
    retention: LOG_RETENTION,
    removalPolicy: logGroupName ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  });
}

/**
 * One JSON line per HTTP request, as the REST API stage writes it. The route is the resource template
 * (`/v1/subjects/{user}`), never the path, and there is no query string: paths and queries carry partners' user ids
 * and file keys. Bodies and headers never appear. The account is not known to API Gateway (the function
 * authenticates the key); the function's own `request` log line carries it under the same `requestId`.
 */
export const REST_ACCESS_LOG_FIELDS: Record<string, string> = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  requestTime: '$context.requestTimeEpoch',
  httpMethod: '$context.httpMethod',
  route: '$context.resourcePath',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integration.latency',
  integrationStatus: '$context.integration.status',
  responseLength: '$context.responseLength',
  errorType: '$context.error.responseType',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  xrayTraceId: '$context.xrayTraceId',
};

/**
 * One JSON line per WebSocket event. The connect URL's query string holds the API key, so it is never logged; the
 * function logs the account and connection on `$connect`.
 */
export const WEBSOCKET_ACCESS_LOG_FIELDS: Record<string, string> = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  eventType: '$context.eventType',
  route: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  sourceIp: '$context.identity.sourceIp',
};

export function jsonAccessLogFormat(fields: Record<string, string>): AccessLogFormat {
  return AccessLogFormat.custom(
    `{${Object.entries(fields)
      .map(([name, variable]) => `"${name}":"${variable}"`)
      .join(',')}}`,
  );
}
