/**
 * `npm run openapi`: prints the OpenAPI 3.1 document to stdout, for people who want a file (`> openapi.json`). Its
 * server URL is `HDS_ISSUER` when set, else the local runtime's (`http://localhost:<PORT>`).
 */
import { openApiDocument } from '../../functions/openapi/document';
import { config } from '../../shared/config/config';
import { DEFAULT_PORT } from './ports';

const port = process.env.PORT ?? String(DEFAULT_PORT);
const serverUrl = (process.env.HDS_ISSUER ?? `http://localhost:${port}`).replace(/\/+$/, '');
process.stdout.write(`${JSON.stringify(openApiDocument(serverUrl, config().version), null, 2)}\n`);
