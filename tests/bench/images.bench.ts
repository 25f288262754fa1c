// Image sizes as far as they can be assembled here (issue 17, "Performance"): this machine has no
// Docker engine, so each deployable's runtime folder is assembled by deploy/assemble-image.sh
// exactly as the Dockerfile's runtime stage holds it (its production node_modules and its
// dist/<deployable>) and measured with du. The Node base image (node:20.20.2-bookworm-slim) comes on
// top of every figure. The gateway's is compared with identity's, the smallest service.
// Run alone: node --import tsx tests/bench/run.ts images
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assembleImageFolder, sizeMiB } from '../deploy/image-folder.ts'
import { DEPLOYABLES } from '../deploy/support/deployable-env.ts'
import type { BenchResult } from './bench-result.ts'

function log(line: string): void {
  console.log(`  [images] ${line}`)
}

export async function run(): Promise<BenchResult[]> {
  const parent = await mkdtemp(join(tmpdir(), 'valueproof-images-'))
  try {
    const sizes = new Map<string, { total: number; modules: number; dist: number }>()
    for (const deployable of DEPLOYABLES) {
      log(`assembling ${deployable} (npm ci of its production dependencies)…`)
      const folder = await assembleImageFolder(parent, deployable)
      const [total, modules, dist] = await Promise.all([
        sizeMiB(folder.dir),
        sizeMiB(join(folder.dir, 'node_modules')),
        sizeMiB(join(folder.dir, 'dist')),
      ])
      sizes.set(deployable, { total, modules, dist })
      log(`${deployable}: ${total} MiB (node_modules ${modules} MiB, dist ${dist} MiB)`)
      await rm(folder.dir, { recursive: true, force: true })
    }
    const identity = sizes.get('identity')?.total ?? Number.NaN
    return DEPLOYABLES.map((deployable) => {
      const size = sizes.get(deployable)
      return {
        name: `images: ${deployable} runtime folder above the Node base`,
        value: size?.total ?? Number.NaN,
        unit: 'MiB',
        ...(deployable === 'gateway'
          ? { baseline: { name: 'images: identity runtime folder', value: identity }, ratio: (size?.total ?? 0) / identity }
          : {}),
        note: size ? `node_modules ${size.modules} MiB, dist ${size.dist} MiB` : undefined,
      }
    })
  } finally {
    await rm(parent, { recursive: true, force: true })
  }
}
