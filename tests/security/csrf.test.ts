// Issue 13: cross-site request forgery. Every state-changing /api route (derived from apiRoutes)
// is called the ways a page on another site can make a browser call it, carrying the victim's
// session cookie; each attempt is refused (403 with the cross-origin message, or 415) and the
// victim's state is as before. The same request from the site itself works (the control case).
// Two gateways: on its own (the request's Host is the site) and behind a TLS proxy with
// PUBLIC_ORIGIN and TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PROPOSAL_IMAGE_ID_PATTERN, uploadedImageSchema } from '@valueproof/contracts'
import { apiRoutes } from '../../gateway/src/routes/api-routes.ts'
import { GOOD_PASSWORD, uniqueUsername } from '../integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../integration/support/stack.ts'
import type { FakeHubspot } from '../../services/notification/src/hubspot/testing/fake-hubspot.ts'
import { makePro, SECURITY_STACK_ENV } from './support/actors.ts'
import { victimBilling } from './support/csrf-billing.ts'
import { csrfFakeHubspot, victimHubspot } from './support/csrf-hubspot.ts'
import { projectedPlans } from '../integration/support/plan-events.ts'
import { supportTriageCalculator, supportTriageInput } from '../../services/proposal/src/testing/calculators.ts'
import {
  CSRF_WEBHOOK_SECRET,
  encode,
  pathWithIds,
  routeCalls,
  victimWebhook,
  victimState,
  type Encoding,
  type RouteCall,
  type VictimIds,
} from './support/csrf-routes.ts'
import { rawRequest, type RawAnswer } from './support/raw-http.ts'

const CROSS_ORIGIN = { message: 'Cross-origin requests are not allowed' }
const EVIL = 'https://evil.example'

interface Site {
  name: string
  env: Record<string, string>
  /** The origin the site's own pages send. */
  origin(stack: TestStack): string
  /** Host (and, behind the proxy, X-Forwarded-Proto) of every request to the site. */
  headers(stack: TestStack): Record<string, string>
  /** Without PUBLIC_ORIGIN the request's own Host names the site, so a forged Host is no attack there. */
  publicOrigin: boolean
}

const SITES: Site[] = [
  {
    name: 'gateway on its own origin',
    env: {},
    origin: (stack) => `http://localhost:${new URL(stack.url).port}`,
    headers: (stack) => ({ host: `localhost:${new URL(stack.url).port}` }),
    publicOrigin: false,
  },
  {
    name: 'gateway behind a TLS proxy (PUBLIC_ORIGIN, TRUST_PROXY)',
    env: { PUBLIC_ORIGIN: 'https://app.valueproof.test', TRUST_PROXY: 'true' },
    origin: () => 'https://app.valueproof.test',
    headers: () => ({ host: 'app.valueproof.test', 'x-forwarded-proto': 'https' }),
    publicOrigin: true,
  },
]

/** How the attempt must be answered: the gateway's cross-origin refusal, or any refusal (403/415), or no such method. */
type Refusal = 'cross_origin' | 'refused' | 'not_applied'

interface Variant {
  name: string
  method?: (route: { method: string }) => string
  path?: (path: string, route: { method: string }) => string
  headers: (site: { origin: string; url: URL }, route: { method: string }) => Record<string, string>
  encoding: Encoding
  expect: Refusal
  onlyWithPublicOrigin?: boolean
}

/** For routes that act on none of the victim's things. */
const NO_IDS: VictimIds = { calculatorId: '', proposalId: '', checkoutId: '', templateId: '', beaconToken: '', othersProposalId: '' }

const browserCrossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' }

interface Account {
  id: number
  username: string
  /** The current session token. */
  token: string
}

function sessionTokenOf(answer: RawAnswer): string {
  const token = /^vp_session=([^;]+)/.exec(answer.setCookies.find((line) => line.startsWith('vp_session=')) ?? '')?.[1]
  if (token === undefined) throw new Error(`no session cookie in ${answer.status} ${answer.text}`)
  return token
}

const VARIANTS: Variant[] = [
  { name: 'Origin of another site', headers: () => ({ origin: EVIL }), encoding: 'own', expect: 'cross_origin' },
  { name: 'Origin null (sandboxed frame, data: URL)', headers: () => ({ origin: 'null' }), encoding: 'own', expect: 'cross_origin' },
  { name: 'Sec-Fetch-Site cross-site, no Origin', headers: () => ({ ...browserCrossSite }), encoding: 'own', expect: 'cross_origin' },
  {
    name: 'Sec-Fetch-Site same-site (a sibling subdomain), no Origin',
    headers: () => ({ 'sec-fetch-site': 'same-site' }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'a cross-site form post as a browser sends it (Origin, fetch metadata, navigate)',
    headers: () => ({ origin: EVIL, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }),
    encoding: 'urlencoded',
    expect: 'cross_origin',
  },
  {
    name: 'no Origin but cross-site fetch metadata of a top-level form post',
    headers: () => ({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' }),
    encoding: 'urlencoded',
    expect: 'cross_origin',
  },
  {
    name: 'Referer-only: another site’s page, no Origin, no fetch metadata, text/plain',
    headers: () => ({ referer: `${EVIL}/attack.html` }),
    encoding: 'text/plain',
    expect: 'refused',
  },
  {
    name: 'Referer-only: another site’s page, no Origin, no fetch metadata, multipart',
    headers: () => ({ referer: `${EVIL}/attack.html` }),
    encoding: 'multipart',
    expect: 'refused',
  },
  { name: 'text/plain body from another origin', headers: () => ({ origin: EVIL }), encoding: 'text/plain', expect: 'cross_origin' },
  { name: 'form-urlencoded body from another origin', headers: () => ({ origin: EVIL }), encoding: 'urlencoded', expect: 'cross_origin' },
  { name: 'multipart body from another origin', headers: () => ({ origin: EVIL }), encoding: 'multipart', expect: 'cross_origin' },
  {
    name: 'JSON sent as text/plain without Origin or fetch metadata (an old browser)',
    headers: () => ({}),
    encoding: 'text/plain',
    expect: 'refused',
  },
  {
    name: 'method override on a GET (X-HTTP-Method-Override, X-HTTP-Method, X-Method-Override, _method)',
    method: () => 'GET',
    path: (path, route) => `${path}?_method=${route.method}`,
    headers: (_site, route) => ({
      'x-http-method-override': route.method,
      'x-http-method': route.method,
      'x-method-override': route.method,
    }),
    encoding: 'none',
    expect: 'not_applied',
  },
  {
    name: 'another method tunnelled through POST with X-HTTP-Method-Override, from another origin',
    method: () => 'POST',
    headers: (_site, route) => ({ origin: EVIL, 'x-http-method-override': route.method === 'POST' ? 'PUT' : route.method }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  { name: 'HEAD instead of the route’s method', method: () => 'HEAD', headers: () => ({}), encoding: 'none', expect: 'not_applied' },
  {
    name: 'OPTIONS preflight from another origin',
    method: () => 'OPTIONS',
    headers: (_site, route) => ({
      origin: EVIL,
      'access-control-request-method': route.method,
      'access-control-request-headers': 'content-type',
    }),
    encoding: 'none',
    expect: 'not_applied',
  },
  {
    name: 'a subdomain of the site as Origin',
    headers: ({ url: u }) => ({ origin: `${u.protocol}//evil.${u.host}` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'the site’s host on another port',
    headers: ({ url: u }) => ({ origin: `${u.protocol}//${u.hostname}:${Number(u.port || 443) + 1}` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'the site’s host over the other scheme',
    headers: ({ url: u }) => ({ origin: `${u.protocol === 'https:' ? 'http:' : 'https:'}//${u.host}` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'the site’s host in upper case',
    headers: ({ url: u }) => ({ origin: `${u.protocol}//${u.host.toUpperCase()}` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'the site’s host with a trailing dot',
    headers: ({ url: u }) => ({ origin: `${u.protocol}//${u.hostname}.${u.port ? `:${u.port}` : ''}` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'the site’s origin followed by credentials of another host',
    headers: ({ origin }) => ({ origin: `${origin}@evil.example` }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'X-Forwarded-Host and -Proto naming the attacker’s site, with its Origin',
    headers: () => ({ origin: EVIL, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }),
    encoding: 'own',
    expect: 'cross_origin',
  },
  {
    name: 'a forged Host naming the attacker’s site, with its Origin',
    headers: () => ({ origin: EVIL, host: 'evil.example', 'x-forwarded-proto': 'https' }),
    encoding: 'own',
    expect: 'cross_origin',
    onlyWithPublicOrigin: true,
  },
]

// The calls another site may make by design (RFC 8058's one-click unsubscribe) are tested on their own below.
const stateChanging = apiRoutes.filter((route) => route.method !== 'GET' && route.crossSiteAllowed !== true)
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`
const hasGetTwin = (path: string) => apiRoutes.some((route) => route.method === 'GET' && route.path === path)

describe('the CSRF table knows every state-changing route', () => {
  it('has a call for each non-GET route of apiRoutes, and the variants are at least 18', () => {
    expect(Object.keys(routeCalls({ username: 'x' })).sort()).toEqual(stateChanging.map(key).sort())
    expect(VARIANTS.length).toBeGreaterThanOrEqual(18)
  })
})

describe.each(SITES)('CSRF: $name', (site) => {
  let stack: TestStack
  let victim: Account
  let intruder: Account
  let calls: Record<string, RouteCall>
  let fakeHubspot: FakeHubspot | undefined

  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    rawRequest(stack.url, { method, path, headers: { ...site.headers(stack), ...headers }, body })
  /** A JSON call from the site's own pages. */
  const fromSite = (path: string, json: unknown) =>
    send('POST', path, { origin: site.origin(stack), 'content-type': 'application/json' }, Buffer.from(JSON.stringify(json)))

  async function register(prefix: string): Promise<Account> {
    const username = uniqueUsername(prefix).toLowerCase()
    const answer = await fromSite('/api/register', { username, password: GOOD_PASSWORD })
    expect(answer.status, answer.text).toBe(201)
    return { id: (JSON.parse(answer.text) as { id: number }).id, username, token: sessionTokenOf(answer) }
  }

  beforeAll(async () => {
    fakeHubspot = await csrfFakeHubspot()
    stack = await startTestStack('pglite+in-process', {
      ...SECURITY_STACK_ENV,
      ...site.env,
      STRIPE_WEBHOOK_SECRET: CSRF_WEBHOOK_SECRET,
      HUBSPOT_API_URL: fakeHubspot.url,
    })
    victim = await register('csrfvictim')
    await makePro(stack, victim.id)
    await hubspot.ready()
    // The account a login CSRF would sign the victim into (and whose proposal the victim may agree to).
    intruder = await register('csrfintruder')
    calls = routeCalls(intruder)
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
    await fakeHubspot?.close()
  })

  /** A JSON call of the victim's from the site's own pages. */
  async function asVictim(path: string, json: unknown): Promise<RawAnswer> {
    const cookie = await victimCookie()
    return send('POST', path, { cookie, origin: site.origin(stack), 'content-type': 'application/json' }, Buffer.from(JSON.stringify(json)))
  }

  const billing = victimBilling({
    asVictim,
    get: async (path) => send('GET', path, { cookie: await victimCookie() }),
    projectedPlans: () => projectedPlans(stack, victim.id),
  })

  const hubspot = victimHubspot({
    request: async (method, path, json) =>
      send(
        method,
        path,
        {
          cookie: await victimCookie(),
          origin: site.origin(stack),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        json === undefined ? undefined : Buffer.from(JSON.stringify(json)),
      ),
    subscribed: () => billing.subscribed(),
  })

  /** The victim's own things for the route; a HubSpot route's are made ready before each attempt (see victimHubspot). */
  async function victimIds(route: { method: string; path: string }): Promise<VictimIds> {
    const ids = await madeIds(route)
    if (route.path.startsWith('/api/notifications/hubspot'))
      await hubspot.ready(route.path.includes(':proposalId') ? ids.proposalId : undefined)
    return ids
  }

  const idsByRoute = new Map<string, VictimIds>()
  /** The victim's own things for the route, made once per route (see pathWithIds). */
  async function madeIds(route: { method: string; path: string }): Promise<VictimIds> {
    const needsIds =
      route.path.includes(':id') ||
      route.path.includes(':proposalId') ||
      route.path === '/api/calculator-templates' ||
      route.path === '/api/track/engagement'
    if (!needsIds) return NO_IDS
    let ids = idsByRoute.get(key(route))
    if (ids === undefined) {
      const calculator = await asVictim('/api/calculator/analyze-text', {
        description: 'Each of 12 agents spends 15 hours per week on triage at $45 per hour.',
        complexity: 'minimal',
        language: 'en',
        currency: 'USD',
      })
      expect(calculator.status, calculator.text).toBe(200)
      const calculatorId = (JSON.parse(calculator.text) as { calculator: { id: string } }).calculator.id
      // A section is rewritten from what the writer wrote: that route's proposal is a generated one.
      const proposal =
        route.path === '/api/proposals/:id/sections/:blockId/rewrite'
          ? await asVictim('/api/proposals/generate', {
              calculatorData: supportTriageCalculator,
              input: supportTriageInput,
              templateType: 'standard',
            })
          : await asVictim('/api/proposals', { title: 'The victim’s own', content: '', calculatorData: supportTriageCalculator })
      expect(proposal.status, proposal.text).toBe(201)
      const template = await asVictim('/api/calculator-templates', { calculatorId, name: 'The victim’s own' })
      expect(template.status, template.text).toBe(201)
      await billing.withoutSubscription()
      const proposalId = (JSON.parse(proposal.text) as { id: string }).id
      // Only a publication is restored (issue 37): the victim publishes the first.
      if (route.path === '/api/proposals/:id/publications/:number/restore') {
        const published = await asVictim(`/api/proposals/${proposalId}/publish`, { revision: 0 })
        expect(published.status, published.text).toBe(201)
      }
      // The victim's own opening of it: the beacon token the page's beacons carry.
      const opened = await send('GET', `/api/proposals/${proposalId}`, { cookie: await victimCookie() })
      const fromIntruder = (path: string, json: unknown) =>
        send(
          'POST',
          path,
          { cookie: `vp_session=${intruder.token}`, origin: site.origin(stack), 'content-type': 'application/json' },
          Buffer.from(JSON.stringify(json)),
        )
      const others = await fromIntruder('/api/proposals', { title: 'Someone else’s', content: '', calculatorData: supportTriageCalculator })
      expect(others.status, others.text).toBe(201)
      // Only an agreed proposal gets a next version, or has an agreement to release: the intruder, as a prospect, agrees to the victim's.
      if (route.path === '/api/proposals/:id/versions' || route.path === '/api/proposals/:id/agreement/release') {
        const agreed = await fromIntruder(`/api/proposals/${proposalId}/agreement`, {
          name: 'A prospect',
          email: 'prospect@buyer.example',
          scenario: 'expected',
          values: {},
        })
        expect(agreed.status, agreed.text).toBe(201)
      }
      ids = {
        ...(route.path.startsWith('/api/notifications/webhooks/') ? { webhook: await victimWebhook(stack, asVictim) } : {}),
        calculatorId,
        proposalId,
        beaconToken: (JSON.parse(opened.text) as { beaconToken: string }).beaconToken,
        checkoutId: await billing.openCheckout(),
        templateId: (JSON.parse(template.text) as { id: string }).id,
        othersProposalId: (JSON.parse(others.text) as { id: string }).id,
      }
      idsByRoute.set(key(route), ids)
    }
    return ids
  }

  /** The victim's session cookie, signing in again when an attempt (or the control) ended it. */
  async function victimCookie(): Promise<string> {
    if ((await send('GET', '/api/user', { cookie: `vp_session=${victim.token}` })).status !== 200) {
      const login = await fromSite('/api/login', { username: victim.username, password: GOOD_PASSWORD })
      expect(login.status, login.text).toBe(200)
      victim.token = sessionTokenOf(login)
    }
    return `vp_session=${victim.token}`
  }

  function expectRefused(answer: RawAnswer, refusal: Refusal, routePath: string): void {
    if (refusal === 'cross_origin') {
      expect(answer.status, answer.text).toBe(403)
      expect(JSON.parse(answer.text)).toEqual(CROSS_ORIGIN)
    } else if (refusal === 'refused') {
      expect([403, 415], answer.text).toContain(answer.status)
      expect((JSON.parse(answer.text) as { message?: unknown }).message).toEqual(expect.any(String))
    } else {
      // GET and HEAD reach the route's GET twin when there is one (a read, which changes nothing).
      expect(hasGetTwin(routePath) ? [200, 404, 405] : [404, 405], answer.text).toContain(answer.status)
      expect(answer.headers['access-control-allow-origin']).toBeUndefined()
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined()
    }
    // No answer to an attempt opens (or replaces) a session.
    expect(answer.setCookies.filter((line) => /^vp_session=[^;]/.test(line))).toEqual([])
  }

  const cells = VARIANTS.filter((variant) => site.publicOrigin || !variant.onlyWithPublicOrigin).flatMap((variant) =>
    stateChanging.map((route) => ({ variant, route, cell: `${variant.name} × ${key(route)}` })),
  )

  for (const { variant, route, cell } of cells) {
    it(cell, async () => {
      const call = calls[key(route)]
      if (call === undefined) throw new Error(`no call for ${key(route)}`)
      const ids = await victimIds(route)
      const path = pathWithIds(route.path, ids)
      const cookie = await victimCookie()
      const before = await victimState(stack, victim)
      const { body, contentType } = encode(call, variant.encoding, ids)
      const url = new URL(site.origin(stack))
      const answer = await send(
        variant.method?.(route) ?? route.method,
        variant.path?.(path, route) ?? path,
        {
          cookie,
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(body && call.signed ? call.signed(body) : {}),
          ...variant.headers({ origin: site.origin(stack), url }, route),
        },
        body,
      )
      expectRefused(answer, variant.expect, route.path)
      expect(await victimState(stack, victim)).toEqual(before)
      expect((await send('GET', '/api/user', { cookie })).status, 'the victim is still signed in').toBe(200)
    })
  }

  // Controls: the same calls from the site itself do what they are for, so the checks above can fail.
  it.each(stateChanging.map(key))('control: %s from the site itself works', async (routeKey) => {
    const call = calls[routeKey]
    if (call === undefined) throw new Error(`no call for ${routeKey}`)
    const [method = '', routePath = ''] = routeKey.split(' ')
    const ids = await billing.prepareControl(routeKey, await victimIds({ method, path: routePath }))
    const path = pathWithIds(routePath, ids)
    const cookie = await victimCookie()
    const before = await victimState(stack, victim)
    const { body, contentType } = encode(call, 'own', ids)
    const answer = await send(
      method,
      path,
      {
        cookie,
        origin: site.origin(stack),
        'sec-fetch-site': 'same-origin',
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(body && call.signed ? call.signed(body) : {}),
      },
      body,
    )
    expect(answer.status, answer.text).toBeLessThan(300)
    if (routeKey === 'POST /api/subscription/upgrade-manual') {
      // Billing already holds the provider's state (the payment's webhook applied it): the call confirms it, changing nothing.
      expect(JSON.parse(answer.text)).toMatchObject({ success: true, status: 'active' })
    } else if (routeKey === 'POST /api/login' || routeKey === 'POST /api/register') {
      expect(answer.setCookies.some((line) => /^vp_session=[^;]/.test(line))).toBe(true)
    } else if (routeKey === 'POST /api/logout') {
      expect((await send('GET', '/api/user', { cookie })).status).toBe(401)
    } else if (routeKey === 'POST /api/proposals/:id/images') {
      // Stored for the document the editor then saves: the draft itself is unchanged until it does.
      expect(uploadedImageSchema.parse(JSON.parse(answer.text)).imageId).toMatch(PROPOSAL_IMAGE_ID_PATTERN)
    } else if (routeKey === 'POST /api/proposals/:id/sections/:blockId/rewrite') {
      // Words for the editor to put in: by design the call stores nothing.
      expect(JSON.parse(answer.text)).toMatchObject({ content: { type: 'doc' } })
    } else if (routeKey === 'POST /api/track/engagement') {
      // The owner's own page: past the gateway's check and the token's, accepted and (by design) not kept.
      expect(JSON.parse(answer.text)).toEqual({ counted: false })
    } else {
      // Views are written in batches just after the answer.
      await vi.waitFor(async () => expect(await victimState(stack, victim)).not.toEqual(before), { timeout: 5_000 })
    }
  })

  // A mail provider's one-click unsubscribe is a cross-site POST without Origin (RFC 8058): the
  // gateway lets it through, and it acts on the link's signed token alone, never on the cookie.
  it('one-click unsubscribe: from another site with the victim’s cookie, a missing or forged token changes nothing', async () => {
    const cookie = await victimCookie()
    const before = await victimState(stack, victim)
    for (const query of ['', '?token=', '?token=forged.token', `?token=${Buffer.from(`${victim.id}.agreed`).toString('base64url')}.AAAA`]) {
      const answer = await send(
        'POST',
        `/api/notifications/unsubscribe${query}`,
        { cookie, 'content-type': 'application/x-www-form-urlencoded', ...browserCrossSite, origin: EVIL },
        Buffer.from('List-Unsubscribe=One-Click'),
      )
      expect(answer.status, `${query}: ${answer.text}`).toBe(400)
      expect(JSON.parse(answer.text)).toEqual({ message: 'This unsubscribe link is not valid' })
    }
    expect(await victimState(stack, victim)).toEqual(before)
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ — and Secure exactly when served over HTTPS', async () => {
    const answer = await send(
      'POST',
      '/api/login',
      { origin: site.origin(stack), 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      Buffer.from(JSON.stringify({ username: victim.username, password: GOOD_PASSWORD })),
    )
    expect(answer.status, answer.text).toBe(200)
    const cookie = answer.setCookies.find((line) => line.startsWith('vp_session=')) ?? ''
    const attributes = cookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('path=/')
    // Behind the trusted proxy the request was HTTPS; on its own the gateway ignores X-Forwarded-Proto.
    expect(attributes.includes('secure')).toBe(site.publicOrigin)
  })
})
