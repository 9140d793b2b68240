import { publicRoute } from '../../shared/http/handler';
import type { OpenApiDocument } from '../../shared/openapi/build';
import { httpRoute } from '../routes';
import { etagOf, openApiDocument } from './document';

let built: { document: OpenApiDocument; etag: string } | undefined;

/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document of this deployment, public (generators and the reference page read
 * it before anyone has a key). Built once per cold start; `If-None-Match` with its ETag is a 304.
 */
export const handler = publicRoute(httpRoute('get-openapi'), {}, async ({ req, services }) => {
  if (!built) {
    const document = openApiDocument(services.config.auth.issuer, services.config.version);
    built = { document, etag: etagOf(document) };
  }
  const headers = { 'cache-control': 'public, max-age=300', etag: built.etag };
  if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(built.etag)) return { status: 304, headers };
  return { headers, body: built.document };
});
