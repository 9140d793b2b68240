import { apiKeyRoute } from '../../shared/http/handler';
import { standardizeRequest } from './standardize-request';

/** POST /v1/extract: the deprecated alias of POST /v1/standardize, same request and response. */
export const handler = apiKeyRoute('create-extraction', async (ctx) => {
  const result = await standardizeRequest(ctx);
  return {
    ...result,
    headers: { ...result.headers, deprecation: 'true', link: '</v1/standardize>; rel="successor-version"' },
  };
});
