// Issue 13: sessions. A session id planted before login is never kept (fixation); logout ends the
// session at once; a tampered cookie is refused; no cookie the product sets is readable from script.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTriageCalculator } from '../../services/proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD } from '../integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'
import { SECURITY_STACK_ENV, signUp, type Actor } from './support/actors.ts'
import { shareProposal } from './support/two-users.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

function sessionCookieLine(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith('vp_session='))
}

function tokenIn(line: string | undefined): string | undefined {
  return /^vp_session=([^;]*)/.exec(line ?? '')?.[1]
}

/** Another character in the same alphabet at `index`. */
function flipped(token: string, index: number): string {
  const at = index < 0 ? token.length + index : index
  const replacement = token[at] === 'A' ? 'B' : 'A'
  return token.slice(0, at) + replacement + token.slice(at + 1)
}

describe.each(kinds)('sessions through the gateway (%s)', (kind) => {
  let stack: TestStack
  let victim: Actor
  let intruder: Actor

  beforeAll(async () => {
    stack = await startTestStack(kind, SECURITY_STACK_ENV)
    victim = await signUp(stack, 'sessvictim')
    intruder = await signUp(stack, 'sessintruder')
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
  })

  async function whoIs(token: string): Promise<number | 'signed out'> {
    const client = new ApiClient(stack.url)
    client.setCookie('vp_session', token)
    const response = await client.get('/api/user')
    if (response.status === 401) return 'signed out'
    expect(response.status).toBe(200)
    return ((await response.json()) as { id: number }).id
  }

  describe('fixation', () => {
    it.each([
      ['a value the attacker made up', () => randomBytes(32).toString('base64url')],
      ['a short, guessable value', () => 'attacker-chosen-session'],
    ])('a planted cookie (%s) is replaced by a new random token at login and never becomes the victim’s', async (_name, plant) => {
      const browser = new ApiClient(stack.url)
      const planted = plant()
      browser.setCookie('vp_session', planted)
      expect((await browser.get('/api/user')).status).toBe(401)

      const login = await browser.post('/api/login', { username: victim.username, password: GOOD_PASSWORD })
      expect(login.status).toBe(200)
      const issued = tokenIn(sessionCookieLine(login))
      expect(issued).toMatch(/^[A-Za-z0-9_-]{32,}$/)
      expect(issued).not.toBe(planted)
      expect(browser.sessionCookie).toBe(issued)
      expect(await whoIs(issued ?? '')).toBe(victim.id)
      expect(await whoIs(planted)).toBe('signed out')
    })

    it('the attacker’s own live session planted in the victim’s browser stays the attacker’s after the victim logs in', async () => {
      const planted = intruder.client.sessionCookie ?? ''
      expect(await whoIs(planted)).toBe(intruder.id)
      const browser = new ApiClient(stack.url)
      browser.setCookie('vp_session', planted)
      const login = await browser.post('/api/login', { username: victim.username, password: GOOD_PASSWORD })
      expect(login.status).toBe(200)
      const issued = tokenIn(sessionCookieLine(login))
      expect(issued).not.toBe(planted)
      expect(await whoIs(issued ?? '')).toBe(victim.id)
      // The planted session was not upgraded to the victim: the attacker holds nothing of theirs.
      expect(await whoIs(planted)).toBe(intruder.id)
    })

    it('registering with a planted cookie also issues a new token', async () => {
      const browser = new ApiClient(stack.url)
      const planted = randomBytes(32).toString('base64url')
      browser.setCookie('vp_session', planted)
      const register = await browser.post('/api/register', { username: `fix_${randomBytes(6).toString('hex')}`, password: GOOD_PASSWORD })
      expect(register.status).toBe(201)
      const issued = tokenIn(sessionCookieLine(register))
      expect(issued).toBeDefined()
      expect(issued).not.toBe(planted)
      expect(await whoIs(planted)).toBe('signed out')
    })

    it('every login gets its own token', async () => {
      const tokens = new Set<string>()
      for (let login = 0; login < 3; login += 1) {
        const browser = new ApiClient(stack.url)
        const response = await browser.post('/api/login', { username: victim.username, password: GOOD_PASSWORD })
        expect(response.status).toBe(200)
        tokens.add(tokenIn(sessionCookieLine(response)) ?? '')
      }
      expect(tokens.size).toBe(3)
    })
  })

  describe('logout', () => {
    it('revokes the session at once: the old cookie gets 401 on the very next request, on every route', async () => {
      const browser = new ApiClient(stack.url)
      expect((await browser.post('/api/login', { username: victim.username, password: GOOD_PASSWORD })).status).toBe(200)
      const token = browser.sessionCookie ?? ''
      // Warm every cache on the way (the gateway keeps session lookups for SESSION_CACHE_TTL_MS).
      expect((await browser.get('/api/user')).status).toBe(200)
      expect((await browser.get('/api/proposals')).status).toBe(200)
      const logout = await browser.post('/api/logout')
      expect(logout.status).toBe(204)
      expect(sessionCookieLine(logout)).toMatch(/^vp_session=;.*expires=Thu, 01 Jan 1970/i)

      const replay = new ApiClient(stack.url)
      replay.setCookie('vp_session', token)
      expect((await replay.get('/api/user')).status).toBe(401)
      expect((await replay.get('/api/proposals')).status).toBe(401)
      expect((await replay.request('PATCH', '/api/profile', { json: { companyName: 'After logout' } })).status).toBe(401)
      expect((await replay.post('/api/proposals', { title: 'After logout', calculatorData: supportTriageCalculator })).status).toBe(401)
    })

    it('ends only its own session: the user’s other sessions go on', async () => {
      const first = new ApiClient(stack.url)
      const second = new ApiClient(stack.url)
      for (const browser of [first, second]) {
        expect((await browser.post('/api/login', { username: victim.username, password: GOOD_PASSWORD })).status).toBe(200)
      }
      expect((await first.post('/api/logout')).status).toBe(204)
      expect((await first.get('/api/user')).status).toBe(401)
      expect((await second.get('/api/user')).status).toBe(200)
    })
  })

  describe('tampered cookies', () => {
    it('refuses every altered form of a live token with 401 and clears the cookie', async () => {
      const token = victim.client.sessionCookie ?? ''
      expect(await whoIs(token)).toBe(victim.id) // control: the token itself works
      const tampered = [
        flipped(token, 0),
        flipped(token, -1),
        flipped(token, Math.floor(token.length / 2)),
        token.slice(0, -1),
        `${token}A`,
        token.toUpperCase(),
        token.toLowerCase(),
        `${token}.${randomBytes(8).toString('base64url')}`,
        ` ${token}x`,
        encodeURIComponent(`${token}=`),
        '',
        'null',
        'undefined',
        String(victim.id),
        'A'.repeat(4096),
      ].filter((value) => value !== token)
      for (const value of tampered) {
        const client = new ApiClient(stack.url)
        client.setCookie('vp_session', value)
        const response = await client.get('/api/user')
        expect(response.status, JSON.stringify(value.slice(0, 60))).toBe(401)
        expect(await response.json()).toEqual({ message: 'You are not signed in' })
        if (value !== '') expect(sessionCookieLine(response) ?? '').toMatch(/^vp_session=;.*expires=Thu, 01 Jan 1970/i)
      }
      expect(await whoIs(token)).toBe(victim.id)
    })

    it('does not let a tampered cookie act on a proposal, and a shared proposal still opens as for a visitor', async () => {
      const id = await shareProposal(victim.client, { title: 'Session check', accessCode: `sess-${randomBytes(6).toString('hex')}` })
      const client = new ApiClient(stack.url)
      client.setCookie('vp_session', flipped(victim.client.sessionCookie ?? '', 3))
      expect((await client.post('/api/proposals', { title: 'x', calculatorData: supportTriageCalculator })).status).toBe(401)
      // The owner needs no code; a tampered cookie is no owner.
      expect((await client.get(`/api/proposals/${id}`)).status).toBe(401)
      expect((await victim.client.get(`/api/proposals/${id}`)).status).toBe(200)
    })
  })

  describe('cookies and script', () => {
    it('sets every cookie HttpOnly and SameSite=Lax with Path=/ (session at register and login, visitor id, and their clearing)', async () => {
      const lines: string[] = []
      const browser = new ApiClient(stack.url)
      const register = await browser.post('/api/register', { username: `http_${randomBytes(6).toString('hex')}`, password: GOOD_PASSWORD })
      lines.push(...register.headers.getSetCookie())
      const username = ((await register.json()) as { username: string }).username
      const login = await new ApiClient(stack.url).post('/api/login', { username, password: GOOD_PASSWORD })
      lines.push(...login.headers.getSetCookie())
      const id = await shareProposal(victim.client, { title: 'Cookie check' })
      lines.push(...(await new ApiClient(stack.url).get(`/api/proposals/${id}`)).headers.getSetCookie())
      lines.push(...(await browser.post('/api/logout')).headers.getSetCookie())
      const stale = new ApiClient(stack.url)
      stale.setCookie('vp_session', 'stale')
      lines.push(...(await stale.get('/api/user')).headers.getSetCookie())

      const names = new Set(lines.map((line) => line.split('=')[0]))
      expect([...names].sort()).toEqual(['vp_session', 'vp_visitor'])
      expect(lines.length).toBeGreaterThanOrEqual(5)
      for (const line of lines) {
        const attributes = line
          .split(';')
          .slice(1)
          .map((part) => part.trim().toLowerCase())
        expect(attributes, line).toContain('httponly')
        expect(attributes, line).toContain('samesite=lax')
        expect(attributes, line).toContain('path=/')
        expect(
          attributes.some((attribute) => attribute.startsWith('domain=')),
          line,
        ).toBe(false)
      }
    })
  })
})
