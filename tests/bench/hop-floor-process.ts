// One process of the hop floor (hop-floor.ts), started as `node --import tsx hop-floor-process.ts <role>`:
//  - `backend` answers HOP_BODY (base64) as HOP_TYPE on every request, with Koa and nothing else;
//    given HOP_DATABASE_URL, it first waits for one PostgreSQL round trip (`SELECT 1`) per request,
//    the least a service that reads its database does;
//  - `proxy` forwards every GET to HOP_BACKEND through the gateway's own transport (undici's pool,
//    small answers read whole) and answers what it got, with Koa and nothing else: no session, no
//    signed identity, no logging, no route table.
// It prints `listening <url>` once it accepts connections.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type Koa from 'koa'
import pg from 'pg'
import { httpTransport } from '../../gateway/src/proxy/transport.ts'

const requireFromHttpKit = createRequire(join(import.meta.dirname, '../../packages/http-kit/package.json'))
const KoaApp = requireFromHttpKit('koa') as typeof Koa

function backend(app: Koa): void {
  const body = Buffer.from(process.env.HOP_BODY ?? '', 'base64')
  const contentType = process.env.HOP_TYPE ?? 'application/json'
  const databaseUrl = process.env.HOP_DATABASE_URL
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl }) : undefined
  app.use(async (ctx) => {
    if (pool !== undefined) await pool.query('SELECT 1')
    ctx.status = 200
    ctx.set('content-type', contentType)
    ctx.body = body
  })
}

function proxy(app: Koa): void {
  const transport = httpTransport(process.env.HOP_BACKEND ?? '')
  app.use(async (ctx) => {
    const answer = await transport.send({ method: 'GET', path: ctx.url, headers: {}, identity: { clientIp: ctx.ip } })
    ctx.status = answer.status
    const contentType = answer.headers['content-type']
    if (typeof contentType === 'string') ctx.set('content-type', contentType)
    ctx.body = answer.body
  })
}

const role = process.argv[2]
if (role !== 'backend' && role !== 'proxy') throw new Error(`role must be backend or proxy, not ${role ?? '(none)'}`)
const app = new KoaApp()
if (role === 'backend') backend(app)
else proxy(app)
const handle = app.callback()
const server = createServer((request, response) => void handle(request, response))
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(`listening http://127.0.0.1:${port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
