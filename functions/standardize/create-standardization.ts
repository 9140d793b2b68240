import { bucket } from '../../shared/composition/bucket';
import { documents } from '../../shared/composition/documents';
import { model } from '../../shared/composition/model';
import { apiKeyRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';
import { standardizeRequest } from './standardize-request';

/** POST /v1/standardize: readings read out of text or a file, standardized; stored only with `store: true`. */
export const handler = apiKeyRoute(
  httpRoute('create-standardization'),
  { bucket, documents, model },
  standardizeRequest,
  // Only a request that stores is a write; a dry run ignores the key.
  { idempotent: { appliesTo: (params) => params.store === true || params.store === 'true' } },
);
