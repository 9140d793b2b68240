import { describe, expect, it } from 'vitest';
import { assertIssuer, authorizationServerMetadata } from '../../../shared/domain/oauth/metadata';

describe('authorization server metadata (RFC 8414, design §7.1)', () => {
  it('lists exactly the members of the design', () => {
    expect(authorizationServerMetadata('https://abc.execute-api.eu-west-1.amazonaws.com/live')).toEqual({
      issuer: 'https://abc.execute-api.eu-west-1.amazonaws.com/live',
      authorization_endpoint: 'https://abc.execute-api.eu-west-1.amazonaws.com/live/oauth2/authorize',
      token_endpoint: 'https://abc.execute-api.eu-west-1.amazonaws.com/live/oauth/token',
      registration_endpoint: 'https://abc.execute-api.eu-west-1.amazonaws.com/live/oauth/register',
      jwks_uri: 'https://abc.execute-api.eu-west-1.amazonaws.com/live/.well-known/jwks.json',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: ['mcp:read', 'mcp:write'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('accepts a local http issuer', () => {
    expect(authorizationServerMetadata('http://localhost:3000').token_endpoint).toBe(
      'http://localhost:3000/oauth/token',
    );
  });

  it.each([
    'https://api.hds.example/',
    'https://api.hds.example?x=1',
    'https://api.hds.example#f',
    'ftp://api.hds.example',
    'api.hds.example',
    'https://user@api.hds.example',
    '',
  ])('refuses the misconfigured issuer %j', (issuer) => {
    expect(() => assertIssuer(issuer)).toThrow(/HDS_ISSUER/);
  });
});
