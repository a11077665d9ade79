// Serves the built web app: its files as they are, and index.html for every
// other path outside the API so the browser router can take it from there.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, SERVER_MESSAGES } from '@gets/schema';
import { escapeHtml } from './escape-html.ts';

/** What a shared link of a page previews as (title and Open Graph tags). */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative URL of the preview image. */
  image?: string | undefined;
}

/** Answers the meta of a path the server knows something about (a badge page), else null. */
export type PageMetaResolver = (pathname: string) => Promise<PageMeta | null>;

/** index.html with the page's own title and Open Graph tags, for link previews (crawlers run no script). */
export function withPageMeta(html: string, meta: PageMeta, pageUrl: string): string {
  const absolute = (url: string) => new URL(url, pageUrl).toString();
  const tags = [
    ['og:type', 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', pageUrl],
    ...(meta.image ? [['og:image', absolute(meta.image)]] : []),
    ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
  ]
    .map(([property, content]) => {
      const attribute = property!.startsWith('twitter:') ? 'name' : 'property';
      return `<meta ${attribute}="${property}" content="${escapeHtml(content!)}" />`;
    })
    .join('\n    ');
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  let page = html.includes('</head>')
    ? html
    : html.replace(/<html[^>]*>/, (open) => `${open}<head></head>`);
  page = /<title>[^<]*<\/title>/.test(page)
    ? page.replace(/<title>[^<]*<\/title>/, title)
    : page.replace('</head>', `${title}</head>`);
  page = /<meta\s+name="description"[^>]*>/.test(page)
    ? page.replace(/<meta\s+name="description"[^>]*>/, description)
    : page.replace('</head>', `${description}</head>`);
  return page.replace('</head>', `    ${tags}\n  </head>`);
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
    const isApi = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
    if (isApi || !built || (request.method !== 'GET' && request.method !== 'HEAD')) {
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
