import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@gets/schema';
import { AppError } from '../../http/errors.ts';
import { checkEndpointUrl, isPublicAddress } from './endpoint-url.ts';

const production = { allowPrivateNetworks: false };
const development = { allowPrivateNetworks: true };

function refusal(raw: string, policy = production): { status: number; message: string } {
  try {
    checkEndpointUrl(raw, policy);
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error(`${raw} was accepted`);
}

describe('checkEndpointUrl', () => {
  it('accepts a public https URL and returns it parsed', () => {
    const url = checkEndpointUrl('https://hooks.example.com:8443/gets?x=1', production);
    expect(url.hostname).toBe('hooks.example.com');
    expect(url.port).toBe('8443');
    expect(url.search).toBe('?x=1');
  });

  it('accepts public IP literals, v4 and v6', () => {
    expect(checkEndpointUrl('https://93.184.216.34/hook', production).hostname).toBe(
      '93.184.216.34',
    );
    expect(checkEndpointUrl('https://[2606:4700::1111]/hook', production).hostname).toBe(
      '[2606:4700::1111]',
    );
  });

  it('refuses what is not a URL', () => {
    for (const raw of ['', 'hooks.example.com', 'https://', 'https://exa mple.com/']) {
      expect(refusal(raw)).toEqual({ status: 400, message: INTEGRATION_MESSAGES.urlInvalid });
    }
  });

  it('requires https unless private networks are allowed', () => {
    expect(refusal('http://example.com/hook')).toEqual({
      status: 400,
      message: INTEGRATION_MESSAGES.urlNotHttps,
    });
    expect(checkEndpointUrl('http://example.com/hook', development).protocol).toBe('http:');
  });

  it('refuses schemes other than http and https in every environment', () => {
    for (const raw of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/']) {
      expect(refusal(raw, development).message).toBe(INTEGRATION_MESSAGES.urlNotHttps);
    }
  });

  it('refuses a user name or password', () => {
    for (const raw of ['https://user:secret@example.com/', 'https://user@example.com/']) {
      expect(refusal(raw).message).toBe(INTEGRATION_MESSAGES.urlCredentials);
      expect(refusal(raw, development).message).toBe(INTEGRATION_MESSAGES.urlCredentials);
    }
  });

  it('refuses the cloud metadata service, with the private-address message', () => {
    expect(refusal('http://169.254.169.254/latest/meta-data')).toEqual({
      status: 400,
      message: INTEGRATION_MESSAGES.urlPrivate,
    });
    expect(refusal('https://[fd00:ec2::254]/latest/meta-data').message).toBe(
      INTEGRATION_MESSAGES.urlPrivate,
    );
  });

  it('refuses non-public IP literals in every spelling WHATWG URL accepts', () => {
    const literals = [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://127.1/',
      'https://017700000001/',
      'https://0.0.0.0/',
      'https://10.0.0.1/',
      'https://172.16.5.4/',
      'https://192.168.1.1/',
      'https://100.64.0.1/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[fe80::1]/',
      'https://[fc00::1]/',
      'https://[64:ff9b::7f00:1]/',
    ];
    for (const raw of literals) {
      expect(refusal(raw).message, raw).toBe(INTEGRATION_MESSAGES.urlPrivate);
    }
  });

  it('refuses localhost and its subdomains, however written', () => {
    for (const raw of [
      'https://localhost/',
      'https://LOCALHOST./',
      'https://localhost:8443/',
      'https://api.localhost/',
      'https://api.localhost./',
    ]) {
      expect(refusal(raw).message, raw).toBe(INTEGRATION_MESSAGES.urlPrivate);
    }
  });

  it('does not mistake a name that merely contains localhost for it', () => {
    expect(checkEndpointUrl('https://localhost.example.com/', production).hostname).toBe(
      'localhost.example.com',
    );
    expect(checkEndpointUrl('https://mylocalhost/', production).hostname).toBe('mylocalhost');
  });

  it('lets development and tests reach local servers over http', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', development).port).toBe('4000');
    expect(checkEndpointUrl('http://localhost:4000/hook', development).hostname).toBe('localhost');
    expect(checkEndpointUrl('http://[::1]:4000/hook', development).hostname).toBe('[::1]');
  });
});

describe('isPublicAddress', () => {
  it('accepts global unicast addresses', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2001:4860:4860::8888']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, shared and special IPv4 ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses loopback, unspecified, link-local, unique local and documentation IPv6', () => {
    for (const ip of [
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2001:db8::1',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('judges IPv4-mapped IPv6 as the IPv4 address it is', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false);
    expect(isPublicAddress('::ffff:169.254.169.254')).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true);
  });

  it('judges 6to4 and NAT64 addresses by the IPv4 address they embed', () => {
    expect(isPublicAddress('2002:7f00:1::')).toBe(false);
    expect(isPublicAddress('2002:a9fe:a9fe::1')).toBe(false);
    expect(isPublicAddress('64:ff9b::7f00:1')).toBe(false);
    expect(isPublicAddress('64:ff9b::10.0.0.1')).toBe(false);
    expect(isPublicAddress('2002:5db8:d822::1')).toBe(true);
    expect(isPublicAddress('64:ff9b::93.184.216.34')).toBe(true);
  });

  it('judges deprecated IPv4-compatible addresses by their IPv4, however written', () => {
    expect(isPublicAddress('::127.0.0.1')).toBe(false);
    expect(isPublicAddress('::7f00:1')).toBe(false);
    expect(isPublicAddress('::a9fe:a9fe')).toBe(false);
    expect(isPublicAddress('::93.184.216.34')).toBe(true);
    expect(isPublicAddress('::5db8:d822')).toBe(true);
  });

  it('refuses Teredo and local-use NAT64 addresses outright', () => {
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe(false);
    expect(isPublicAddress('64:ff9b:1::5db8:d822')).toBe(false);
  });

  it('refuses what is not an address', () => {
    for (const value of ['', 'example.com', 'localhost', '999.1.1.1', '::g']) {
      expect(isPublicAddress(value), value).toBe(false);
    }
  });
});
