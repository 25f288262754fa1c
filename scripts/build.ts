/**
 * `npm run build` (after code generation and the web build): the compiled JavaScript production
 * runs, one folder per deployable under dist/ (decision 106).
 *
 *   dist/<deployable>/server.mjs       the process (gateway, a service, or the one-process product)
 *   dist/<service>/migrate.mjs         applies that service's migrations and exits (deployments' hook)
 *   dist/<deployable>/<worker>.mjs     worker-thread and child-process entries, beside the bundle
 *   dist/<deployable>/services/<service>/prisma/   schema and migrations, read at run time
 *   dist/gateway/web/                  the web app the gateway serves (WEB_DIST_DIR)
 *   dist/<deployable>/build-info.json  entries and the npm packages the bundle imports
 *   dist/embedded/pglite-template.tar.gz  a freshly initialised PGlite database a new data directory
 *                                      is unpacked from by pglite-seed.mjs (decision 113; cached per PGlite version)
 *
 * Workspace code (@valueproof/*) is bundled by esbuild; npm packages stay external and resolve from
 * node_modules, so an image installs exactly its workspace's production dependencies.
 *
 *   node --import tsx scripts/build.ts [--out <folder>] [deployable …]
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild'
import { writePGliteTemplate } from '../packages/db/src/pglite-template.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const SERVICES = ['identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification'] as const
type Service = (typeof SERVICES)[number]
const DEPLOYABLES = ['gateway', ...SERVICES, 'embedded'] as const
type Deployable = (typeof DEPLOYABLES)[number]

/** Entries that run in their own thread or child process, found by file name beside the bundle. */
const WORKERS = {
  'extract-worker': 'packages/documents/src/extract-worker.mjs',
  'pool-child': 'packages/worker-pool/src/pool-child.mjs',
  'analysis-worker': 'services/calculator/src/analysis/builtin/analysis-worker-thread.ts',
  'pdf-worker': 'services/proposal/src/pdf/pdf-worker-thread.ts',
}

/** The workers each service's own bundle carries (the embedded bundle carries them all). */
const SERVICE_WORKERS: Partial<Record<Service, ReadonlyArray<keyof typeof WORKERS>>> = {
  calculator: ['extract-worker', 'pool-child', 'analysis-worker'],
  proposal: ['pdf-worker'],
}

interface Plan {
  entries: Record<string, string>
  /** Services whose prisma/ folder the bundle reads at run time. */
  prisma: readonly Service[]
  /** The service whose `migrate.mjs` the folder gets. */
  migrate?: Service
  web: boolean
  /** Put the archive of a freshly initialised PGlite database beside the bundle. */
  pgliteTemplate?: boolean
}

function planFor(deployable: Deployable): Plan {
  if (deployable === 'gateway') return { entries: { server: 'gateway/src/index.ts' }, prisma: [], web: true }
  if (deployable === 'embedded') {
    const entries = {
      server: 'embedded/src/supervisor.ts',
      main: 'embedded/src/main.ts',
      'pglite-seed': 'packages/db/src/pglite-seed.ts',
      ...WORKERS,
    }
    // The one-process product runs from the repository, serving web/dist where the web build puts it.
    return { entries, prisma: SERVICES, web: false, pgliteTemplate: true }
  }
  const workers = Object.fromEntries((SERVICE_WORKERS[deployable] ?? []).map((name) => [name, WORKERS[name]]))
  return { entries: { server: `services/${deployable}/src/index.ts`, ...workers }, prisma: [deployable], migrate: deployable, web: false }
}

/**
 * Every bare import outside the workspace stays an import of node_modules — as a path relative to
 * the bundle, to the file npm put there: npm installs some packages inside a workspace's own
 * node_modules (e.g. packages/event-bus/node_modules), where a bare import from dist/ would not look. A runtime
 * with the same npm layout (the repository, or an image's `npm ci --workspace`) resolves them.
 */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    const outdir = builder.initialOptions.outdir ?? dirname(builder.initialOptions.outfile ?? '.')
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@valueproof/') || args.pluginData === PLAIN) return undefined
      if (isBuiltin(args.path)) return { path: args.path, external: true }
      const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: PLAIN })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      const path = relative(outdir, resolved.path)
      return { path: path.startsWith('.') ? path : `./${path}`, external: true, pluginData: { npmPackage: packageNameOf(args.path) } }
    })
  },
}
const PLAIN = Symbol('resolve without this plugin')

function packageNameOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

// Bundled code finds its prisma/ folders beside itself (packages/db service-paths.ts reads this), and
// CommonJS-style `require` keeps working inside an ES module.
const BANNER = [
  `import { createRequire as __vpCreateRequire } from 'node:module';`,
  `import { fileURLToPath as __vpFileURLToPath } from 'node:url';`,
  `const require = __vpCreateRequire(import.meta.url);`,
  `globalThis.VALUEPROOF_BUNDLE_ROOT ??= __vpFileURLToPath(new URL('.', import.meta.url));`,
].join('\n')

const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  // Resolve npm packages as Node will at run time: no bundler-only "module" entry points.
  mainFields: ['main'],
  conditions: [],
  banner: { js: BANNER },
  plugins: [npmPackagesExternal],
}

/** The npm packages a bundle imports, named by where npm installed them (`…/node_modules/<name>/…`). */
function externalPackages(metafile: Metafile | undefined): string[] {
  const names = new Set<string>()
  for (const output of Object.values(metafile?.outputs ?? {})) {
    for (const imported of output.imports) {
      const inNodeModules = imported.path.split('node_modules/').at(1)
      if (imported.external && inNodeModules !== undefined && imported.path.includes('node_modules/'))
        names.add(packageNameOf(inNodeModules))
    }
  }
  return [...names].sort()
}

/**
 * The archive of a freshly initialised PGlite database (packages/db/src/pglite-template.ts), made
 * once per PGlite version: initdb takes ~15 s, so it is kept in node_modules/.cache.
 */
async function pgliteTemplate(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
  const cached = join(root, 'node_modules/.cache/valueproof', `pglite-template-${manifest.version}.tar.gz`)
  if (existsSync(cached)) return cached
  const started = performance.now()
  await mkdir(dirname(cached), { recursive: true })
  const { bytes } = await writePGliteTemplate(`${cached}.partial`)
  await rename(`${cached}.partial`, cached)
  console.log(`build: PGlite ${manifest.version} template, ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`)
  return cached
}

async function buildDeployable(deployable: Deployable, out: string): Promise<{ externals: string[]; ms: number }> {
  const started = performance.now()
  const plan = planFor(deployable)
  const outdir = join(out, deployable)
  await rm(outdir, { recursive: true, force: true })
  const metafiles = [(await build({ ...common, outdir, entryPoints: plan.entries })).metafile]
  if (plan.migrate) metafiles.push((await buildMigrateCommand(plan.migrate, outdir)).metafile)
  for (const service of plan.prisma) {
    await cp(join(root, 'services', service, 'prisma'), join(outdir, 'services', service, 'prisma'), { recursive: true })
  }
  if (plan.web) await cp(join(root, 'web', 'dist'), join(outdir, 'web'), { recursive: true })
  if (plan.pgliteTemplate) await cp(await pgliteTemplate(), join(outdir, 'pglite-template.tar.gz'))
  const externals = [...new Set(metafiles.flatMap(externalPackages))].sort()
  const info = { deployable, entries: Object.keys(plan.entries).map((name) => `${name}.mjs`), externals }
  await writeFile(join(outdir, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`)
  return { externals, ms: Math.round(performance.now() - started) }
}

/** `migrate.mjs`: packages/db's `deploy <service>` command, bundled with the service's name. */
async function buildMigrateCommand(service: Service, outdir: string) {
  return build({
    ...common,
    outdir: undefined,
    outfile: join(outdir, 'migrate.mjs'),
    stdin: {
      contents: [
        `import { runDatabaseCommand } from './packages/db/src/commands.ts'`,
        `process.exitCode = await runDatabaseCommand(['deploy', ${JSON.stringify(service)}, ...process.argv.slice(2)])`,
        `process.exit()`,
      ].join('\n'),
      resolveDir: root,
      sourcefile: `migrate-${service}.ts`,
      loader: 'ts',
    },
  })
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } })
const unknown = positionals.filter((name) => !(DEPLOYABLES as readonly string[]).includes(name))
if (unknown.length > 0) {
  console.error(`unknown deployable(s): ${unknown.join(', ')}; known: ${DEPLOYABLES.join(', ')}`)
  process.exit(2)
}
const out = resolve(values.out ?? join(root, 'dist'))
await mkdir(out, { recursive: true })
for (const deployable of positionals.length > 0 ? (positionals as Deployable[]) : DEPLOYABLES) {
  const { externals, ms } = await buildDeployable(deployable, out)
  console.log(`build: ${relative(process.cwd(), join(out, deployable)) || '.'} in ${ms} ms (${externals.length} npm packages imported)`)
}
