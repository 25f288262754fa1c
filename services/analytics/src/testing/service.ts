// The analytics service alone on a loopback port for its route tests, called as the gateway calls
// it: every request signed with the forwarded identity of the client address the test names.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createLogger, IDENTITY_HEADER, listen, signIdentity } from '@valueproof/http-kit'
import { createFileObjectStore } from '@valueproof/object-store'
import { serviceDeps } from '@valueproof/service-runtime'
import { utcDay } from '../domain/days.ts'
import { createAnalyticsService } from '../server.ts'
import { analyticsPGliteDatabase, analyticsPostgresDatabase } from './database.ts'

const SIGNING_KEY = 'analytics-test-signing-key-0123456789abcdef'

export type DatabaseKind = 'PGlite' | 'PostgreSQL'

export interface SignedRequest {
  clientIp: string
  body?: string
  /** A body sent in chunks, with no Content-Length. */
  stream?: ReadableStream<Uint8Array>
  headers?: Record<string, string>
}

/** The service on `kind`, its clock at `now()`, with what its tests call and read. */
export async function startAnalytics(kind: DatabaseKind, now: () => Date) {
  const logger = createLogger({ name: 'test', level: 'silent' })
  const database = kind === 'PGlite' ? await analyticsPGliteDatabase() : await analyticsPostgresDatabase()
  const objectsDir = await mkdtemp(join(tmpdir(), 'vp-analytics-objects-'))
  const bus = createInProcessEventBus({ logger })
  const deps = serviceDeps({ logger, db: database.db, bus, objectStore: createFileObjectStore(objectsDir), signingKey: SIGNING_KEY })
  const prisma = database.db.prisma
  const running: Array<{ stop(): Promise<void> }> = []

  /** An instance of the service on the shared database, as each replica of a deployment is. */
  async function instance() {
    const service = createAnalyticsService(deps, { now })
    const server = await listen(service.app, { port: 0, host: '127.0.0.1' })
    running.push({
      async stop() {
        await server.close()
        await service.stop()
      },
    })
    /** POST to the instance as the gateway forwards it for `clientIp`. */
    return (path: string, request: SignedRequest): Promise<Response> => {
      const identity = signIdentity(SIGNING_KEY, { method: 'POST', path }, { clientIp: request.clientIp })
      return fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { [IDENTITY_HEADER]: identity, ...request.headers },
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(request.stream !== undefined ? { body: request.stream, duplex: 'half' } : {}),
      })
    }
  }

  return {
    prisma,
    post: await instance(),
    /** Another replica: its own process state (limiter, memory), the same database. */
    replica: instance,
    /** The demo interactions counted on the UTC day of `at`. */
    async interactionsOn(at: Date): Promise<number> {
      const row = await prisma.dailyDemoInteractions.findUnique({ where: { day: utcDay(at) } })
      return row?.count ?? 0
    },
    async close() {
      for (const service of running) await service.stop()
      await bus.drain()
      await database.close()
      await rm(objectsDir, { recursive: true, force: true })
    },
  }
}

export type AnalyticsUnderTest = Awaited<ReturnType<typeof startAnalytics>>
