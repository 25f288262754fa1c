import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Context, Middleware } from 'koa'
import send from 'koa-send'

/**
 * A direct load of /proposals/{id} (but not /proposals/generating): the prospect's light entry,
 * proposal.html, which loads none of the signed-in application. web/vite.config.ts has the same rule
 * for `vite dev`.
 */
const PROSPECT_PROPOSAL_PATH = /^\/proposals\/(?!generating\/?$)[^/]+\/?$/

/** A cache must not hand the gzip copy to a client that did not ask for it. */
function varyByEncoding(ctx: Context): void {
  if (ctx.response.get('Content-Encoding') !== '') ctx.vary('Accept-Encoding')
}

/**
 * Serves the built web app: real files from web/dist (hashed assets cached for a year),
 * proposal.html for shared proposal links, and index.html for every other GET so client routes
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
    // A build from before the light entry existed has no proposal.html: the app shell serves the link too.
    const pages = PROSPECT_PROPOSAL_PATH.test(ctx.path) ? ['proposal.html', 'index.html'] : ['index.html']
    for (const page of pages) {
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
