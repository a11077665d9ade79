// Serves the built web app: its files as they are, and index.html for every
// other page load outside the API so the browser router can take it from
// there. What is not a page load gets the API's JSON 404 instead of the page:
// a /.well-known/ path (metadata a client looks for, RFC 8615: a client that
// reads HTML as metadata stops there), and any request whose Accept prefers
// JSON to HTML (a browser's navigation prefers text/html).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { acceptanceOf } from './accept-header.ts';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, SERVER_MESSAGES } from '@gets/schema';

/** What a shared link of a page previews as (title and Open Graph tags). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative URL of the preview image. */
  image?: string | undefined;
}

/** Answers the meta of a path the server knows something about (a badge page), else null. */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null>;

/** `html` with `start..end` replaced by `insert`, taken as it is (no `$&`-style patterns). */
const splice = (html: string, start: number, end: number, insert: string) =>
  html.slice(0, start) + insert + html.slice(end);

/** `html` without the first match of `pattern`, if any. */
function without(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  return match ? splice(html, match.index, match.index + match[0].length, '') : html;
}

/**
 * index.html with the page's own title and Open Graph tags, for link previews
 * (crawlers run no script). Every value is escaped by escape-html and spliced
 * in, never passed to String.prototype.replace, whose replacement string reads
 * `$&`, `$'` and `` $` `` as patterns: a badge named so would copy parts of the
 * page into its head.
 */
export function withPageMeta(html: string, meta: PageMeta, pageUrl: string): string {
  const absolute = (url: string) => new URL(url, pageUrl).toString();
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...[
      ['og:type', 'website'],
      ['og:title', meta.title],
      ['og:description', meta.description],
      ['og:url', pageUrl],
      ...(meta.image ? [['og:image', absolute(meta.image)]] : []),
      ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ].map(([property, content]) => {
      const attribute = property!.startsWith('twitter:') ? 'name' : 'property';
      return `<meta ${attribute}="${property}" content="${escapeHtml(content!)}" />`;
    }),
  ].join('\n    ');
  // The page's own title and description give way to the badge's.
  let page = without(html, /<title>[^<]*<\/title>/);
  page = without(page, /<meta\s+name="description"[^>]*>/);
  let headEnd = page.indexOf('</head>');
  if (headEnd < 0) {
    // A page without a head gets one, right after <html ...> (or first of all).
    const open = /<html[^>]*>/.exec(page);
    const at = open ? open.index + open[0].length : 0;
    page = splice(page, at, at, '<head></head>');
    headEnd = at + '<head>'.length;
  }
  return splice(page, headEnd, headEnd, `    ${tags}\n  `);
}

/** RFC 8615's prefix: documents about the site, for programs, never the web app's. */
const WELL_KNOWN = '/.well-known';

/**
 * Whether a request is a page load the web app owns: one that does not
 * prefer JSON to HTML. A browser's navigation names text/html first; no
 * Accept, or only the any-type wildcard, takes anything (the page, as
 * before). Accept: application/json, one that names JSON and takes HTML only
 * through a wildcard of the same quality (axios: JSON, plain text, any type),
 * or one that takes no HTML at all, is not a page load.
 */
export function isPageLoad(accept: string | undefined): boolean {
  if (!accept) return true;
  const html = acceptanceOf(accept, 'text/html');
  const json = acceptanceOf(accept, 'application/json');
  if (html.quality === 0) return false;
  if (html.quality !== json.quality) return html.quality > json.quality;
  return html.specificity >= json.specificity;
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pageMeta?: PageMetaResolver,
) {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies; the one the browser accepts is sent.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built; only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
    const ownedByWebApp =
      built &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !under(API_PREFIX) &&
      !under(WELL_KNOWN) &&
      isPageLoad(request.headers.accept);
    // The same path answers the page or JSON by the Accept header: caches must key on it.
    if (!under(API_PREFIX) && !under(WELL_KNOWN)) reply.header('vary', 'Accept');
    if (!ownedByWebApp) {
      return reply.status(404).send({
        message: `${SERVER_MESSAGES.notFound}: ${request.method} ${pathname}`,
        data: null,
      });
    }
    const meta = pageMeta ? await pageMeta(pathname).catch(() => null) : null;
    if (meta) {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      const pageUrl = `${request.protocol}://${request.host}${pathname}`;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPageMeta(html, meta, pageUrl));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
