// The seven images against their Node.js base (size, and what each adds), and the gateway's image
// checked by listing its files: it must carry no Prisma, PGlite or MinIO client (ARCHITECTURE: only
// the services hold data). Run by scripts/deploy-test.sh after the images are built.
import { execFileSync } from 'node:child_process'

const DEPLOYABLES = ['gateway', 'identity', 'calculator', 'proposal', 'billing', 'analytics', 'notification']
/** Packages a gateway must not hold: the data layers live in the services. */
const FORBIDDEN_IN_GATEWAY = [/^prisma$/, /^@prisma\//, /^@electric-sql\/pglite/, /^minio$/]

function env(): Record<string, string> {
  const lines = execFileSync('bash', ['scripts/images.sh', 'env'], { encoding: 'utf8' }).trim().split('\n')
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
}

function sizeOf(image: string): number {
  return Number(execFileSync('podman', ['image', 'inspect', '--format', '{{.Size}}', image], { encoding: 'utf8' }).trim())
}

function packagesIn(image: string): string[] {
  const listing = execFileSync(
    'podman',
    ['run', '--rm', '--network', 'none', '--entrypoint', '/bin/sh', image, '-c', 'cd /app/node_modules && ls -d * @*/* 2>/dev/null'],
    { encoding: 'utf8' },
  )
  return listing.split('\n').filter((name) => name !== '' && !name.startsWith('@*'))
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`

const images = env()
const nodeImage = images.NODE_IMAGE ?? ''
const base = sizeOf(nodeImage)
console.log(`  Node base ${nodeImage}: ${mb(base)}`)
for (const name of DEPLOYABLES) {
  const image = `${images.VALUEPROOF_REGISTRY}/valueproof-${name}:${images.VALUEPROOF_TAG}`
  const size = sizeOf(image)
  console.log(`  ${name.padEnd(10)} ${mb(size).padStart(9)}  (${(size / base).toFixed(2)}× the base, +${mb(size - base)})`)
}
const gateway = `${images.VALUEPROOF_REGISTRY}/valueproof-gateway:${images.VALUEPROOF_TAG}`
const packages = packagesIn(gateway)
const forbidden = packages.filter((name) => FORBIDDEN_IN_GATEWAY.some((pattern) => pattern.test(name)))
if (packages.length === 0) throw new Error(`listing ${gateway}'s /app/node_modules found nothing`)
if (forbidden.length > 0) throw new Error(`the gateway's image carries ${forbidden.join(', ')}`)
console.log(`  gateway image: ${packages.length} packages, none of Prisma, PGlite or the MinIO client`)
