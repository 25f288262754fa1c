import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type Alias, type LogLevel, type Plugin } from 'vite'
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
 * on every request. `publicFiles: false` for a build that does not copy the public folder.
 */
function precompressedCopies({ publicFiles: withPublicFiles = true } = {}): Plugin {
  return {
    name: 'valueproof:precompressed-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir
      if (outDir === undefined) return
      const compressible = /\.(?:js|css|html|svg)$/
      const publicFiles = withPublicFiles
        ? (await readdir(fromHere('public'))).map((name) => ({ name, source: join(fromHere('public'), name) }))
        : []
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

// src/zod-config.ts must run before any schema is built; sharing zod's chunk guarantees it (a chunk
// that builds schemas imports this one, and it runs first). Both builds keep it.
const ZOD_CHUNK = { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ }

/**
 * The prospect's page runs the same React components on Preact's React-compatible API
 * (preact/compat): about 10 KB of gzip script instead of React's 66 KB (docs/decisions/114). Only
 * that page: the application and the landing page keep React.
 */
const PREACT_IN_PLACE_OF_REACT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
]

/**
 * Builds the prospect's light entry (proposal.html) into the same folder once the main build is
 * written. A build of its own because an alias holds for a whole build: modules the page shares with
 * the application (the proposal view, the formula engine) must resolve `react` to Preact here and to
 * React there. Every caller of `vite build` (npm run build, prepare, the benchmarks) gets both.
 */
function prospectPageBuild(): Plugin {
  let resolved: { outDir: string; mode: string; logLevel: LogLevel | undefined } | undefined
  return {
    name: 'valueproof:prospect-page-build',
    apply: 'build',
    configResolved(config) {
      // The landing page's prerender is a server build of its own; it has no prospect page.
      resolved = config.build.ssr ? undefined : { outDir: config.build.outDir, mode: config.mode, logLevel: config.logLevel }
    },
    async closeBundle() {
      if (resolved === undefined) return
      await build({
        configFile: false,
        root: fromHere('.'),
        mode: resolved.mode,
        logLevel: resolved.logLevel,
        // The main build copied the public folder and compressed its files.
        publicDir: false,
        plugins: [react(), tailwindcss(), precompressedCopies({ publicFiles: false })],
        resolve: { alias: PREACT_IN_PLACE_OF_REACT },
        build: {
          outDir: resolved.outDir,
          emptyOutDir: false,
          rolldownOptions: {
            input: { proposal: fromHere('./proposal.html') },
            output: {
              // Preact, its hooks and compat layer in one file: a phone on a slow link pays a round trip per file.
              codeSplitting: { groups: [ZOD_CHUNK, { name: 'preact', test: /node_modules[\\/]preact[\\/]/ }] },
            },
          },
        },
      })
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
    prospectPageBuild(),
  ],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // Three pages: the application and the landing page here, and the prospect's proposal page in
      // a build of its own (prospectPageBuild); neither light entry loads the application.
      input: { index: fromHere('./index.html'), landing: fromHere('./landing.html') },
      output: {
        codeSplitting: {
          groups: [
            ZOD_CHUNK,
            // React, React DOM, the scheduler and the JSX runtime in one file rather than three: both
            // pages need all of it, and a phone on a slow link pays a round trip per file.
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
})
