// The analytics service alone on a loopback port for its route tests, called as the gateway calls
// it: every request signed with the forwarded identity of the client address the test names.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInProcessEventBus } from '@valueproof/event-bus'
import {
  beaconTokenKey,
  createLogger,
  IDENTITY_HEADER,
  listen,
  signBeaconToken,
  signIdentity,
  type BeaconClaims,
} from '@valueproof/http-kit'
import { createFileObjectStore } from '@valueproof/object-store'
import { serviceDeps } from '@valueproof/service-runtime'
import { defaultAnalyticsSettings, type AnalyticsSettings } from '../config.ts'
import { utcDay } from '../domain/days.ts'
import { createAnalyticsService } from '../server.ts'
import { analyticsPGliteDatabase, analyticsPostgresDatabase } from './database.ts'

const SIGNING_KEY = 'analytics-test-signing-key-0123456789abcdef'

export type DatabaseKind = 'PGlite' | 'PostgreSQL'

export interface SignedRequest {
  clientIp: string
  /** The signed-in user the gateway resolved, if any. */
  userId?: number
  /** The gateway's anonymous visitor id, if any. */
  visitorId?: string
  body?: string
  /** A body sent in chunks, with no Content-Length. */
  stream?: ReadableStream<Uint8Array>
  headers?: Record<string, string>
}

/** The service on `kind`, its clock at `now()`, with what its tests call and read. */
export async function startAnalytics(kind: DatabaseKind, now: () => Date, settings: Partial<AnalyticsSettings> = {}) {
  const logger = createLogger({ name: 'test', level: 'silent' })
  const database = kind === 'PGlite' ? await analyticsPGliteDatabase() : await analyticsPostgresDatabase()
  const objectsDir = await mkdtemp(join(tmpdir(), 'vp-analytics-objects-'))
  const bus = createInProcessEventBus({ logger })
  const deps = serviceDeps({ logger, db: database.db, bus, objectStore: createFileObjectStore(objectsDir), signingKey: SIGNING_KEY })
  const prisma = database.db.prisma
  const running: Array<{ stop(): Promise<void> }> = []

  /** An instance of the service on the shared database, as each replica of a deployment is. */
  async function instance() {
    const service = createAnalyticsService(deps, { ...defaultAnalyticsSettings, ...settings }, { now, engagementBatchDelayMs: 5 })
    const server = await listen(service.app, { port: 0, host: '127.0.0.1' })
    running.push({
      async stop() {
        await server.close()
        await service.stop()
      },
    })
    /** A call to the instance as the gateway forwards it for `clientIp` (and the user or visitor named). */
    return (method: 'GET' | 'POST', path: string, request: SignedRequest): Promise<Response> => {
      const forwarded = {
        clientIp: request.clientIp,
        ...(request.userId !== undefined ? { userId: request.userId } : {}),
        ...(request.visitorId !== undefined ? { visitorId: request.visitorId } : {}),
      }
      const identity = signIdentity(SIGNING_KEY, { method, path }, forwarded)
      return fetch(`${server.url}${path}`, {
        method,
        headers: { [IDENTITY_HEADER]: identity, ...request.headers },
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(request.stream !== undefined ? { body: request.stream, duplex: 'half' } : {}),
      })
    }
  }

  const call = await instance()
  return {
    prisma,
    /** The service's SQL reader (the dashboard's reads go through it). */
    sql: deps.sql,
    dbSchema: deps.dbSchema,
    /** POST to the first instance. */
    post: (path: string, request: SignedRequest) => call('POST', path, request),
    /** GET from the first instance. */
    get: (path: string, request: SignedRequest) => call('GET', path, request),
    /** A beacon token as the proposal service signs it (under the same GATEWAY_SIGNING_KEY). */
    beaconToken: (claims: BeaconClaims) => signBeaconToken(beaconTokenKey(SIGNING_KEY), claims),
    /** Another replica: its own process state (limiter, memory), the same database. */
    async replica() {
      const other = await instance()
      return (path: string, request: SignedRequest) => other('POST', path, request)
    },
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
