// A service started the way runDeployable starts it (listen at once, open the database with
// backoff, then serve), against PostgreSQL behind a TCP proxy that is not there at first.
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Router from '@koa/router'
import { migrate } from '@valueproof/db'
import { createInProcessEventBus } from '@valueproof/event-bus'
import { createFileObjectStore } from '@valueproof/object-store'
import { createApp } from '@valueproof/http-kit'
import { createTestDatabase, needs, type TestDatabase } from '@valueproof/testing'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { PrismaClient as NotesClient } from '../../db/test-fixtures/notes/generated/prisma/client.ts'
import {
  DATABASE_STARTING_MESSAGE,
  listenWhileStarting,
  retryDelayMs,
  retryWhileUnreachable,
  type StartingServer,
} from './database-startup.ts'
import { DATABASE_FAILURE_MESSAGES, databaseUnavailable } from './database-unavailable.ts'
import { openServiceDatabase, serviceDeps } from './runtime.ts'

// The notes fixture of @valueproof/db stands in for a service's prisma/ folder.
const NOTES_PRISMA = new URL('../../db/test-fixtures/notes/prisma/', import.meta.url).pathname
const notesPaths = { schemaPath: join(NOTES_PRISMA, 'schema.prisma'), migrationsDir: join(NOTES_PRISMA, 'migrations') }

interface LogLine {
  level: number
  msg: string
  err?: unknown
  stack?: unknown
}

function recordingLogger() {
  const lines: LogLine[] = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })
  return { logger, lines }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Forwards `port` to the test PostgreSQL server: the database "appears" when this starts. */
async function startProxy(port: number, target: URL): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => socket.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Waits for something the code under test does by itself (no time is asserted). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20))
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function json(response: Response): Promise<unknown> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return response.json()
}

/** The service of the test: notes read through Prisma, with the readiness serviceDeps gives every service. */
async function serveNotes(
  starting: StartingServer,
  db: Awaited<ReturnType<typeof openServiceDatabase<NotesClient>>>,
  logger: pino.Logger,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vp-startup-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const deps = serviceDeps({
    logger,
    db,
    bus: createInProcessEventBus({ logger }),
    objectStore: createFileObjectStore(dataDir),
    signingKey: 'k'.repeat(32),
  })
  const router = new Router()
  router.get('/notes', async (ctx) => {
    ctx.body = await deps.prisma.note.findMany()
  })
  starting.serve(createApp({ name: 'notes', logger, readiness: deps.readiness, routers: [router], unavailable: databaseUnavailable }))
}

describe('retryDelayMs', () => {
  it('doubles from 0.5 s and stays at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => retryDelayMs(attempt))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000])
  })
})

describe('retryWhileUnreachable', () => {
  it('throws at once what is not an unreachable database (a bug, a bad migration)', async () => {
    const { logger, lines } = recordingLogger()
    let attempts = 0
    const failing = retryWhileUnreachable(
      () => {
        attempts += 1
        return Promise.reject(new Error('syntax error at or near "CREAT"'))
      },
      { logger },
    )
    await expect(failing).rejects.toThrow('syntax error')
    expect(attempts).toBe(1)
    expect(lines.filter((line) => line.level >= 40)).toEqual([])
  })
})

describe('a service whose database is not there at start-up', async () => {
  const postgres = await needs('postgres')

  it.skipIf(!postgres)(
    'listens at once, answers 503 while it retries, then serves once the database appears, without a restart',
    async () => {
      const database: TestDatabase = await createTestDatabase('vp_startup')
      cleanups.push(database.drop)
      const port = await freePort()
      const real = new URL(database.url)
      const proxied = new URL(database.url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(port)
      const { logger, lines } = recordingLogger()

      const starting = await listenWhileStarting({
        name: 'notes',
        logger,
        port: 0,
        host: '127.0.0.1',
        readiness: [],
      })
      cleanups.push(() => starting.server.close())
      const opened = retryWhileUnreachable(
        () =>
          openServiceDatabase({
            service: 'notes',
            prismaPaths: notesPaths,
            PrismaClient: NotesClient,
            config: { DATABASE_URL: proxied.toString(), DATA_DIR: tmpdir() },
            logger,
          }),
        { logger, policy: { firstDelayMs: 100, maxDelayMs: 400 } },
      )
      const retries = () => lines.filter((line) => line.msg.startsWith('database unreachable'))
      await until(() => retries().length >= 3)

      const url = starting.server.url
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      const notReady = await fetch(`${url}/readyz`)
      expect(notReady.status).toBe(503)
      expect(await json(notReady)).toEqual({ status: 'not ready', checks: { database: 'down' }, message: 'Not ready: database' })
      for (const init of [{}, { method: 'POST', body: '{}' }]) {
        const response = await fetch(`${url}/notes`, init)
        expect(response.status).toBe(503)
        expect(await json(response)).toEqual({ message: DATABASE_STARTING_MESSAGE })
      }
      // One line per attempt: the cause and the wait, no stack trace.
      for (const line of retries()) {
        expect(line.level).toBe(40)
        expect(line.msg).toMatch(
          new RegExp(`^database unreachable \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\); retrying in 0\\.\\d s$`),
        )
        expect(line.err).toBeUndefined()
        expect(line.stack).toBeUndefined()
      }

      const proxy = await startProxy(port, real)
      cleanups.push(() => proxy.close())
      const db = await opened
      cleanups.push(() => db.close())
      await serveNotes(starting, db, logger)

      const ready = await fetch(`${url}/readyz`)
      expect(await json(ready)).toEqual({ status: 'ready', checks: { database: 'ok' } })
      const notes = await fetch(`${url}/notes`)
      expect(notes.status).toBe(200)
      expect(await json(notes)).toEqual([])
    },
  )

  it.skipIf(!postgres)('with migrations off and no tables: 503 saying so, readiness down, until the migrations are applied', async () => {
    const database = await createTestDatabase('vp_unmigrated')
    cleanups.push(database.drop)
    const { logger } = recordingLogger()
    const starting = await listenWhileStarting({ name: 'notes', logger, port: 0, host: '127.0.0.1', readiness: [] })
    cleanups.push(() => starting.server.close())
    const db = await openServiceDatabase({
      service: 'notes',
      prismaPaths: notesPaths,
      PrismaClient: NotesClient,
      config: { DATABASE_URL: database.url, DATA_DIR: tmpdir() },
      logger,
      migrateOnStart: false,
    })
    cleanups.push(() => db.close())
    await serveNotes(starting, db, logger)
    const url = starting.server.url

    const notReady = await fetch(`${url}/readyz`)
    expect(notReady.status).toBe(503)
    expect(await json(notReady)).toEqual({ status: 'not ready', checks: { database: 'down' }, message: 'Not ready: database' })
    const refused = await fetch(`${url}/notes`)
    expect(refused.status).toBe(503)
    expect(await json(refused)).toEqual({ message: DATABASE_FAILURE_MESSAGES.not_migrated })

    await migrate({ ...notesPaths, database: { kind: 'postgres', url: database.url } })
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    expect((await fetch(`${url}/notes`)).status).toBe(200)
  })
})
