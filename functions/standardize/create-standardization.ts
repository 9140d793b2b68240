import { apiKeyRoute } from '../../shared/http/handler';
import { standardizeRequest } from './standardize-request';

/** POST /v1/standardize: readings read out of text or a file, standardized; stored only with `store: true`. */
export const handler = apiKeyRoute('create-standardization', standardizeRequest);
