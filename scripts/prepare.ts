/**
 * `npm start` runs this first: code generation (protobuf events, Prisma clients) and the web build,
 * each only when its inputs changed since it last ran here. The stamps live in
 * node_modules/.cache/valueproof, so `npm ci` starts over. Quiet: one line, and the tools' own
 * output only when a step fails.
 *
 *   node --import tsx scripts/prepare.ts           generate + web build, when needed
 *   node --import tsx scripts/prepare.ts --force   both, whatever the stamps say
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runStampedStep, StepFailedError, type StampedStep } from './stamped-step.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

async function subfolders(parent: string): Promise<string[]> {
  const entries = await readdir(join(root, parent), { withFileTypes: true })
  return entries.filter((entry) => entry.isDirectory()).map((entry) => join(parent, entry.name))
}

/** Every folder holding a Prisma schema that `npm run generate` turns into a client. */
async function prismaFolders(): Promise<string[]> {
  const candidates = [...(await subfolders('services')), 'packages/db/test-fixtures/notes', 'packages/event-bus/src/testing']
  return candidates.filter((folder) => existsSync(join(root, folder, 'prisma/schema.prisma')))
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
    inputs: async () => [
      'package-lock.json',
      'proto',
      'packages/db/src',
      'packages/db/package.json',
      'packages/event-bus/package.json',
      ...(await prismaFolders()).flatMap((folder) => [
        join(folder, 'prisma'),
        join(folder, 'prisma.config.ts'),
        join(folder, 'package.json'),
      ]),
    ],
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
