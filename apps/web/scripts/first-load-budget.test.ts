import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from './first-load-budget';

describe('first-load budget', () => {
  it('counts the module entry and its modulepreloads, not styles, icons or lazy chunks', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
    </head><body><div id="root"></div></body></html>`;
    expect(firstLoadScripts(html)).toEqual(['/assets/index-a1.js', '/assets/react-b2.js']);
  });
});
