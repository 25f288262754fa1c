import { connect } from 'node:net'
import { existsSync } from 'node:fs'

/** Real components the integration tests talk to; addresses come from the environment or defaults. */
export const infra = {
  postgresUrl: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  natsServerBinary: process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
} as const

export type Component = 'postgres' | 'nats' | 'nats-server-binary' | 'chromium'

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort) })
    socket.setTimeout(1000)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('timeout', () => { socket.destroy(); resolve(false) })
    socket.once('error', () => resolve(false))
  })
}

async function isAvailable(component: Component): Promise<boolean> {
  switch (component) {
    case 'postgres': return reachable(infra.postgresUrl, 5432)
    case 'nats': return reachable(infra.natsUrl, 4222)
    case 'nats-server-binary': return existsSync(infra.natsServerBinary)
    case 'chromium': return existsSync(infra.chromiumPath)
  }
}

/**
 * Tells whether a suite can run. A missing component is reported loudly; under CI=true it is a
 * failure (throws), never a silent skip. Use as: `const ok = await needs('postgres'); describe.skipIf(!ok)(...)`.
 */
export async function needs(...components: Component[]): Promise<boolean> {
  const missing: Component[] = []
  for (const component of components) if (!(await isAvailable(component))) missing.push(component)
  if (missing.length === 0) return true
  const message = `Missing test infrastructure: ${missing.join(', ')} (see README "Running the tests")`
  if (process.env.CI === 'true') throw new Error(`${message}; CI=true makes this a failure`)
  console.warn(`SKIPPED: ${message}`)
  return false
}
