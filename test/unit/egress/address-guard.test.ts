import { describe, expect, it } from 'vitest';
import {
  isAllowedHost,
  isPublicAddress,
  NonPublicAddressError,
  resolvePublicAddresses,
} from '../../../shared/adapters/egress/address-guard';
import { readConfig } from '../../../shared/config/config';

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.33',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    'not-an-ip',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700::',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('the allow-list', () => {
  const url = (s: string) => new URL(s);

  it('matches a host on any port, or host:port on that port only (default ports too)', () => {
    expect(isAllowedHost(url('http://localhost:8931/mcp'), ['localhost'])).toBe(true);
    expect(isAllowedHost(url('http://LOCALHOST:8931/mcp'), ['localhost:8931'])).toBe(true);
    expect(isAllowedHost(url('http://localhost:8932/mcp'), ['localhost:8931'])).toBe(false);
    expect(isAllowedHost(url('http://127.0.0.1/mcp'), ['127.0.0.1:80'])).toBe(true);
    expect(isAllowedHost(url('https://127.0.0.1/mcp'), ['127.0.0.1:80'])).toBe(false);
    expect(isAllowedHost(url('http://[::1]:9000/mcp'), ['[::1]:9000'])).toBe(true);
    expect(isAllowedHost(url('http://[::1]:9000/mcp'), ['::1'])).toBe(true);
    expect(isAllowedHost(url('http://[::1]:9000/mcp'), ['[::1]:9001'])).toBe(false);
    expect(isAllowedHost(url('http://evil.localhost/mcp'), ['localhost'])).toBe(false);
    expect(isAllowedHost(url('http://localhost/mcp'), [])).toBe(false);
  });

  it('is read from HDS_MCP_ALLOW_HOSTS, trimmed and lower-cased', () => {
    expect(readConfig({}).mcpAllowHosts).toEqual([]);
    expect(readConfig({ HDS_MCP_ALLOW_HOSTS: ' LocalHost , 127.0.0.1:8931,,[::1]:8931 ' }).mcpAllowHosts).toEqual([
      'localhost',
      '127.0.0.1:8931',
      '[::1]:8931',
    ]);
  });
});

describe('resolvePublicAddresses', () => {
  const resolver = (addresses: string[]) => async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('returns the addresses of a name that resolves only to public ones', async () => {
    const got = await resolvePublicAddresses(
      new URL('https://mcp.example.com/'),
      [],
      resolver(['8.8.8.8', '2606:4700::1']),
    );
    expect(got.map((a) => a.address)).toEqual(['8.8.8.8', '2606:4700::1']);
  });

  it('refuses a name if ANY of its addresses is not public', async () => {
    await expect(
      resolvePublicAddresses(new URL('https://mcp.example.com/'), [], resolver(['8.8.8.8', '10.0.0.5'])),
    ).rejects.toThrow(NonPublicAddressError);
    await expect(
      resolvePublicAddresses(new URL('https://mcp.example.com/'), [], resolver(['::ffff:127.0.0.1'])),
    ).rejects.toThrow('mcp server host resolves to a non-public address');
  });

  it('judges literal IP hosts without resolving them', async () => {
    const never = async () => {
      throw new Error('resolved');
    };
    await expect(resolvePublicAddresses(new URL('http://169.254.169.254/'), [], never)).rejects.toThrow(
      NonPublicAddressError,
    );
    await expect(resolvePublicAddresses(new URL('http://[::1]:8080/'), [], never)).rejects.toThrow(
      NonPublicAddressError,
    );
    // The URL parser turns other spellings of IPv4 into dotted form first.
    await expect(resolvePublicAddresses(new URL('http://0x7f000001/'), [], never)).rejects.toThrow(
      NonPublicAddressError,
    );
    await expect(resolvePublicAddresses(new URL('http://8.8.8.8/'), [], never)).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
  });

  it('lets an allow-listed host resolve to a loopback address', async () => {
    const got = await resolvePublicAddresses(
      new URL('http://localhost:8931/'),
      ['localhost:8931'],
      resolver(['127.0.0.1']),
    );
    expect(got).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('reports a name without addresses as not found', async () => {
    await expect(resolvePublicAddresses(new URL('http://nowhere.example/'), [], resolver([]))).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});
