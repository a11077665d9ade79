import { describe, expect, it } from 'vitest';
import { redactedUrl } from './log-redaction.ts';

describe('redactedUrl', () => {
  it.each([
    ['/unsubscribe?token=abc123', '/unsubscribe?token=[redacted]'],
    ['/admin/login?invite=abc&x=1', '/admin/login?invite=[redacted]&x=1'],
    [
      '/offer?pre-authorized_code=abc&tx_code=12',
      '/offer?pre-authorized_code=[redacted]&tx_code=[redacted]',
    ],
    ['/reset?Access%5FToken=abc', '/reset?Access%5FToken=[redacted]'],
    ['/gs-api/badge/list/recent?page=2&limit=10', '/gs-api/badge/list/recent?page=2&limit=10'],
    ['/gs-api/health', '/gs-api/health'],
    ['/a?token', '/a?token'],
    ['/a?%E0%A4%A=1', '/a?%E0%A4%A=1'],
  ])('%s → %s', (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
