import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageLoad, registerWebApp, withPageMeta } from './web-app.ts';

const INDEX = '<!doctype html><html><head><title>GETS</title></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** What Chromium sends when a person opens a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the served web app', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'gets-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    // As the build writes them: each file with its .br and .gz copies.
    for (const [name, text] of [
      ['index.html', INDEX],
      ['assets/index-abc.js', SCRIPT],
    ] as const) {
      await fs.writeFile(path.join(dist, name), text);
      await fs.writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
      await fs.writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
    }
    app = Fastify();
    await registerWebApp(app, dist, async (pathname) =>
      pathname === '/badge/7' ? { title: 'Zebra Care', description: 'Cares for zebras' } : null,
    );
  });

  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for good', async () => {
    const answer = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const answer = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(SCRIPT);
  });

  it('answers index.html, never cached, for a path of the browser router', async () => {
    const answer = await app.inject({ url: '/dashboard?menu=dash' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(INDEX);
  });

  it('gives a badge page its own title for link previews', async () => {
    const answer = await app.inject({ url: '/badge/7' });
    expect(answer.body).toContain('<title>Zebra Care</title>');
    expect(answer.body).toContain('<meta property="og:title" content="Zebra Care" />');
  });

  it('answers an unknown API path 404 in JSON, not the page', async () => {
    const answer = await app.inject({ url: '/gs-api/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ data: null });
  });

  it('answers a /.well-known/ path 404 in JSON, never the page, even to a browser', async () => {
    for (const url of ['/.well-known/openid-configuration', '/.well-known', '/.well-known/x/y']) {
      const answer = await app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ data: null });
    }
  });

  it('answers a path asked for as JSON 404 in JSON, and the page to a browser, varying on Accept', async () => {
    const asJson = await app.inject({
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(asJson.statusCode).toBe(404);
    expect(asJson.json()).toMatchObject({ data: null });
    expect(asJson.headers.vary).toBe('Accept');
    const asPage = await app.inject({ url: '/dashboard', headers: { accept: BROWSER_ACCEPT } });
    expect(asPage.statusCode).toBe(200);
    expect(asPage.body).toBe(INDEX);
    expect(String(asPage.headers.vary).split(/,\s*/)).toContain('Accept');
  });

  it('tells a page load from a call by what its Accept prefers', () => {
    // Browsers' navigations, a client that takes anything, and one that says nothing.
    for (const accept of [
      BROWSER_ACCEPT,
      'text/html',
      '*/*',
      undefined,
      'application/json, text/html',
    ]) {
      expect(isPageLoad(accept), String(accept)).toBe(true);
    }
    // JSON preferred: named with HTML only through a wildcard, a higher quality, or no HTML at all.
    for (const accept of [
      'application/json',
      'application/json, text/plain, */*',
      'text/html;q=0.5, application/json',
      'application/*',
      'text/html;q=0, */*',
      'image/png',
    ]) {
      expect(isPageLoad(accept), accept).toBe(false);
    }
  });

  it('puts a badge name with $ patterns, markup, quotes and accents into the head escaped, and leaves the rest of the page as it was', () => {
    // `$&`, `$'` and `` $` `` are what String.prototype.replace would read as
    // "the match", "what follows" and "what precedes".
    const name = '$& $\' $` <script>"x"</script> & é';
    const escaped = '$&amp; $&#39; $` &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; é';
    const head = '<head><meta charset="UTF-8" />\n<title>GETS</title>\n';
    const body = '<body><div id="root">$1 stays</div></body></html>';
    const page = withPageMeta(
      `<!doctype html><html lang="en">${head}<meta\n name="description"\n content="app" />\n</head>${body}`,
      { title: name, description: `${name} by Sponsor`, image: '/gs-api/ipfs/cid' },
      'http://h/badge/1',
    );
    expect(page).toBe(
      `<!doctype html><html lang="en"><head><meta charset="UTF-8" />\n\n\n` +
        [
          `    <title>${escaped}</title>`,
          `<meta name="description" content="${escaped} by Sponsor" />`,
          '<meta property="og:type" content="website" />',
          `<meta property="og:title" content="${escaped}" />`,
          `<meta property="og:description" content="${escaped} by Sponsor" />`,
          '<meta property="og:url" content="http://h/badge/1" />',
          '<meta property="og:image" content="http://h/gs-api/ipfs/cid" />',
          '<meta name="twitter:card" content="summary_large_image" />',
        ].join('\n    ') +
        `\n  </head>${body}`,
    );
  });

  it('gives a page without a head one, after <html>', () => {
    const page = withPageMeta(
      '<!doctype html><html><body>$`</body></html>',
      { title: "$'", description: 'd' },
      'http://h/b',
    );
    expect(page).toMatch(/^<!doctype html><html><head>\s+<title>\$&#39;<\/title>\n/);
    expect(page).toMatch(/<\/head><body>\$`<\/body><\/html>$/);
  });

  it('escapes what a badge title could inject into the page head', () => {
    const page = withPageMeta(
      INDEX,
      { title: '"><script>x</script>', description: 'd' },
      'http://h/b',
    );
    expect(page).not.toContain('<script>x');
    expect(page).toContain('&quot;&gt;&lt;script&gt;');
  });
});
