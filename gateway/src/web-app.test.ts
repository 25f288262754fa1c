import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import Koa from 'koa'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webApp } from './web-app.ts'

async function serve(distDir: string) {
  const app = new Koa()
  app.use(webApp(distDir))
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers } }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('webApp', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-app-test-'))
  const legacyDist = mkdtempSync(join(tmpdir(), 'web-app-test-legacy-'))
  let app: Awaited<ReturnType<typeof serve>>
  let legacy: Awaited<ReturnType<typeof serve>>

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), 'app shell')
    writeFileSync(join(dist, 'proposal.html'), 'prospect page')
    writeFileSync(join(dist, 'landing.html'), 'landing page')
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)')
    writeFileSync(join(dist, 'proposal.html.gz'), gzipSync('prospect page'))
    writeFileSync(join(legacyDist, 'index.html'), 'app shell')
    app = await serve(dist)
    legacy = await serve(legacyDist)
  })

  afterAll(async () => {
    await app.close()
    await legacy.close()
    rmSync(dist, { recursive: true, force: true })
    rmSync(legacyDist, { recursive: true, force: true })
  })

  it('serves the light entry for a direct load of /proposals/{id}', async () => {
    for (const path of ['/proposals/3f0c6f0e9b6d4c1a', '/proposals/3f0c6f0e9b6d4c1a/', '/proposals/abc?code=secret']) {
      const response = await app.get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('prospect page')
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('serves the application for /proposals, /proposals/generating and deeper paths', async () => {
    for (const path of ['/proposals', '/proposals/', '/proposals/generating', '/proposals/abc/edit', '/calculator', '/auth', '/legal']) {
      const response = await app.get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('app shell')
    }
  })

  it('serves files as they are and answers 404 for a missing asset', async () => {
    const asset = await app.get('/assets/index-abc.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await app.get('/assets/missing.js')).status).toBe(404)
  })

  it('sends the precompressed copy to clients that accept gzip', async () => {
    const response = await app.get('/proposals/abc', { 'Accept-Encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    expect(response.headers.get('content-type')).toContain('text/html')
    // fetch decodes it: the same page.
    expect(await response.text()).toBe('prospect page')
    const plain = await app.get('/proposals/abc')
    expect(plain.headers.get('content-encoding')).toBeNull()
  })

  it('serves the landing page to a visitor without a session and the application to one with a session cookie', async () => {
    const visitor = await app.get('/')
    expect(await visitor.text()).toBe('landing page')
    expect(visitor.headers.get('cache-control')).toBe('no-cache')
    expect(visitor.headers.get('vary')).toContain('Cookie')
    const withQuery = await app.get('/?utm_source=newsletter')
    expect(await withQuery.text()).toBe('landing page')
    // Valid or expired, the application reads the session and shows the home or the landing page.
    const signedIn = await app.get('/', { Cookie: 'vp_session=abc; theme=dark' })
    expect(await signedIn.text()).toBe('app shell')
    expect(signedIn.headers.get('vary')).toContain('Cookie')
    // Other cookies do not make a visitor signed in.
    expect(await (await app.get('/', { Cookie: 'vp_visitor=xyz' })).text()).toBe('landing page')
  })

  it('falls back to the application when a build has no proposal.html or landing.html', async () => {
    for (const path of ['/proposals/abc', '/']) {
      const response = await legacy.get(path)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('app shell')
    }
  })
})
