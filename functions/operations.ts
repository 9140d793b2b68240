/**
 * Every documented operation, one import per route's `*.schema.ts`. The OpenAPI document is built from this list
 * joined with the route manifest; a test fails when a manifest route has no operation here.
 */
import type { Operation } from '../shared/openapi/operation';
import { operation as deleteConsoleData } from './console/delete-console-data.schema';
import { operation as deleteConsoleFile } from './console/delete-console-file.schema';
import { operation as deleteConsoleSession } from './console/delete-console-session.schema';
import { operation as deleteConsoleSubject } from './console/delete-console-subject.schema';
import { operation as getConsoleFile } from './console/get-console-file.schema';
import { operation as getConsoleSeriesPoints } from './console/get-console-series-points.schema';
import { operation as getConsoleUsage } from './console/get-console-usage.schema';
import { operation as listConsoleData } from './console/list-console-data.schema';
import { operation as listConsoleFiles } from './console/list-console-files.schema';
import { operation as listConsoleSeries } from './console/list-console-series.schema';
import { operation as listConsoleSessions } from './console/list-console-sessions.schema';
import { operation as listConsoleSubjects } from './console/list-console-subjects.schema';

export const operations: readonly Operation[] = [
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
];
