import { bucket } from '../../shared/composition/bucket';
import { documents } from '../../shared/composition/documents';
import { model } from '../../shared/composition/model';
import { apiKeyRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { standardizeRequest } from './standardize-request';

/** POST /v1/extract: the deprecated alias of POST /v1/standardize, same request and response. */
export const handler = apiKeyRoute(httpRoute('create-extraction'), { bucket, documents, model }, async (ctx) => {
  const result = await standardizeRequest(ctx);
  return {
    ...result,
    headers: { ...result.headers, deprecation: 'true', link: '</v1/standardize>; rel="successor-version"' },
  };
});
