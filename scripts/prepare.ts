/**
 * `npm start` runs this first: code generation (protobuf events, Prisma clients), the web build and
 * the server build (scripts/build.ts: the compiled JavaScript in dist/ that `npm start` runs), each
 * only when its inputs changed since it last ran here. The stamps live in
 * node_modules/.cache/valueproof, so `npm ci` starts over. Quiet: one line, and the tools' own
 * output only when a step fails.
 *
 *   node --import tsx scripts/prepare.ts           generate + web build + server build, when needed
 *   node --import tsx scripts/prepare.ts --force   all three, whatever the stamps say
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { filesUnder, runStampedStep, StepFailedError, type StampedStep } from './stamped-step.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

async function subfolders(parent: string): Promise<string[]> {
  const entries = await readdir(join(root, parent), { withFileTypes: true })
  return entries.filter((entry) => entry.isDirectory()).map((entry) => join(parent, entry.name))
}

/** What `npm run generate` reads: every Prisma schema folder and workspace manifest in the workspaces that generate code. */
async function generationInputs(): Promise<string[]> {
  const files = (await Promise.all(['proto', 'packages', 'services'].map((folder) => filesUnder(root, folder)))).flat()
  const schemaFolders = files.filter((file) => file.endsWith('/prisma/schema.prisma')).map((file) => dirname(dirname(file)))
  return [
    ...files.filter((file) => file.startsWith('proto/') || file.endsWith('/package.json')),
    ...schemaFolders.flatMap((folder) => [join(folder, 'prisma'), join(folder, 'prisma.config.ts')]),
  ]
}

/** The web app and the workspace packages it imports (`@valueproof/*` dependencies, followed through theirs). */
async function webSourceFolders(): Promise<string[]> {
  const folders = new Set<string>(['web'])
  const queue = ['web']
  for (let folder = queue.shift(); folder; folder = queue.shift()) {
    const manifest = JSON.parse(await readFile(join(root, folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const dependency = name.startsWith('@valueproof/') ? `packages/${name.slice('@valueproof/'.length)}` : undefined
      if (dependency && !folders.has(dependency) && existsSync(join(root, dependency))) {
        folders.add(dependency)
        queue.push(dependency)
      }
    }
  }
  return [...folders]
}

const steps: StampedStep[] = [
  {
    name: 'code generation',
    // packages/db/src holds the generator the Prisma workspaces run.
    inputs: async () => ['package-lock.json', 'packages/db/src', ...(await generationInputs())],
    outputs: async () => [
      'proto/gen/index.ts',
      ...(await subfolders('services')).map((folder) => join(folder, 'src/generated/prisma/client.ts')),
    ],
    command: ['npm', 'run', 'generate', '--silent'],
  },
  {
    name: 'web build',
    inputs: async () => ['package-lock.json', ...(await webSourceFolders())],
    outputs: () => Promise.resolve(['web/dist/index.html', 'web/dist/proposal.html']),
    command: ['npm', 'run', 'build', '--silent', '--workspace', 'web'],
  },
  {
    name: 'server build',
    // The server code of every deployable, and what its generated code comes from (proto/, prisma/);
    // the gateway's bundle carries the web build, so the web's sources count too.
    inputs: async () => [
      'package-lock.json',
      'scripts/build.ts',
      'proto',
      'packages',
      'services',
      'gateway/src',
      'embedded/src',
      ...(await webSourceFolders()),
    ],
    outputs: () =>
      Promise.resolve([
        'dist/gateway/server.mjs',
        'dist/calculator/analysis-worker.mjs',
        'dist/proposal/pdf-worker.mjs',
        'dist/embedded/server.mjs',
      ]),
    command: ['node', '--import', 'tsx', 'scripts/build.ts'],
  },
]

const started = performance.now()
const place = { root, stampDir: join(root, 'node_modules/.cache/valueproof') }
try {
  const results: string[] = []
  for (const step of steps) results.push(await runStampedStep(place, step, { force: process.argv.includes('--force') }))
  console.log(`Prepared: ${results.join(', ')} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
} catch (error) {
  if (error instanceof StepFailedError) process.stderr.write(error.output)
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
