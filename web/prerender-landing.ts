import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'

const ROOT_MARKER = '<div id="root"></div>'

/**
 * Prerenders the landing page into the built landing.html: a visitor's first screen is HTML that
 * paints before any script runs, and landing-main.tsx hydrates it. After the client build, a small
 * server build of the render module (everything bundled, so it runs from any folder) renders the
 * page once; its HTML replaces landing.html's empty #root, and the .gz copy is rewritten.
 */
export function prerenderLanding(options: { root: string; entry: string; page: string }): Plugin {
  let outDir = ''
  let serverBuild = false
  return {
    name: 'valueproof:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      serverBuild = Boolean(config.build.ssr)
    },
    async closeBundle() {
      if (serverBuild) return
      const workDir = join(options.root, 'node_modules', '.valueproof-prerender')
      await rm(workDir, { recursive: true, force: true })
      await mkdir(workDir, { recursive: true })
      try {
        await build({
          configFile: false,
          root: options.root,
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: true },
          build: {
            ssr: options.entry,
            outDir: workDir,
            emptyOutDir: true,
            rolldownOptions: { output: { format: 'esm', entryFileNames: 'prerender.mjs' } },
          },
        })
        const { renderLandingBody } = (await import(pathToFileURL(join(workDir, 'prerender.mjs')).href)) as { renderLandingBody?: unknown }
        if (typeof renderLandingBody !== 'function') throw new Error(`${options.entry} must export renderLandingBody()`)
        const body: unknown = (renderLandingBody as () => unknown)()
        if (typeof body !== 'string' || body === '') throw new Error('renderLandingBody() rendered nothing')
        const pagePath = join(outDir, options.page)
        const html = await readFile(pagePath, 'utf8')
        if (!html.includes(ROOT_MARKER)) throw new Error(`${options.page} has no empty ${ROOT_MARKER} to prerender into`)
        const prerendered = html.replace(ROOT_MARKER, `<div id="root">${body}</div>`)
        await writeFile(pagePath, prerendered)
        await writeFile(`${pagePath}.gz`, gzipSync(prerendered, { level: 9 }))
      } finally {
        await rm(workDir, { recursive: true, force: true })
      }
    },
  }
}
