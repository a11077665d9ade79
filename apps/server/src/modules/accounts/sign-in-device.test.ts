// A sign-in's browser as a person reads it, and the key that recognises it again.
import { describe, expect, it } from 'vitest';
import {
  UNKNOWN_BROWSER,
  UNKNOWN_SYSTEM,
  describeUserAgent,
  deviceKeyOf,
} from './sign-in-device.ts';

const CHROME_120_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36';
const CHROME_121_WINDOWS = CHROME_120_WINDOWS.replace('Chrome/120.0.6099.71', 'Chrome/121.0.1.2');
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0';

describe('describeUserAgent', () => {
  it('names the browser with its major version and the system with its version', () => {
    expect(describeUserAgent(CHROME_120_WINDOWS)).toEqual({
      browser: 'Chrome 120',
      system: 'Windows 10',
    });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', system: 'iOS 17.1' });
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 126', system: 'Linux' });
  });

  it('says "Unknown browser" and "Unknown system" when there is nothing to recognise', () => {
    for (const agent of [undefined, null, '', '   ', 'curl/8.4.0', '\u0000'.repeat(10_000)]) {
      expect(describeUserAgent(agent)).toEqual({
        browser: UNKNOWN_BROWSER,
        system: UNKNOWN_SYSTEM,
      });
    }
  });
});

describe('deviceKeyOf', () => {
  const base = { userAgent: CHROME_120_WINDOWS, ip: '203.0.113.7', deviceId: undefined };

  it('is the SHA-256 of the web app’s device id when it sends one, whatever the browser or address', () => {
    const key = deviceKeyOf({ ...base, deviceId: 'b1d0c6b2-0c5c-4a5e-9d8f-1f4c2a3b4c5d' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      deviceKeyOf({
        userAgent: SAFARI_IPHONE,
        ip: '2001:db8::1',
        deviceId: 'b1d0c6b2-0c5c-4a5e-9d8f-1f4c2a3b4c5d',
      }),
    ).toBe(key);
    expect(deviceKeyOf({ ...base, deviceId: 'another-id-of-another-browser' })).not.toBe(key);
    expect(key).not.toBe(deviceKeyOf(base));
  });

  it('without an id, recognises the same browser and system on the same network across updates', () => {
    const key = deviceKeyOf(base);
    expect(deviceKeyOf({ ...base, ip: '203.0.113.200' })).toBe(key);
    expect(deviceKeyOf({ ...base, userAgent: CHROME_121_WINDOWS })).toBe(key);
    expect(deviceKeyOf({ ...base, ip: '198.51.100.7' })).not.toBe(key);
    expect(deviceKeyOf({ ...base, userAgent: FIREFOX_LINUX })).not.toBe(key);
    expect(deviceKeyOf({ ...base, deviceId: '  ' })).toBe(key);
  });
});
