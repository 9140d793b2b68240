import { describe, expect, it } from 'vitest';
import { validateAuthorizationRequest } from '../../../shared/domain/oauth/authorization-request';
import type { RegisteredClient } from '../../../shared/domain/oauth/client-registration';
import { assertResource, protectedResourceMetadata } from '../../../shared/domain/oauth/metadata';

const ISSUER = 'https://hds.example';

describe('RFC 8707 resource indicators', () => {
  it('accept the MCP server the metadata names, the issuer, or none', () => {
    for (const resource of [protectedResourceMetadata(ISSUER).resource, ISSUER, `${ISSUER}/`, undefined, '']) {
      expect(() => assertResource(resource, ISSUER)).not.toThrow();
    }
  });

  it.each([
    'https://evil.example/mcp',
    'https://hds.example/mcp/',
    'https://hds.example/v1',
    'https://hds.example.evil/mcp',
    'mcp',
  ])('refuse any other resource as invalid_target: %s', (resource) => {
    expect(() => assertResource(resource, ISSUER)).toThrow(expect.objectContaining({ kind: 'invalid_target' }));
  });

  it('send a browser back to the client with invalid_target from the authorize page', () => {
    const client = {
      clientId: 'hdsc_x',
      redirectUris: ['http://127.0.0.1:9/cb'],
      grantTypes: ['authorization_code'],
      scope: ['mcp:read', 'mcp:write'],
      tokenEndpointAuthMethod: 'none',
    } as unknown as RegisteredClient;
    const params = {
      client_id: 'hdsc_x',
      redirect_uri: 'http://127.0.0.1:9/cb',
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };
    const refused = validateAuthorizationRequest({ ...params, resource: 'https://evil.example/mcp' }, client, ISSUER);
    expect(refused).toMatchObject({ kind: 'redirect-error' });
    expect(new URL((refused as { location: string }).location).searchParams.get('error')).toBe('invalid_target');
    const accepted = validateAuthorizationRequest({ ...params, resource: `${ISSUER}/mcp` }, client, ISSUER);
    expect(accepted.kind).toBe('valid');
  });
});
