import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_BASE, isAppRoute, isControllerRoute } from '@visus/contracts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never is, so a deploy
 * is picked up at the next navigation. Every GET outside the API that is not a file gets index.html
 * (history fallback): with status 200 for the screens of SPEC.md §2, 404 for anything else (the app
 * then shows its not-found page). Text files are sent precompressed: the web build writes `.br` and
 * `.gz` copies next to them (scripts/compress-assets.mjs), chosen by the request's Accept-Encoding
 * (brotli first), with `Vary: Accept-Encoding`; without a copy or an accepted encoding, as they are.
 * The phone controller's screen (`/controller/:token`) gets its own light page, controller.html
 * (docs/adr/0005), when the build has one.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasApp = indexFile !== undefined && fs.existsSync(indexFile);
  const hasControllerPage = hasApp && fs.existsSync(path.join(webDist!, 'controller.html'));
  if (!hasApp) {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
  } else {
    // Missing files fall through to the not-found handler below.
    await app.register(fastifyStatic, {
      root: webDist!,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler refuses directories; the landing page is the app like every other screen.
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi =
      pathname === API_BASE || pathname.startsWith(`${API_BASE}/`) || pathname.startsWith('/api/');
    if (!isApi && hasApp && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = hasControllerPage && isControllerRoute(pathname) ? 'controller.html' : 'index.html';
      return reply
        .status(isAppRoute(pathname) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .sendFile(page);
    }
    return reply
      .status(404)
      .send({ success: false, error: `Not found: ${request.method} ${pathname.slice(0, 200)}` });
  });
}
