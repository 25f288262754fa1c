// A tiny stateful layer in front of stripe-mock (the official Stripe API mock, stateless: it checks
// every request's parameters against Stripe's OpenAPI spec and answers fixtures). Every request goes
// to stripe-mock; for the ids a test registered, the answer carries the state the test set (status,
// payment status, period end, metadata ...) on top of stripe-mock's, so the real `stripe` client
// reads what Stripe would hold. It also remembers what it was asked, for the test to check.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { infra } from '@valueproof/testing'

const STRIPE_MOCK_URL = infra.stripeMockUrl

export interface RecordedRequest {
  method: string
  path: string
  /** The form-encoded body (Stripe's API takes no JSON). */
  params: URLSearchParams
  idempotencyKey: string | undefined
}

/** A subscription as the test says Stripe holds it. */
export interface SubscriptionState {
  customer: string
  status: string
  cancel_at_period_end: boolean
  /** Seconds since the epoch; set on every item (API 2026-10-28 keeps the period on the items). */
  current_period_end: number
  metadata: Record<string, string>
}

/** A checkout session as the test says Stripe holds it. */
export interface SessionState {
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid'
  customer: string | null
  client_reference_id: string | null
  metadata: Record<string, string>
  subscription: string | null
}

export interface StripeMockProxy {
  url: string
  requests: RecordedRequest[]
  setSubscription(id: string, state: SubscriptionState): void
  updateSubscription(id: string, changes: Partial<SubscriptionState>): void
  updateSession(id: string, changes: Partial<SessionState>): void
  session(id: string): SessionState | undefined
  close(): Promise<void>
}

type Json = Record<string, unknown>

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export async function startStripeMockProxy(): Promise<StripeMockProxy> {
  const requests: RecordedRequest[] = []
  const subscriptions = new Map<string, SubscriptionState>()
  const sessions = new Map<string, SessionState>()

  async function fromMock(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(new URL(path, STRIPE_MOCK_URL), { method, headers, body })
    return { status: response.status, json: await response.json() }
  }

  function withSubscription(object: Json): Json {
    const state = typeof object.id === 'string' ? subscriptions.get(object.id) : undefined
    if (!state) return object
    const items = isObject(object.items) && Array.isArray(object.items.data) ? object.items.data : []
    return {
      ...object,
      ...state,
      items: {
        ...(isObject(object.items) ? object.items : {}),
        data: items.map((item: unknown) => ({ ...(isObject(item) ? item : {}), current_period_end: state.current_period_end })),
      },
    }
  }

  /** The session with the test's state; its subscription expanded (as asked) from stripe-mock plus the test's state. */
  async function withSession(object: Json, headers: Record<string, string>, expanded: boolean): Promise<Json> {
    const state = typeof object.id === 'string' ? sessions.get(object.id) : undefined
    if (!state) return object
    let subscription: unknown = state.subscription
    if (expanded && state.subscription) {
      const { json } = await fromMock('GET', `/v1/subscriptions/${state.subscription}`, headers)
      subscription = isObject(json) ? withSubscription(json) : json
    }
    return { ...object, ...state, subscription }
  }

  async function answer(request: IncomingMessage): Promise<{ status: number; json: unknown }> {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', STRIPE_MOCK_URL)
    const body = await readBody(request)
    const params = new URLSearchParams(method === 'GET' ? url.search : body)
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined
    requests.push({ method, path: url.pathname, params, idempotencyKey })
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'stripe-version', 'idempotency-key']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const mock = await fromMock(method, url.pathname + url.search, headers, method === 'GET' ? undefined : body)
    if (mock.status !== 200 || !isObject(mock.json)) return mock
    const object = mock.json
    const sessionPath = /^\/v1\/checkout\/sessions(?:\/([^/]+))?$/.exec(url.pathname)
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname)
    if (sessionPath && method === 'POST' && !sessionPath[1] && typeof object.id === 'string') {
      // A new session holds what it was created with (stripe-mock's fixture does not).
      sessions.set(object.id, {
        status: 'open',
        payment_status: 'unpaid',
        customer: params.get('customer'),
        client_reference_id: params.get('client_reference_id'),
        metadata: { userId: params.get('metadata[userId]') ?? '' },
        subscription: null,
      })
    }
    if (subscriptionPath?.[1] && method === 'POST' && params.has('cancel_at_period_end')) {
      const state = subscriptions.get(subscriptionPath[1])
      if (state) state.cancel_at_period_end = params.get('cancel_at_period_end') === 'true'
    }
    if (sessionPath) return { status: 200, json: await withSession(object, headers, params.getAll('expand[]').includes('subscription')) }
    if (subscriptionPath) return { status: 200, json: withSubscription(object) }
    return mock
  }

  const server: Server = createServer((request, response) => {
    answer(request)
      .then(({ status, json }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_proxy' })
        response.end(JSON.stringify(json))
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setSubscription(id, state) {
      subscriptions.set(id, { ...state, metadata: { ...state.metadata } })
    },
    updateSubscription(id, changes) {
      const state = subscriptions.get(id)
      if (!state) throw new Error(`no subscription ${id} registered`)
      Object.assign(state, changes)
    },
    updateSession(id, changes) {
      const state = sessions.get(id)
      if (!state) throw new Error(`no checkout session ${id} created`)
      Object.assign(state, changes)
    },
    session: (id) => sessions.get(id),
    close() {
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
      // The stripe client keeps its connections alive: end them, or close() waits for them.
      server.closeAllConnections()
      return closed
    },
  }
}
