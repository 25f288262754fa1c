import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Middleware } from 'koa'
import send from 'koa-send'

/**
 * Serves the built web app: real files from web/dist (hashed assets cached for a year), and
 * index.html for every other GET so client routes work on reload.
 */
export function webApp(distDir: string): Middleware {
  const root = resolve(distDir)
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') return next()
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
    try {
      await send(ctx, 'index.html', { root, gzip: true })
      ctx.set('Cache-Control', 'no-cache')
    } catch {
      ctx.status = 503
      ctx.type = 'text/plain'
      ctx.body = 'The web app is not built. Run `npm run build` first.'
    }
  }
}
