import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  baseStringUri,
  hmacSha1Signature,
  oauth1Authorization,
  parseAuthorizationHeader,
  parseTokenAnswer,
  percentEncode,
  signatureBaseString,
  signRequest,
} from '../../../shared/services/pulse/oauth1';

// RFC 5849 §1.2: client dpf43f3p2l4k3l03 / kd94hf93k423kf44 at photos.example.net.
const client = { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44' };

describe('OAuth 1.0a (RFC 5849)', () => {
  it('§3.4.1.1: the signature base string of the worked example, byte for byte', () => {
    const form = [...new URLSearchParams('c2&a3=2+q')];
    const protocol: [string, string][] = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw='],
      ['realm', 'Example'],
    ];
    expect(
      signatureBaseString('POST', 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', [...protocol, ...form]),
    ).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('§1.2: temporary credentials, token credentials and resource request signatures', () => {
    const initiate = signRequest({
      method: 'POST',
      url: 'https://photos.example.net/initiate',
      credentials: client,
      timestamp: '137131200',
      nonce: 'wIjqoS',
      extra: { callback: 'http://printer.example.com/ready' },
      version: null,
    });
    expect(Object.fromEntries(initiate).oauth_signature).toBe('74KNZJeDHnMBp0EMJ9ZHt/XKycU=');

    const token = signRequest({
      method: 'POST',
      url: 'https://photos.example.net/token',
      credentials: { ...client, token: 'hh5s93j4hdidpola', tokenSecret: 'hdhd0244k9j7ao03' },
      timestamp: '137131201',
      nonce: 'walatlh',
      extra: { verifier: 'hfdp7dh39dks9884' },
      version: null,
    });
    expect(Object.fromEntries(token).oauth_signature).toBe('gKgrFCywp7rO0OXSjdot/IHF7IU=');

    const header = oauth1Authorization({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      credentials: { ...client, token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
      timestamp: '137131202',
      nonce: 'chapoH',
      realm: 'Photos',
      version: null,
    });
    expect(header).toBe(
      'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", ' +
        'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", ' +
        'oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"',
    );
  });

  it('sends oauth_version 1.0 by default, and it is signed', () => {
    const params = signRequest({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      credentials: { ...client, token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
      timestamp: '137131202',
      nonce: 'chapoH',
    });
    const map = Object.fromEntries(params);
    expect(map.oauth_version).toBe('1.0');
    expect(map.oauth_signature).not.toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    const base = signatureBaseString(
      'GET',
      'http://photos.example.net/photos?file=vacation.jpg&size=original',
      params.filter(([n]) => n !== 'oauth_signature'),
    );
    expect(hmacSha1Signature(base, client.consumerSecret, 'pfkkdhi9sl3r4s00')).toBe(map.oauth_signature);
  });

  it('percent-encodes per RFC 3986 (unreserved kept, UTF-8 for the rest)', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()~._-")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29~._-');
    expect(percentEncode('®')).toBe('%C2%AE');
  });

  it('the base string URI: lower-case scheme and host, default port dropped, other port kept', () => {
    expect(baseStringUri('HTTP://EXAMPLE.COM:80/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(baseStringUri('https://www.example.net:8080/?q=1')).toBe('https://www.example.net:8080/');
    expect(() => baseStringUri('ftp://example.com/')).toThrow(TypeError);
  });

  it('parses an Authorization header back to the parameters it signs', () => {
    const params = signRequest({
      method: 'POST',
      url: 'https://connectapi.garmin.com/oauth-service/oauth/request_token',
      credentials: { consumerKey: 'garmin key', consumerSecret: 's' },
      timestamp: '1795590000',
      nonce: 'n0nce',
      extra: { callback: 'https://hds.example/api/v1/pulse/hds/garmin/callback' },
    });
    expect(parseAuthorizationHeader(authorizationHeader(params, 'Garmin'))).toEqual([['realm', 'Garmin'], ...params]);
    expect(parseAuthorizationHeader('Bearer abc')).toBeNull();
    expect(parseAuthorizationHeader('OAuth oauth_token=unquoted')).toBeNull();
  });

  it('reads the token legs` form answer', () => {
    expect(
      parseTokenAnswer(
        'oauth_token=hh5s93j4hdidpola&oauth_token_secret=hdhd0244k9j7ao03&oauth_callback_confirmed=true',
      ),
    ).toEqual({
      token: 'hh5s93j4hdidpola',
      tokenSecret: 'hdhd0244k9j7ao03',
    });
    expect(() => parseTokenAnswer('oauth_problem=signature_invalid')).toThrow(/lacks oauth_token/);
  });
});
