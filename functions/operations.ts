/**
 * Every documented operation, one import per route's `*.schema.ts`. The OpenAPI document is built from this list
 * joined with the route manifest; a test fails when a manifest route has no operation here.
 */
import type { Operation, WebSocketDoc } from '../shared/openapi/operation';
import { operation as createChatCompletion } from './chat/create-chat-completion.schema';
import {
  createOperation as createConsoleWebhookEndpoint,
  deleteOperation as deleteConsoleWebhookEndpoint,
  listDeliveriesOperation as listConsoleWebhookDeliveries,
  listOperation as listConsoleWebhookEndpoints,
  redeliverOperation as redeliverConsoleWebhook,
  rotateOperation as rotateConsoleWebhookSecret,
} from './console/console-webhooks.schema';
import { operation as createConsoleChatCompletion } from './console/create-console-chat-completion.schema';
import { operation as createConsoleKey } from './console/create-console-key.schema';
import { operation as deleteConsoleData } from './console/delete-console-data.schema';
import { operation as deleteConsoleFile } from './console/delete-console-file.schema';
import { operation as deleteConsoleKey } from './console/delete-console-key.schema';
import { operation as deleteConsoleSession } from './console/delete-console-session.schema';
import { operation as deleteConsoleSubject } from './console/delete-console-subject.schema';
import { operation as getConsoleFile } from './console/get-console-file.schema';
import { operation as getConsoleSeriesPoints } from './console/get-console-series-points.schema';
import { operation as getConsoleUsage } from './console/get-console-usage.schema';
import { operation as listConsoleData } from './console/list-console-data.schema';
import { operation as listConsoleFiles } from './console/list-console-files.schema';
import { operation as listConsoleKeys } from './console/list-console-keys.schema';
import { operation as listConsoleSeries } from './console/list-console-series.schema';
import { operation as listConsoleSessions } from './console/list-console-sessions.schema';
import { operation as listConsoleSubjects } from './console/list-console-subjects.schema';
import { operation as getConsole } from './console-page/get-console.schema';
import { operation as getConsoleAsset } from './console-page/get-console-asset.schema';
import { operation as createData } from './data/create-data.schema';
import { operation as deleteData } from './data/delete-data.schema';
import { operation as listData } from './data/list-data.schema';
import { operation as createEngineChatSession } from './engine/create-engine-chat-session.schema';
import { operation as createEngineHealthData } from './engine/create-engine-health-data.schema';
import { operation as createEngineLoginCode } from './engine/create-engine-login-code.schema';
import { operation as listEngineChatHistory } from './engine/list-engine-chat-history.schema';
import { operation as listEngineFiles } from './engine/list-engine-files.schema';
import { operation as listEngineHealthData } from './engine/list-engine-health-data.schema';
import { operation as streamEngineChat } from './engine/stream-engine-chat.schema';
import { operation as uploadEngineFile } from './engine/upload-engine-file.schema';
import { operation as verifyEngineLoginCode } from './engine/verify-engine-login-code.schema';
import { operation as createExport } from './exports/create-export.schema';
import { operation as deleteExport } from './exports/delete-export.schema';
import { operation as getExport } from './exports/get-export.schema';
import { operation as listExports } from './exports/list-exports.schema';
import { operation as createFamilyMember } from './family/create-family-member.schema';
import { operation as deleteFamilyMember } from './family/delete-family-member.schema';
import { operation as listFamilyMembers } from './family/list-family-members.schema';
import { operation as createFile } from './files/create-file.schema';
import { operation as createUpload } from './files/create-upload.schema';
import { operation as deleteFile } from './files/delete-file.schema';
import { fileStreamDoc } from './files/file-stream.schema';
import { operation as getFile } from './files/get-file.schema';
import { operation as listFiles } from './files/list-files.schema';
import { operation as getHealth } from './health/get-health.schema';
import { operation as callMcp } from './mcp/call-mcp.schema';
import { operation as getMcp } from './mcp/get-mcp.schema';
import { operation as listModels } from './models/list-models.schema';
import { operation as createClientBinding } from './oauth/create-client-binding.schema';
import { operation as createToken } from './oauth/create-token.schema';
import { operation as deleteClientBinding } from './oauth/delete-client-binding.schema';
import { operation as getAuthorize } from './oauth/get-authorize.schema';
import { operation as getJwks } from './oauth/get-jwks.schema';
import { operation as getOAuthMetadata } from './oauth/get-oauth-metadata.schema';
import {
  mcpOperation as getMcpProtectedResourceMetadata,
  operation as getProtectedResourceMetadata,
} from './oauth/get-protected-resource-metadata.schema';
import { operation as postAuthorize } from './oauth/post-authorize.schema';
import { operation as registerOAuthClient } from './oauth/register-oauth-client.schema';
import { operation as getOpenApi } from './openapi/get-openapi.schema';
import { operation as completePulseLink } from './pulse/complete-pulse-link.schema';
import { operation as linkPulseProvider } from './pulse/link-pulse-provider.schema';
import { operation as listPulseProviders } from './pulse/list-pulse-providers.schema';
import { operation as listPulseUserProviders } from './pulse/list-pulse-user-providers.schema';
import { operation as probePulseWebhook } from './pulse/probe-pulse-webhook.schema';
import { operation as receivePulseWebhook } from './pulse/receive-pulse-webhook.schema';
import { operation as unlinkPulseProvider } from './pulse/unlink-pulse-provider.schema';
import { operation as verifyPulseWebhook } from './pulse/verify-pulse-webhook.schema';
import { operation as createResponse } from './responses/create-response.schema';
import { operation as deleteResponse } from './responses/delete-response.schema';
import { operation as getResponse } from './responses/get-response.schema';
import { operation as listResponseInputItems } from './responses/list-input-items.schema';
import { operation as deleteSession } from './sessions/delete-session.schema';
import { operation as createLoginCode } from './sign-in/create-login-code.schema';
import { operation as verifyLoginCode } from './sign-in/verify-login-code.schema';
import {
  extractionOperation as createExtraction,
  operation as createStandardization,
} from './standardize/create-standardization.schema';
import { operation as deleteSubject } from './subjects/delete-subject.schema';
import { operation as deleteUser } from './user/delete-user.schema';
import { operation as updateUserName } from './user/update-user-name.schema';

import {
  createOperation as createWebhookEndpoint,
  deleteOperation as deleteWebhookEndpoint,
  getOperation as getWebhookEndpoint,
  listDeliveriesOperation as listWebhookDeliveries,
  listOperation as listWebhookEndpoints,
  redeliverOperation as redeliverWebhook,
  rotateOperation as rotateWebhookSecret,
} from './webhooks/webhooks.schema';
export const operations: readonly Operation[] = [
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  listWebhookDeliveries,
  redeliverWebhook,
  getHealth,
  getOpenApi,
  listModels,
  createData,
  listData,
  deleteData,
  deleteSession,
  deleteSubject,
  createFamilyMember,
  listFamilyMembers,
  deleteFamilyMember,
  createStandardization,
  createExtraction,
  createFile,
  listFiles,
  getFile,
  deleteFile,
  createUpload,
  createExport,
  listExports,
  getExport,
  deleteExport,
  createChatCompletion,
  createResponse,
  getResponse,
  listResponseInputItems,
  deleteResponse,
  createLoginCode,
  verifyLoginCode,
  getJwks,
  createToken,
  registerOAuthClient,
  getOAuthMetadata,
  getAuthorize,
  postAuthorize,
  createClientBinding,
  deleteClientBinding,
  getMcpProtectedResourceMetadata,
  getProtectedResourceMetadata,
  callMcp,
  getMcp,
  listConsoleKeys,
  createConsoleKey,
  deleteConsoleKey,
  listConsoleWebhookEndpoints,
  createConsoleWebhookEndpoint,
  deleteConsoleWebhookEndpoint,
  rotateConsoleWebhookSecret,
  listConsoleWebhookDeliveries,
  redeliverConsoleWebhook,
  getConsoleUsage,
  listConsoleSubjects,
  deleteConsoleSubject,
  listConsoleSeries,
  getConsoleSeriesPoints,
  listConsoleData,
  deleteConsoleData,
  listConsoleFiles,
  getConsoleFile,
  deleteConsoleFile,
  listConsoleSessions,
  deleteConsoleSession,
  createConsoleChatCompletion,
  getConsole,
  getConsoleAsset,
  updateUserName,
  deleteUser,
  createEngineLoginCode,
  verifyEngineLoginCode,
  listEngineHealthData,
  createEngineHealthData,
  listEngineFiles,
  uploadEngineFile,
  streamEngineChat,
  listEngineChatHistory,
  createEngineChatSession,
  listPulseProviders,
  listPulseUserProviders,
  linkPulseProvider,
  completePulseLink,
  unlinkPulseProvider,
  receivePulseWebhook,
  verifyPulseWebhook,
  probePulseWebhook,
];

/** The WebSocket APIs, carried as `x-hds-websocket`. */
export const webSockets: readonly WebSocketDoc[] = [fileStreamDoc];
