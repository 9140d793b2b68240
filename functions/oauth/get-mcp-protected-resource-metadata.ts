import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { protectedResourceAnswer } from './protected-resource-metadata';

/** GET /.well-known/oauth-protected-resource/mcp: the document `/mcp`'s bearer challenge names (RFC 9728 §5.1). */
export const handler = publicRoute(httpRoute('get-mcp-protected-resource-metadata'), {}, protectedResourceAnswer);
