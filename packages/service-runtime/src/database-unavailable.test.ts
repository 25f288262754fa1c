// A service's app answers a request whose database is gone or not migrated with 503 and a message
// for the client, the detail in a warning (decision 092), from the shapes Prisma and pg give them.
import { Writable } from 'node:stream'
import Router from '@koa/router'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createApp, IDENTITY_HEADER, listen, signIdentity, type RunningServer } from '@valueproof/http-kit'
import type { ObjectStore } from '@valueproof/object-store'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_FAILURE_MESSAGES, databaseUnavailable, STORAGE_FULL_MESSAGE } from './database-unavailable.ts'
import { createService } from './service.ts'

interface LogLine {
  level: number
  msg: string
  status?: number
  databaseFailure?: string
  storage?: string
  err?: { message?: string }
}

const logLines: LogLine[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') logLines.push(JSON.parse(line) as LogLine)
    }
    done()
  },
})
const logger = pino({ level: 'debug' }, logStream)

// The shapes Prisma and pg give a lost database and a missing table (see @valueproof/db's database-errors).
function routes(): Router {
  const router = new Router()
  router.get('/database-gone', () => {
    throw Object.assign(new Error("Can't reach database server at db.internal:5432"), { code: 'P1001' })
  })
  router.get('/connection-lost', () => {
    throw Object.assign(new Error('Raw query failed'), {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } },
    })
  })
  router.get('/table-missing', () => {
    throw Object.assign(new Error('relation "proposal" does not exist'), { code: '42P01', severity: 'ERROR' })
  })
  // A full disk (docs/decisions/120): PostgreSQL's or PGlite's 53100, the file store's ENOSPC, MinIO's.
  router.post('/database-full', () => {
    throw Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), { code: '53100' })
  })
  router.post('/disk-full', () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
  })
  router.post('/bucket-full', () => {
    throw Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), { code: 'XMinioStorageFull' })
  })
  router.get('/duplicate', () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })
  })
  return router
}

let server: RunningServer

beforeAll(async () => {
  const app = createApp({ name: 'database-unavailable-test', logger, readiness: [], routers: [routes()], unavailable: databaseUnavailable })
  server = await listen(app, { port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  logLines.length = 0
})

async function expectMessage(response: Response, status: number, message: string): Promise<void> {
  expect(response.status).toBe(status)
  expect(await response.json()).toEqual({ message })
}

describe('a database that is gone or not migrated', () => {
  it('answers 503 with a message for the client and the detail in a warning, not 500', async () => {
    for (const path of ['/database-gone', '/connection-lost']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.headers.get('retry-after')).toBe('5')
      await expectMessage(response, 503, DATABASE_FAILURE_MESSAGES.unreachable)
    }
    await expectMessage(await fetch(`${server.url}/table-missing`), 503, DATABASE_FAILURE_MESSAGES.not_migrated)
    expect(logLines.filter((line) => line.msg === 'unhandled error')).toEqual([])
    // Unavailable is not broken: the access lines of these 503s are warnings, not errors.
    expect(logLines.filter((line) => line.msg === 'request').map((line) => [line.level, line.status])).toEqual([
      [40, 503],
      [40, 503],
      [40, 503],
    ])
    const warnings = logLines.filter((line) => line.msg === 'database unavailable')
    expect(warnings.map((line) => [line.level, line.databaseFailure, line.err?.message])).toEqual([
      [40, 'unreachable', "Can't reach database server at db.internal:5432"],
      [40, 'unreachable', 'Raw query failed'],
      [40, 'not_migrated', 'relation "proposal" does not exist'],
    ])
  })

  it('leaves any other database error a bare 500', async () => {
    await expectMessage(await fetch(`${server.url}/duplicate`), 500, 'Internal server error')
    expect(logLines.filter((line) => line.msg === 'unhandled error')).toHaveLength(1)
  })
})

describe('a full disk or bucket (docs/decisions/120)', () => {
  it("answers 507 'Storage is full' for the database's disk, the file store's and MinIO's, logged as warnings", async () => {
    for (const path of ['/database-full', '/disk-full', '/bucket-full']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST' })
      expect(response.headers.get('retry-after'), path).toBeNull()
      await expectMessage(response, 507, STORAGE_FULL_MESSAGE)
    }
    expect(STORAGE_FULL_MESSAGE).toBe('Storage is full; the change was not saved. Try again later.')
    expect(logLines.filter((line) => line.msg === 'unhandled error')).toEqual([])
    expect(logLines.filter((line) => line.msg === 'storage full').map((line) => [line.level, line.storage])).toEqual([
      [40, 'database'],
      [40, 'object store'],
      [40, 'object store'],
    ])
  })
})

describe('a service made by createService', () => {
  it('reads its database failures the same way', async () => {
    const signingKey = 'k'.repeat(32)
    // An outbox with nothing to relay; no request here reaches a database.
    const prisma = { $queryRawUnsafe: () => Promise.resolve([] as never), $executeRawUnsafe: () => Promise.resolve(0) }
    const service = createService({
      name: 'database-unavailable-service',
      deps: {
        logger,
        prisma,
        sql: { read: () => Promise.resolve([]) },
        dbSchema: undefined,
        bus: createInProcessEventBus({ logger }),
        objectStore: {} as ObjectStore,
        readiness: [],
        signingKey,
      },
      routers: [routes()],
    })
    const running = await listen(service.app, { port: 0, host: '127.0.0.1' })
    try {
      const identity = signIdentity(signingKey, { method: 'GET', path: '/table-missing' }, { clientIp: '127.0.0.1' })
      const response = await fetch(`${running.url}/table-missing`, { headers: { [IDENTITY_HEADER]: identity } })
      await expectMessage(response, 503, DATABASE_FAILURE_MESSAGES.not_migrated)
    } finally {
      await running.close()
      await service.stop()
    }
  })
})
