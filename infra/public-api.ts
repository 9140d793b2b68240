import {
  BasePathMapping,
  DomainName,
  EndpointType,
  LogGroupLogDestination,
  MethodLoggingLevel,
  ResponseType,
  RestApi,
  SecurityPolicy,
} from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  type ThrottleSettings,
  WebSocketApi,
  DomainName as WebSocketDomainName,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import {
  encryptedLogGroup,
  jsonAccessLogFormat,
  REST_ACCESS_LOG_FIELDS,
  WEBSOCKET_ACCESS_LOG_FIELDS,
} from './audit-logs';
import { API_STAGE_NAME, WS_STAGE_NAME } from './naming';

/*
 * Every HTTP route of the manifest is served by one regional REST API, so a partner has one base URL per region:
 * `{BaseUrl}/v1` is what an `openai` client takes, and `/api/health` sits beside it. A REST API rather than an HTTP
 * API because chat completions and responses stream (STREAM transfer mode exists only on REST APIs); one REST API
 * keeps every other route on the same host without a CDN's 60 s origin timeout in front of 15-minute streams. A
 * custom domain cannot hold the WebSocket API next to a REST API, so uploads get a second name beside it.
 */
export { API_STAGE_NAME, WS_STAGE_NAME };

/**
 * Stage-wide throttling is only a coarse backstop against floods: the contract's per-account × route × minute
 * limits (with `Retry-After`) are counted in the rate-limit table by the shared middleware, because API Gateway can
 * only throttle per stage or method, for all callers together.
 */
export const STAGE_THROTTLE: Required<Pick<ThrottleSettings, 'rateLimit' | 'burstLimit'>> = {
  rateLimit: 500,
  burstLimit: 1000,
};

/** A regional custom domain for the API and one for the WebSocket API (API Gateway keeps them on separate names). */
export interface CustomDomains {
  /** `api.example.com`: the base URL becomes `https://api.example.com`. */
  domainName: string;
  /** `stream.api.example.com`: uploads go to `wss://stream.api.example.com`. */
  fileStreamDomainName: string;
  /** An ACM certificate in the stack's region covering both names. */
  certificateArn: string;
}

/**
 * API Gateway's own answers (no route for the path, throttled, too large, timed out) in the contract's error
 * envelope instead of `{"message": …}`, so a client's error handling sees one shape whatever answered.
 */
const GATEWAY_ERRORS: { type: ResponseType; status?: string; code: string | null; message?: string }[] = [
  // A REST API without an authorizer answers an unknown path or method this way (as 403 by default); the local
  // runtime's unknown route is the same 404 with `code: null`.
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, status: '404', code: null, message: 'Unknown route' },
  { type: ResponseType.THROTTLED, status: '429', code: 'rate_limit_exceeded' },
  { type: ResponseType.REQUEST_TOO_LARGE, status: '413', code: 'request_too_large' },
  { type: ResponseType.INTEGRATION_TIMEOUT, status: '504', code: 'deadline_exceeded' },
  { type: ResponseType.DEFAULT_4XX, code: 'invalid_request' },
  { type: ResponseType.DEFAULT_5XX, code: 'internal_error' },
];

export function createRestApi(scope: Construct, key: IKey): RestApi {
  const accessLogs = encryptedLogGroup(scope, 'ApiAccessLogs', key);
  const api = new RestApi(scope, 'Api', {
    restApiName: 'hds',
    description: 'HDS: every HTTP route (/v1, /api) under one base URL, buffered and streamed',
    endpointConfiguration: { types: [EndpointType.REGIONAL] },
    // Every body reaches the function as the bytes sent (base64 in the event), uploads and bad UTF-8 included.
    binaryMediaTypes: ['*/*'],
    // Execution logs need the account's API Gateway CloudWatch role, which this creates (one per account and region).
    cloudWatchRole: true,
    deployOptions: {
      stageName: API_STAGE_NAME,
      throttlingRateLimit: STAGE_THROTTLE.rateLimit,
      throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
      // Errors only, and never request or response data: bodies are health data and keys.
      loggingLevel: MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
      metricsEnabled: true,
      tracingEnabled: true,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: jsonAccessLogFormat(REST_ACCESS_LOG_FIELDS),
    },
  });
  // API Gateway writes execution logs to a group of this name; made here first, it is encrypted and expires.
  encryptedLogGroup(scope, 'ApiExecutionLogs', key, `API-Gateway-Execution-Logs_${api.restApiId}/${API_STAGE_NAME}`);
  for (const error of GATEWAY_ERRORS) {
    const message = error.message ? `"${error.message}"` : '$context.error.messageString';
    api.addGatewayResponse(`Gateway${error.type.responseType}`, {
      type: error.type,
      ...(error.status ? { statusCode: error.status } : {}),
      templates: {
        'application/json': `{"error":{"message":${message},"type":"invalid_request_error","param":null,"code":${JSON.stringify(error.code)}}}`,
      },
    });
  }
  return api;
}

export function createWebSocketApi(scope: Construct, key: IKey): { api: WebSocketApi; stage: WebSocketStage } {
  const accessLogs = encryptedLogGroup(scope, 'FileStreamAccessLogs', key);
  const api = new WebSocketApi(scope, 'FileStreamApi', { description: 'HDS streamed uploads (/v1/files/stream)' });
  const stage = new WebSocketStage(scope, 'FileStreamStage', {
    webSocketApi: api,
    stageName: WS_STAGE_NAME,
    autoDeploy: true,
    throttle: STAGE_THROTTLE,
    detailedMetricsEnabled: true,
    accessLogSettings: {
      destination: { bind: () => ({ destinationArn: accessLogs.logGroupArn }) },
      format: jsonAccessLogFormat(WEBSOCKET_ACCESS_LOG_FIELDS),
    },
  });
  // Execution logs (errors only, no message data) as on the REST stage; the L2 stage has no property for them.
  const cfnStage = stage.node.defaultChild as CfnStage;
  cfnStage.addPropertyOverride('DefaultRouteSettings.LoggingLevel', 'ERROR');
  cfnStage.addPropertyOverride('DefaultRouteSettings.DataTraceEnabled', false);
  encryptedLogGroup(scope, 'FileStreamExecutionLogs', key, `/aws/apigateway/${api.apiId}/${WS_STAGE_NAME}`);
  return { api, stage };
}

/** The custom domains from CDK context (`hds:domainName`, `hds:fileStreamDomainName`, `hds:certificateArn`). */
export function customDomainsFrom(scope: Construct): CustomDomains | undefined {
  const read = (name: string) => {
    const value = scope.node.tryGetContext(`hds:${name}`);
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const domainName = read('domainName');
  const certificateArn = read('certificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error('A custom domain needs both hds:domainName and hds:certificateArn');
  }
  return { domainName, certificateArn, fileStreamDomainName: read('fileStreamDomainName') ?? `stream.${domainName}` };
}

/**
 * Maps the REST API's stage at the root of `domainName` and the WebSocket stage at the root of
 * `fileStreamDomainName`, both regional with TLS 1.2. DNS (an alias or CNAME to each domain's regional name, the
 * stack outputs) is the operator's.
 */
export function mapCustomDomains(
  scope: Construct,
  domains: CustomDomains,
  rest: RestApi,
  socket: { api: WebSocketApi; stage: WebSocketStage },
): { apiTarget: string; fileStreamTarget: string } {
  const certificate = Certificate.fromCertificateArn(scope, 'DomainCertificate', domains.certificateArn);
  const apiDomain = new DomainName(scope, 'ApiDomain', {
    domainName: domains.domainName,
    certificate,
    endpointType: EndpointType.REGIONAL,
    securityPolicy: SecurityPolicy.TLS_1_2,
  });
  new BasePathMapping(scope, 'ApiDomainMapping', { domainName: apiDomain, restApi: rest, stage: rest.deploymentStage });
  const streamDomain = new WebSocketDomainName(scope, 'FileStreamDomain', {
    domainName: domains.fileStreamDomainName,
    certificate,
  });
  new ApiMapping(scope, 'FileStreamDomainMapping', { api: socket.api, domainName: streamDomain, stage: socket.stage });
  return { apiTarget: apiDomain.domainNameAliasDomainName, fileStreamTarget: streamDomain.regionalDomainName };
}
