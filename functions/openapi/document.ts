import { createHash } from 'node:crypto';
import { buildOpenApiDocument, type OpenApiDocument } from '../../shared/openapi/build';
import { operations, webSockets } from '../operations';
import { manifest } from '../routes';

/** The document of this deployment for its base URL (`HDS_ISSUER`); the same input always gives the same bytes. */
export function openApiDocument(serverUrl: string, version: string): OpenApiDocument {
  return buildOpenApiDocument({ routes: manifest, operations, webSockets, serverUrl, version });
}

/** A strong ETag of the document's JSON text. */
export function etagOf(document: OpenApiDocument): string {
  return `"${createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 27)}"`;
}
