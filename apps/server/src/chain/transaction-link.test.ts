import { describe, expect, it } from 'vitest';
import { transactionLink, transactionLinkOf } from './transaction-link.ts';

const hash = `0x${'ab'.repeat(32)}`;

describe('transactionLink', () => {
  it('leads to the explorer when one is configured, whatever its trailing slash', () => {
    expect(transactionLink('https://polygonscan.com', hash)).toBe(
      `https://polygonscan.com/tx/${hash}`,
    );
    expect(transactionLink('https://scan.example/', hash, 'https://app.example')).toBe(
      `https://scan.example/tx/${hash}`,
    );
  });

  it('leads to the built-in page without an explorer: a path, or absolute under a base URL', () => {
    expect(transactionLink(undefined, hash)).toBe(`/tx/${hash}`);
    expect(transactionLink(undefined, hash, 'https://app.example/')).toBe(
      `https://app.example/tx/${hash}`,
    );
  });

  it('gives no link for a hash not known yet', () => {
    expect(transactionLinkOf(undefined, null)).toBeNull();
    expect(transactionLinkOf(undefined, hash)).toBe(`/tx/${hash}`);
  });
});
