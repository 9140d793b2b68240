import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { consoleAsset } from './console-files';

/** GET /console/{asset+}: the console's scripts and styles, and the API reference page; 404 for anything else. */
export const handler = publicRoute(httpRoute('get-console-asset'), {}, async ({ req }) =>
  consoleAsset(req, req.pathParams.asset ?? ''),
);
