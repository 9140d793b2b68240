import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { consolePage } from './console-files';

/** GET /console: the developer console's page; it signs in and calls the API from the browser. */
export const handler = publicRoute(httpRoute('get-console'), {}, async ({ req }) => consolePage(req));
