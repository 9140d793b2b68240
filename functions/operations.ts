/**
 * Every documented operation, one import per route's `*.schema.ts`. The OpenAPI document is built from this list
 * joined with the route manifest; a test fails when a manifest route has no operation here.
 */
import type { Operation } from '../shared/openapi/operation';
import { operation as createConsoleChatCompletion } from './console/create-console-chat-completion.schema';

export const operations: readonly Operation[] = [createConsoleChatCompletion];
