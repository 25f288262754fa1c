// The seller's address for notifications (issue 39): given at sign-up or in /settings, confirmed by
// a link only its mailbox receives (the token read back here from the outbox event the notification
// service mails), changed and removed; identity tells the notification service which address mail
// may go to, in which language, through the outbox.
import { EMAIL_VERIFY_PATH, userRecordSchema, type UserRecord } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { EMAIL_LINKS_PER_HOUR, NO_PENDING_ADDRESS_MESSAGE } from '../../domain/seller-email.ts'
import { emailChanges, latestVerifyPath, verificationRequests } from '../../testing/seller-email.ts'

// Over HTTP as separate deployments run: the gateway passes identity's redirect on.
const kinds = await stackKinds('postgres+nats+minio+http')

describe.each(kinds)("the seller's e-mail address (%s)", (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function registered(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const client = new ApiClient(stack.url)
    const response = await client.post('/api/register', { username: uniqueUsername('mail'), password: GOOD_PASSWORD, ...body }, headers)
    expect(response.status, await response.clone().text()).toBe(201)
    return { client, user: userRecordSchema.strict().parse(await response.json()) }
  }

  async function record(client: ApiClient): Promise<UserRecord> {
    return userRecordSchema.parse(await (await client.get('/api/user')).json())
  }

  /** Opens a confirmation link as a signed-out mail app would: where it sends the browser. */
  async function openLink(path: string): Promise<string | null> {
    const response = await new ApiClient(stack.url).get(path)
    expect(response.status).toBe(303)
    return response.headers.get('location')
  }

  async function put(client: ApiClient, path: string, json: unknown): Promise<Response> {
    return client.request('PUT', path, { json })
  }

  it('takes an address at sign-up, waits for its link, and confirms it from a signed-out browser once', async () => {
    const { client, user } = await registered({ email: ' Anna.Berg@ACME.Example ', language: 'sv' })
    expect(user).toMatchObject({ email: 'Anna.Berg@acme.example', emailVerified: false, language: 'sv' })
    const [request] = await verificationRequests(stack, user.id)
    expect(request).toMatchObject({ email: 'Anna.Berg@acme.example', language: 'sv' })
    expect(request?.verifyPath).toMatch(new RegExp(`^${EMAIL_VERIFY_PATH}\\?token=[A-Za-z0-9_-]{43}$`))
    // The language is known from the start; no address is confirmed yet.
    expect(await emailChanges(stack, user.id)).toEqual([{ verifiedEmail: '', language: 'sv' }])

    expect(await openLink(request?.verifyPath ?? '')).toBe('/settings?email=verified')
    expect(await record(client)).toMatchObject({ email: 'Anna.Berg@acme.example', emailVerified: true })
    expect(await emailChanges(stack, user.id)).toEqual([
      { verifiedEmail: '', language: 'sv' },
      { verifiedEmail: 'Anna.Berg@acme.example', language: 'sv' },
    ])
    // Used once: the same link again says nothing of whose it was.
    expect(await openLink(request?.verifyPath ?? '')).toBe('/settings?email=invalid')
    expect(await emailChanges(stack, user.id)).toHaveLength(2)
  })

  it("reads a new seller's language from Accept-Language when the form does not name one", async () => {
    const swedish = await registered({}, { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' })
    expect(swedish.user).toMatchObject({ email: null, emailVerified: false, language: 'sv' })
    expect(await verificationRequests(stack, swedish.user.id)).toEqual([])
    expect(await emailChanges(stack, swedish.user.id)).toEqual([{ verifiedEmail: '', language: 'sv' }])
    expect((await registered({}, { 'accept-language': 'en-US,en;q=0.9,sv;q=0.8' })).user.language).toBe('en')
    expect((await registered({ language: 'en' }, { 'accept-language': 'sv' })).user.language).toBe('en')
    expect((await registered({ email: '' })).user).toMatchObject({ email: null, language: 'en' })
  })

  it('changes a confirmed address: the old one stops receiving at once, the new one waits for its own link', async () => {
    const { client, user } = await registered({ email: 'first@acme.example' })
    const firstLink = await latestVerifyPath(stack, user.id)
    expect(await openLink(firstLink)).toBe('/settings?email=verified')

    const changed = await put(client, '/api/user/email', { email: 'second@acme.example' })
    expect(changed.status, await changed.clone().text()).toBe(200)
    expect(await changed.json()).toMatchObject({ email: 'second@acme.example', emailVerified: false })
    expect((await emailChanges(stack, user.id)).map((change) => change.verifiedEmail)).toEqual(['', 'first@acme.example', ''])
    const secondLink = await latestVerifyPath(stack, user.id)
    expect(secondLink).not.toBe(firstLink)
    expect((await verificationRequests(stack, user.id)).at(-1)?.email).toBe('second@acme.example')

    // A change before the link was used retires that link too.
    expect((await put(client, '/api/user/email', { email: 'third@acme.example' })).status).toBe(200)
    expect(await openLink(secondLink)).toBe('/settings?email=invalid')
    expect(await openLink(await latestVerifyPath(stack, user.id))).toBe('/settings?email=verified')
    // The same confirmed address again changes nothing and sends no link.
    const requests = (await verificationRequests(stack, user.id)).length
    expect(await (await put(client, '/api/user/email', { email: 'third@acme.example' })).json()).toMatchObject({ emailVerified: true })
    expect(await verificationRequests(stack, user.id)).toHaveLength(requests)
  })

  it('removes the address: no mail goes to it, and its pending link no longer confirms it', async () => {
    const { client, user } = await registered({ email: 'gone@acme.example' })
    expect(await openLink(await latestVerifyPath(stack, user.id))).toBe('/settings?email=verified')
    const removed = await client.request('DELETE', '/api/user/email')
    expect(removed.status).toBe(200)
    expect(await removed.json()).toMatchObject({ email: null, emailVerified: false })
    expect((await emailChanges(stack, user.id)).at(-1)).toEqual({ verifiedEmail: '', language: 'en' })

    await put(client, '/api/user/email', { email: 'pending@acme.example' })
    const pending = await latestVerifyPath(stack, user.id)
    expect((await client.request('DELETE', '/api/user/email')).status).toBe(200)
    expect(await openLink(pending)).toBe('/settings?email=invalid')
    expect(await record(client)).toMatchObject({ email: null, emailVerified: false })
    // Removing nothing is no error.
    expect((await client.request('DELETE', '/api/user/email')).status).toBe(200)
  })

  it(`sends a new link on request, which retires the older one, at most ${EMAIL_LINKS_PER_HOUR} an hour`, async () => {
    const { client, user } = await registered({ email: 'resend@acme.example' })
    const older = await latestVerifyPath(stack, user.id)
    const resent = await client.post('/api/user/email/resend')
    expect(resent.status, await resent.clone().text()).toBe(200)
    const newer = await latestVerifyPath(stack, user.id)
    expect(newer).not.toBe(older)
    expect(await openLink(older)).toBe('/settings?email=invalid')

    // Sign-up's link was not one of the hour's; the resend above was.
    for (let sent = 1; sent < EMAIL_LINKS_PER_HOUR; sent += 1) expect((await client.post('/api/user/email/resend')).status).toBe(200)
    const refused = await client.post('/api/user/email/resend')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many confirmation links have been sent\. Please try again in/,
    )
    // A change of address sends a link too, under the same limit.
    expect((await put(client, '/api/user/email', { email: 'other@acme.example' })).status).toBe(429)
    expect(await record(client)).toMatchObject({ email: 'resend@acme.example' })
    expect(await openLink(await latestVerifyPath(stack, user.id))).toBe('/settings?email=verified')
  })

  it('refuses a resend when no address waits for confirmation', async () => {
    const { client, user } = await registered()
    const refused = await client.post('/api/user/email/resend')
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({ message: NO_PENDING_ADDRESS_MESSAGE })
    await put(client, '/api/user/email', { email: 'late@acme.example' })
    expect(await openLink(await latestVerifyPath(stack, user.id))).toBe('/settings?email=verified')
    expect((await client.post('/api/user/email/resend')).status).toBe(409)
  })

  it('does not confirm with an expired link, a made-up token or none', async () => {
    const { client, user } = await registered({ email: 'late@acme.example' })
    const link = await latestVerifyPath(stack, user.id)
    const db = stack.databases.identity
    const table = db.schema ? `"${db.schema}"."user"` : '"user"'
    await db.execute(`UPDATE ${table} SET email_token_expires_at = now() - interval '1 second' WHERE id = $1`, user.id)
    expect(await openLink(link)).toBe('/settings?email=invalid')
    for (const path of [EMAIL_VERIFY_PATH, `${EMAIL_VERIFY_PATH}?token=`, `${EMAIL_VERIFY_PATH}?token=${'x'.repeat(43)}`]) {
      expect(await openLink(path), path).toBe('/settings?email=invalid')
    }
    expect(await openLink(`${EMAIL_VERIFY_PATH}?token=${'x'.repeat(500)}`)).toBe('/settings?email=invalid')
    expect(await openLink(`${EMAIL_VERIFY_PATH}?token=a&token=b`)).toBe('/settings?email=invalid')
    expect(await record(client)).toMatchObject({ email: 'late@acme.example', emailVerified: false })
  })

  it('answers a clear 4xx to a bad address, body or caller', async () => {
    const { client } = await registered()
    for (const [body, message] of [
      [{ email: 'anna@acme' }, 'E-mail must be an address like name@example.com'],
      [{ email: 'anna@acme.example?bcc=eve@evil.example' }, 'E-mail must be an address like name@example.com'],
      [{ email: '  ' }, 'E-mail is required'],
      [{ email: `${'a'.repeat(250)}@acme.example` }, 'E-mail must be at most 254 characters'],
      [{}, 'E-mail is required'],
      [{ email: 'anna@acme.example', userId: 1 }, 'userId'],
    ] as const) {
      const response = await put(client, '/api/user/email', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(message)
    }
    const refused = await new ApiClient(stack.url).post('/api/register', {
      username: uniqueUsername('mail'),
      password: GOOD_PASSWORD,
      email: 'not-an-address',
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toContain('E-mail must be an address like name@example.com')

    const visitor = new ApiClient(stack.url)
    expect((await put(visitor, '/api/user/email', { email: 'anna@acme.example' })).status).toBe(401)
    expect((await visitor.request('DELETE', '/api/user/email')).status).toBe(401)
    expect((await visitor.post('/api/user/email/resend')).status).toBe(401)
    expect(await record(client)).toMatchObject({ email: null })
  })
})
