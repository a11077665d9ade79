import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BADGE_CREATION_FEE_GETS, TOKEN } from '@gets/schema';
import { fillPlaceholders, markdownToHtml } from './build-user-manual';

const read = (path: string) => readFileSync(new URL(path, import.meta.url));

describe('user manual', () => {
  it('renders headings, lists, paragraphs and bold, escaping HTML', () => {
    expect(markdownToHtml('# Title\n\nA <b> & c\n\n- one\n- **two**\n\n1. first')).toBe(
      [
        '<h1>Title</h1>',
        '<p>A &lt;b&gt; &amp; c</p>',
        '<ul>',
        '<li>one</li>',
        '<li><strong>two</strong></li>',
        '</ul>',
        '<ol>',
        '<li>first</li>',
        '</ol>',
      ].join('\n'),
    );
  });

  it('fills placeholders from the shared constants and rejects unknown ones', () => {
    expect(fillPlaceholders('{{BADGE_CREATION_FEE_GETS}} {{TOKEN}}')).toBe(
      `${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol}`,
    );
    expect(() => fillPlaceholders('{{NOPE}}')).toThrow(/NOPE/);
  });

  it('covers roles, the fee, claiming, the Community Treasure lock, custody and consent', () => {
    const text = fillPlaceholders(read('./user-manual.md').toString('utf8'));
    for (const topic of [
      'Sponsor',
      'Earner',
      `${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol}`,
      'claim',
      'Community Treasure',
      'lock period',
      'custodial wallet',
      'consent',
    ]) {
      expect(text).toContain(topic);
    }
  });

  it('ships a built PDF in public/', () => {
    expect(read('../public/user-manual.pdf').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
