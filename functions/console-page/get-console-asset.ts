import { publicRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { consoleAsset } from './console-files';
import { ConsoleAssetPathSchema } from './get-console-asset.schema';

/** GET /console/{asset+}: the console's scripts and styles, and the API reference page; 404 for anything else. */
export const handler = publicRoute(httpRoute('get-console-asset'), {}, async ({ req }) =>
  consoleAsset(req, parseWith(ConsoleAssetPathSchema, req.pathParams).asset),
);
