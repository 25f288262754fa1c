// HubSpot faked at the HTTP boundary for tests and the e2e product: a node:http server answering the
// paths and shapes @hubspot/api-client calls (the token check, the deal search, one deal, a note with
// its associations), with HubSpot's error bodies. Tests give it tokens and deals, revoke a token
// (it then answers 401), make it fail for a while, and read the notes it received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeDeal {
  id: string
  name: string
  stage?: string
  amount?: string
}

export interface ReceivedNote {
  id: string
  token: string
  body: string
  timestamp: string
  /** The deals the note was associated with, with the association type ids. */
  deals: Array<{ id: string; typeId: number }>
}

export interface FakeHubspot {
  url: string
  /** A token that works for `portalId` (until revoked). */
  addToken(token: string, portalId: number): void
  revoke(token: string): void
  addDeal(deal: FakeDeal): void
  /** The next `count` calls to create a note answer `status`. */
  failNotes(count: number, status: number): void
  notes: ReceivedNote[]
  /** Every request as "METHOD path". */
  requests: string[]
  close(): Promise<void>
}

const STAMP = '2026-11-01T09:00:00.000Z'

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' })
  response.end(JSON.stringify(body))
}

function hubspotError(response: ServerResponse, status: number, category: string, message: string): void {
  send(response, status, { status: 'error', message, correlationId: '00000000-0000-4000-8000-000000000000', category })
}

async function jsonOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

function dealObject(deal: FakeDeal) {
  return {
    id: deal.id,
    properties: {
      dealname: deal.name,
      dealstage: deal.stage ?? null,
      amount: deal.amount ?? null,
      hs_object_id: deal.id,
      createdate: STAMP,
      hs_lastmodifieddate: STAMP,
    },
    createdAt: STAMP,
    updatedAt: STAMP,
    archived: false,
  }
}

function associatedDeals(body: Record<string, unknown>): ReceivedNote['deals'] {
  const associations = Array.isArray(body.associations) ? (body.associations as Array<Record<string, unknown>>) : []
  return associations.flatMap((association) => {
    const to = association.to as { id?: unknown } | undefined
    const types = Array.isArray(association.types) ? (association.types as Array<{ associationTypeId?: unknown }>) : []
    return types.map((type) => ({ id: String(to?.id), typeId: Number(type.associationTypeId) }))
  })
}

/** Starts the fake on `port` (default: any free one) on the loopback address. */
export async function startFakeHubspot(options: { port?: number } = {}): Promise<FakeHubspot> {
  const tokens = new Map<string, { portalId: number; revoked: boolean }>()
  const deals = new Map<string, FakeDeal>()
  const notes: ReceivedNote[] = []
  const requests: string[] = []
  let failures = { count: 0, status: 500 }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://hubspot.test')
    requests.push(`${request.method} ${url.pathname}`)
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const account = tokens.get(token)
    if (account === undefined || account.revoked) {
      hubspotError(
        response,
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
      )
      return
    }
    if (request.method === 'GET' && url.pathname === '/account-info/v3/details') {
      send(response, 200, {
        portalId: account.portalId,
        accountType: 'STANDARD',
        timeZone: 'Europe/Stockholm',
        companyCurrency: 'SEK',
        uiDomain: 'app-eu1.hubspot.com',
        dataHostingLocation: 'eu1',
      })
      return
    }
    if (request.method === 'POST' && url.pathname === '/crm/v3/objects/deals/search') {
      const body = await jsonOf(request)
      const query = typeof body.query === 'string' ? body.query.toLowerCase() : ''
      const limit = typeof body.limit === 'number' ? body.limit : 10
      const found = [...deals.values()].filter((deal) => deal.name.toLowerCase().includes(query))
      send(response, 200, { total: found.length, results: found.slice(0, limit).map(dealObject) })
      return
    }
    const dealPath = /^\/crm\/v3\/objects\/deals\/([^/]+)$/.exec(url.pathname)
    if (request.method === 'GET' && dealPath) {
      const deal = deals.get(decodeURIComponent(dealPath[1] ?? ''))
      if (deal === undefined) hubspotError(response, 404, 'OBJECT_NOT_FOUND', 'resource not found')
      else send(response, 200, dealObject(deal))
      return
    }
    if (request.method === 'POST' && url.pathname === '/crm/v3/objects/notes') {
      const body = await jsonOf(request)
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 }
        hubspotError(response, failures.status, 'INTERNAL_ERROR', 'failing on purpose')
        return
      }
      const properties = (body.properties ?? {}) as Record<string, string | undefined>
      const associated = associatedDeals(body)
      if (associated.some((deal) => !deals.has(deal.id))) {
        hubspotError(response, 400, 'VALIDATION_ERROR', 'One or more associations are invalid')
        return
      }
      const id = String(90_000 + notes.length)
      notes.push({
        id,
        token,
        body: String(properties.hs_note_body ?? ''),
        timestamp: String(properties.hs_timestamp ?? ''),
        deals: associated,
      })
      send(response, 201, { id, properties: { ...properties, hs_object_id: id }, createdAt: STAMP, updatedAt: STAMP, archived: false })
      return
    }
    hubspotError(response, 404, 'OBJECT_NOT_FOUND', `no fake for ${request.method} ${url.pathname}`)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => hubspotError(response, 500, 'INTERNAL_ERROR', String(error)))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    addToken: (token, portalId) => tokens.set(token, { portalId, revoked: false }),
    revoke(token) {
      const account = tokens.get(token)
      if (account) account.revoked = true
    },
    addDeal: (deal) => deals.set(deal.id, deal),
    failNotes(count, status) {
      failures = { count, status }
    },
    notes,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
