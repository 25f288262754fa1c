import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Context, Middleware } from 'koa'
import send from 'koa-send'
import { SESSION_COOKIE } from './routes/api.ts'

/**
 * A direct load of /proposals/{id} (but not /proposals/generating): the prospect's light entry,
 * proposal.html, which loads none of the signed-in application. web/vite.config.ts has the same rule
 * for `vite dev`.
 */
const PROSPECT_PROPOSAL_PATH = /^\/proposals\/(?!generating\/?$)[^/]+\/?$/

/**
 * The pages that may answer an app path, first found wins. A visitor without a session gets the
 * landing page's light entry for / (landing.html: prerendered, no router, no session call); with a
 * session cookie, valid or not, the application decides (home, or the landing page after its 401).
 * A build from before a light entry existed has only index.html: the app shell serves those paths too.
 */
function pagesFor(ctx: Context): string[] {
  if (PROSPECT_PROPOSAL_PATH.test(ctx.path)) return ['proposal.html', 'index.html']
  if (ctx.path === '/') {
    // A cache must keep the two answers of / apart.
    ctx.vary('Cookie')
    if (ctx.cookies.get(SESSION_COOKIE) === undefined) return ['landing.html', 'index.html']
  }
  return ['index.html']
}

/** A cache must not hand the gzip copy to a client that did not ask for it. */
function varyByEncoding(ctx: Context): void {
  if (ctx.response.get('Content-Encoding') !== '') ctx.vary('Accept-Encoding')
}

/**
 * Serves the built web app: real files from web/dist (hashed assets cached for a year),
 * proposal.html for shared proposal links, landing.html for / without a session, and index.html
 * for every other GET so client routes
 * work on reload. The build writes a .gz beside each page, script and style sheet; koa-send sends
 * it to clients that accept gzip.
 */
export function webApp(distDir: string): Middleware {
  const root = resolve(distDir)
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      await next()
      return
    }
    const isAsset = ctx.path.startsWith('/assets/')
    try {
      const file = resolve(root, `.${decodeURIComponent(ctx.path)}`)
      if (file.startsWith(`${root}/`) && (await stat(file)).isFile()) {
        await send(ctx, ctx.path, {
          root,
          gzip: true,
          brotli: false,
          maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
          immutable: isAsset,
        })
        varyByEncoding(ctx)
        return
      }
    } catch {
      // not a file: fall through to the app shell
    }
    if (isAsset) {
      ctx.status = 404
      ctx.body = 'Not found'
      return
    }
    for (const page of pagesFor(ctx)) {
      try {
        await send(ctx, page, { root, gzip: true, brotli: false })
        ctx.set('Cache-Control', 'no-cache')
        varyByEncoding(ctx)
        return
      } catch {
        // try the next page
      }
    }
    ctx.status = 503
    ctx.type = 'text/plain'
    ctx.body = 'The web app is not built. Run `npm run build` first.'
  }
}
