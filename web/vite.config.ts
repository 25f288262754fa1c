import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { prerenderLanding } from './prerender-landing.ts'

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** A direct load of /proposals/{id} (not /proposals/generating); the gateway's web-app.ts has the same rule. */
const PROSPECT_PROPOSAL_PATH = /^\/proposals\/(?!generating\/?$)[^/]+\/?$/

/** In `vite dev`, serve the prospect's light entry for /proposals/{id} as the gateway does in production. */
function prospectProposalEntry(): Plugin {
  return {
    name: 'valueproof:prospect-proposal-entry',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split('?')[0] ?? ''
        if ((request.method === 'GET' || request.method === 'HEAD') && PROSPECT_PROPOSAL_PATH.test(path)) request.url = '/proposal.html'
        next()
      })
    },
  }
}

/**
 * Writes a .gz beside each built page, script and style sheet, and beside the public folder's
 * scripts and images (theme-init.js runs before every page's first paint); the gateway (koa-send
 * with gzip) sends it to browsers that accept gzip, so pages travel compressed without compressing
 * on every request.
 */
function precompressedCopies(): Plugin {
  return {
    name: 'valueproof:precompressed-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir
      if (outDir === undefined) return
      const compressible = /\.(?:js|css|html|svg)$/
      const publicFiles = (await readdir(fromHere('public'))).map((name) => ({ name, source: join(fromHere('public'), name) }))
      const builtFiles = Object.keys(bundle).map((name) => ({ name, source: join(outDir, name) }))
      for (const { name, source } of [...builtFiles, ...publicFiles]) {
        if (!compressible.test(name)) continue
        // A public file is copied unchanged: its .gz is made from the source, whenever the copy is written.
        const content = await readFile(source)
        const compressed = gzipSync(content, { level: 9 })
        if (compressed.length < content.length) await writeFile(`${join(outDir, name)}.gz`, compressed)
      }
    },
  }
}

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    // The router plugin must run before react() so that code splitting sees the untransformed routes.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
    prospectProposalEntry(),
    precompressedCopies(),
    prerenderLanding({ root: fromHere('.'), entry: 'src/landing/prerender.tsx', page: 'landing.html' }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // Three pages: the application, and two light entries that must not load it: the prospect's
      // proposal page and the visitor's landing page.
      input: { index: fromHere('./index.html'), proposal: fromHere('./proposal.html'), landing: fromHere('./landing.html') },
      output: {
        codeSplitting: {
          // src/zod-config.ts must run before any schema is built; sharing zod's chunk guarantees it
          // (a chunk that builds schemas imports this one, and it runs first).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ },
            // React, React DOM, the scheduler and the JSX runtime in one file rather than three: both
            // pages need all of it, and a phone on a slow link pays a round trip per file.
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
})
