import { passwordRules } from '@valueproof/contracts'
import { IDENTITY_HEADER, signIdentity } from '@valueproof/http-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { fakeExecutable, logoForm, SVG_LOGO, tinyPng } from './support/images.ts'
import { changePlanEverywhere, SubscriptionChange } from './support/plan-events.ts'
import { stackKinds, startTestStack, WEB_SHELL_MARKER, type TestStack } from './support/stack.ts'
import { eventually } from '@valueproof/testing'

const kinds = await stackKinds('postgres+nats+minio', 'postgres+nats+minio+http')

describe.each(kinds)('identity through the gateway (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function registered(prefix = 'user'): Promise<{ client: ApiClient; username: string; id: number }> {
    const client = new ApiClient(stack.url)
    const username = uniqueUsername(prefix)
    const response = await client.post('/api/register', { username, password: GOOD_PASSWORD })
    expect(response.status).toBe(201)
    const user = (await response.json()) as { id: number }
    return { client, username, id: user.id }
  }

  /** Pro as billing grants it: a subscription event every service has applied. */
  async function makePro(userId: number): Promise<void> {
    await changePlanEverywhere(stack, { userId, change: SubscriptionChange.ACTIVATED })
  }

  describe('register, session, logout', () => {
    it('registers, answers the SPEC user record without any password, and sets an httpOnly SameSite=Lax cookie', async () => {
      const client = new ApiClient(stack.url)
      const username = uniqueUsername('Reg')
      const response = await client.post('/api/register', { username: `  ${username}  `, password: GOOD_PASSWORD })
      expect(response.status).toBe(201)
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('vp_session='))
      expect(cookie).toMatch(/httponly/i)
      expect(cookie).toMatch(/samesite=lax/i)
      expect(cookie).toMatch(/path=\//i)
      const user = (await response.json()) as Record<string, unknown>
      expect(Object.keys(user).sort()).toEqual(
        [
          'calculatorsCreated',
          'calculatorsLimit',
          'companyLogo',
          'companyName',
          'companyWebsite',
          'contactEmail',
          'contactName',
          'contactPhone',
          'customBranding',
          // The seller's address for notifications and the language of their e-mails (issue 39).
          'email',
          'emailVerified',
          'id',
          'language',
          'plan',
          'stripeCustomerId',
          'stripeSubscriptionId',
          'updatedAt',
          'username',
        ].sort(),
      )
      expect(user).toMatchObject({ username, plan: 'free', calculatorsCreated: 0, calculatorsLimit: 5, customBranding: false })
      expect(JSON.stringify(user)).not.toMatch(/scrypt|password/i)

      const me = await client.get('/api/user')
      expect(me.status).toBe(200)
      expect(await me.json()).toEqual(user)
    })

    it('answers 401 to GET /api/user when signed out, with a forged session id, or with a forged user header', async () => {
      const client = new ApiClient(stack.url)
      expect((await client.get('/api/user')).status).toBe(401)
      client.setCookie('vp_session', 'A'.repeat(43))
      const forged = await client.get('/api/user')
      expect(forged.status).toBe(401)
      expect(await forged.json()).toEqual({ message: 'You are not signed in' })
      const headerOnly = new ApiClient(stack.url)
      expect((await headerOnly.get('/api/user', { 'x-user-id': '1' })).status).toBe(401)
    })

    it('enforces each SPEC password rule on the server with its message', async () => {
      const client = new ApiClient(stack.url)
      const cases: Array<[string, string]> = [
        ['Sh0rt!', 'Password must be at least 8 characters'],
        ['lowercase-only-1', 'Password must contain at least one uppercase letter'],
        ['UPPERCASE-ONLY-1', 'Password must contain at least one lowercase letter'],
        ['No-Numbers-Here', 'Password must contain at least one number'],
        ['NoSpecial123', 'Password must contain at least one special character'],
      ]
      for (const [password, message] of cases) {
        const response = await client.post('/api/register', { username: uniqueUsername('weak'), password })
        expect(response.status).toBe(400)
        expect(((await response.json()) as { message: string }).message).toContain(message)
      }
      expect(passwordRules.map((rule) => rule.message)).toEqual(cases.map(([, message]) => message))
    })

    it('requires username and password and names what is wrong', async () => {
      const client = new ApiClient(stack.url)
      const noUsername = await client.post('/api/register', { username: '   ', password: GOOD_PASSWORD })
      expect(noUsername.status).toBe(400)
      expect(await noUsername.json()).toEqual({ message: 'username: Username is required' })
      const noPassword = await client.post('/api/login', { username: 'someone' })
      expect(noPassword.status).toBe(400)
      expect(((await noPassword.json()) as { message: string }).message).toContain('password')
    })

    it('keeps usernames unique regardless of case and surrounding spaces', async () => {
      const { username } = await registered('Dup')
      const again = await new ApiClient(stack.url).post('/api/register', {
        username: ` ${username.toUpperCase()} `,
        password: GOOD_PASSWORD,
      })
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({ message: 'Username already exists' })
    })

    it('logs in case-insensitively and gives one answer for a wrong password and an unknown user', async () => {
      const { username } = await registered('Login')
      const client = new ApiClient(stack.url)
      const ok = await client.post('/api/login', { username: username.toUpperCase(), password: GOOD_PASSWORD })
      expect(ok.status).toBe(200)
      expect(((await ok.json()) as { username: string }).username).toBe(username)
      expect((await client.get('/api/user')).status).toBe(200)

      const wrong = await new ApiClient(stack.url).post('/api/login', { username, password: 'Wrong-Password-1' })
      const unknown = await new ApiClient(stack.url).post('/api/login', { username: uniqueUsername('ghost'), password: GOOD_PASSWORD })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(await wrong.json()).toEqual({ message: 'Invalid username or password' })
      expect(await unknown.json()).toEqual({ message: 'Invalid username or password' })
      expect(wrong.headers.getSetCookie()).toEqual([])
    })

    it('logout ends the session at once, even where the gateway had cached it', async () => {
      const { client } = await registered('Logout')
      const token = client.sessionCookie
      expect(token).toBeDefined()
      expect((await client.get('/api/user')).status).toBe(200) // now cached by the gateway
      const logout = await client.post('/api/logout')
      expect(logout.status).toBe(204)
      expect(logout.headers.getSetCookie().join()).toMatch(/vp_session=;.*expires=Thu, 01 Jan 1970/i)
      const replay = new ApiClient(stack.url)
      replay.setCookie('vp_session', token ?? '')
      expect((await replay.get('/api/user')).status).toBe(401)
    })

    it('a logout through one gateway replica revokes the session on another (session-revoked event)', async () => {
      const { client } = await registered('Replica')
      const token = client.sessionCookie ?? ''
      const { sessionIdOf } = await import('../../gateway/src/sessions/session-cache.ts')
      // The gateway's cache holds the session after one request...
      expect((await client.get('/api/user')).status).toBe(200)
      expect(await stack.gateway.sessions.resolve(token)).not.toBeNull()
      // ...and identity's event, not the gateway's own eviction, must remove it: log out behind its back.
      const response = await fetch(new URL('/logout', stack.services.identity.url), {
        method: 'POST',
        headers: {
          'x-session-token': token,
          [IDENTITY_HEADER]: signIdentity(stack.signingKey, { method: 'POST', path: '/logout' }, { clientIp: '127.0.0.1' }),
        },
      })
      expect(response.status).toBe(204)
      const sessionId = sessionIdOf(token)
      await eventually(() => Promise.resolve(stack.gateway.sessions.has(sessionId) ? undefined : true))
      expect((await client.get('/api/user')).status).toBe(401)
    })
  })

  describe('bad input and cross-origin requests', () => {
    it('answers malformed JSON with 400 and a clear message', async () => {
      const response = await new ApiClient(stack.url).request('POST', '/api/login', {
        body: '{"username": "a", "password":',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Malformed JSON in request body' })
    })

    it('refuses a body that is not a JSON object', async () => {
      const response = await new ApiClient(stack.url).request('POST', '/api/login', {
        body: '[1,2]',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: 'Request body must be a JSON object' })
    })

    it('refuses an oversized JSON body with 413 before it reaches the service', async () => {
      const response = await new ApiClient(stack.url).post('/api/register', { username: 'x', password: 'y'.repeat(200_000) })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ message: 'Request body is too large (limit 100 KB)' })
    })

    it('refuses state-changing requests from another origin or another site', async () => {
      const client = new ApiClient(stack.url)
      const otherOrigin = await client.post(
        '/api/register',
        { username: uniqueUsername('csrf'), password: GOOD_PASSWORD },
        { origin: 'https://evil.example' },
      )
      expect(otherOrigin.status).toBe(403)
      expect(await otherOrigin.json()).toEqual({ message: 'Cross-origin requests are not allowed' })
      const crossSite = await client.post('/api/logout', undefined, { 'sec-fetch-site': 'cross-site' })
      expect(crossSite.status).toBe(403)
    })

    it('answers unknown /api paths with a JSON 404 and serves the web app for client routes', async () => {
      const unknown = await fetch(new URL('/api/nothing/here', stack.url))
      expect(unknown.status).toBe(404)
      expect(unknown.headers.get('content-type')).toMatch(/application\/json/)
      expect(await unknown.json()).toEqual({ message: 'No API route for GET /api/nothing/here' })
      const page = await fetch(new URL('/proposals/some-client-route', stack.url))
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(WEB_SHELL_MARKER)
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    })

    it('gives API answers the API security headers and the web app the document ones', async () => {
      const { client } = await registered('Headers')
      for (const response of [
        await client.get('/api/user'),
        await fetch(new URL('/api/nothing/here', stack.url)),
        await fetch(new URL('/api/user', stack.url)),
      ]) {
        expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('x-frame-options')).toBe('DENY')
        // A user's record must not stay in any cache.
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(response.headers.get('permissions-policy')).toBeNull()
      }
      const page = await fetch(new URL('/', stack.url))
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(page.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=()')
    })

    it('answers /healthz and /readyz', async () => {
      expect((await fetch(new URL('/healthz', stack.url))).status).toBe(200)
      const ready = await fetch(new URL('/readyz', stack.services.identity.url))
      expect(ready.status).toBe(200)
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
    })
  })

  describe('company profile and logo', () => {
    it('refuses profile edits on the Free plan with 403', async () => {
      const { client } = await registered('Free')
      const response = await client.patch('/api/profile', { companyName: 'Acme' })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({
        message: 'Company profile editing is available on the Pro plan. Upgrade to Pro to edit your company profile.',
      })
      const logo = await client.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png') })
      expect(logo.status).toBe(403)
    })

    it('lets a Pro user edit the profile, checks the website, and emits the change', async () => {
      const { client, id } = await registered('Pro')
      await makePro(id)
      const badSite = await client.patch('/api/profile', { companyWebsite: 'javascript:alert(1)' })
      expect(badSite.status).toBe(400)
      expect(((await badSite.json()) as { message: string }).message).toContain('Company website must be an http(s) URL')
      const response = await client.patch('/api/profile', { companyName: 'Acme AB', companyWebsite: 'https://acme.example' })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ companyName: 'Acme AB', companyWebsite: 'https://acme.example', companyLogo: null })
      const unknownField = await client.patch('/api/profile', { plan: 'pro' })
      expect(unknownField.status).toBe(400)
    })

    it('stores a PNG logo and serves it back with its type and nosniff; refuses SVG, executables and 10 MB', async () => {
      const { client, id } = await registered('Logo')
      await makePro(id)
      const png = tinyPng()
      const upload = await client.request('POST', '/api/upload-logo', { body: logoForm(png, 'logo.png', 'image/png') })
      expect(upload.status).toBe(200)
      const { url } = (await upload.json()) as { url: string }
      expect(url).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\.png$/)
      // In the stack's own store: MinIO on real infrastructure, files on the embedded defaults.
      expect(await stack.storedObjectKeys()).toContain(url.replace(/^\/api\//, ''))
      const served = await fetch(new URL(url, stack.url))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      // The service's own caching and policy replace the gateway's API defaults.
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
      const profile = await client.patch('/api/profile', { companyLogo: url })
      expect(profile.status).toBe(200)

      const svg = await client.request('POST', '/api/upload-logo', { body: logoForm(SVG_LOGO, 'logo.svg', 'image/svg+xml') })
      expect(svg.status).toBe(415)
      expect(await svg.json()).toEqual({ message: 'Logo must be a PNG, JPEG, WebP or GIF image' })
      const exe = await client.request('POST', '/api/upload-logo', { body: logoForm(fakeExecutable(), 'logo.png', 'image/png') })
      expect(exe.status).toBe(415)
      const huge = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)])
      const tooLarge = await client.request('POST', '/api/upload-logo', { body: logoForm(huge, 'huge.png', 'image/png') })
      expect(tooLarge.status).toBe(413)
      expect(await tooLarge.json()).toEqual({ message: 'Logo must be at most 2 MB' })
      const missing = await fetch(new URL(url.replace(/[0-9a-f]{8}-/, '00000000-'), stack.url))
      expect(missing.status).toBe(404)
    })

    it("refuses someone else's logo as a profile logo", async () => {
      const owner = await registered('Owner')
      await makePro(owner.id)
      const upload = await owner.client.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png') })
      const { url } = (await upload.json()) as { url: string }
      const other = await registered('Other')
      await makePro(other.id)
      const response = await other.client.patch('/api/profile', { companyLogo: url })
      expect(response.status).toBe(400)
    })
  })

  describe('events', () => {
    it('a registration reaches analytics through the outbox and the bus, and is counted once', async () => {
      const db = stack.databases.analytics
      const table = db.schema ? `"${db.schema}".daily_signups` : 'daily_signups'
      const count = async () => {
        const rows = await db.query<Array<{ total: bigint | number | null }>>(`SELECT COALESCE(SUM(count), 0) AS total FROM ${table}`)
        return Number(rows[0]?.total ?? 0)
      }
      const before = await count()
      await registered('Event')
      await eventually(async () => ((await count()) === before + 1 ? true : undefined))
      const identity = stack.databases.identity
      const outbox = identity.schema ? `"${identity.schema}".outbox_event` : 'outbox_event'
      await eventually(async () => {
        const pending = await identity.query<Array<{ n: bigint | number }>>(
          `SELECT count(*) AS n FROM ${outbox} WHERE published_at IS NULL`,
        )
        return Number(pending[0]?.n) === 0 ? true : undefined
      })
    })
  })
})
