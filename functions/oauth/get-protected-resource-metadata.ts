import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { protectedResourceAnswer } from './protected-resource-metadata';

/** GET /.well-known/oauth-protected-resource: the root fallback MCP clients try after the path-inserted form. */
export const handler = publicRoute(httpRoute('get-protected-resource-metadata'), {}, protectedResourceAnswer);
