// A company logo given as another site's address (issue 34, decision 122), through the gateway on
// the embedded stack: PATCH /api/profile fetches it once through the one outgoing client and stores
// it as an upload, so prospects' pages only ever load the product's own URL; private, loopback,
// link-local and metadata addresses — directly or by a redirect — are refused with 422 and nothing
// is stored; a profile still holding an external address from before is never shown to a prospect.
// The test's image server runs on loopback: it is reached through OUTBOUND_ALLOWED_TARGETS (exact
// host:port), as only tests and operators set it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { userRecordSchema } from '@valueproof/contracts'
import { eventually } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { SVG_LOGO, tinyPng } from '../../../../../tests/integration/support/images.ts'
import { changePlanEverywhere, SubscriptionChange } from '../../../../../tests/integration/support/plan-events.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { supportTriageCalculator } from '../../../../proposal/src/testing/calculators.ts'
import { LOGO_NOT_USABLE_MESSAGE } from '../../domain/logos.ts'

const PNG = tinyPng()
const PRIVATE_MESSAGE = 'companyLogo: The address leads to a private, local or reserved network, which is never fetched.'

describe('an external company logo', () => {
  let images: Server
  let imagesUrl: string
  let fetched: string[]
  let stack: TestStack

  beforeAll(async () => {
    fetched = []
    images = createServer((request, response) => {
      const path = request.url ?? '/'
      fetched.push(path)
      if (path === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      else if (path === '/logo.svg') response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG_LOGO)
      else if (path === '/huge.png')
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]))
      else if (path.startsWith('/to/')) response.writeHead(302, { location: decodeURIComponent(path.slice(4)) }).end()
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    const { port } = images.address() as AddressInfo
    imagesUrl = `http://127.0.0.1:${port}`
    stack = await startTestStack('pglite+in-process', { OUTBOUND_ALLOWED_TARGETS: `127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await stack?.close()
    images?.closeAllConnections()
    await new Promise((resolve) => images?.close(resolve))
  })

  async function seller(plan: 'free' | 'pro'): Promise<{ client: ApiClient; id: number }> {
    const client = new ApiClient(stack.url)
    const response = await client.post('/api/register', { username: uniqueUsername('logo'), password: GOOD_PASSWORD })
    const { id } = userRecordSchema.parse(await response.json())
    if (plan === 'pro') await changePlanEverywhere(stack, { userId: id, change: SubscriptionChange.ACTIVATED })
    return { client, id }
  }

  async function logoOf(client: ApiClient): Promise<string | null> {
    return userRecordSchema.parse(await (await client.get('/api/user')).json()).companyLogo
  }

  it('refuses loopback, private, link-local and metadata addresses, and a redirect to one, with 422 and stores nothing', async () => {
    const { client } = await seller('pro')
    const keys = await stack.storedObjectKeys()
    for (const url of [
      'http://127.0.0.1/logo.png',
      'http://localhost/logo.png',
      'http://10.0.0.7/logo.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/logo.png',
      `${imagesUrl}/to/${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      `${imagesUrl}/to/${encodeURIComponent('http://127.0.0.1/logo.png')}`,
    ]) {
      const response = await client.patch('/api/profile', { companyLogo: url })
      expect([url, response.status, await response.json()]).toEqual([url, 422, { message: PRIVATE_MESSAGE }])
    }
    expect(await logoOf(client)).toBeNull()
    expect(await stack.storedObjectKeys()).toEqual(keys)
  })

  it('refuses what is not an image of at most 2 MB, and a Free seller before anything is fetched', async () => {
    const { client } = await seller('pro')
    const svg = await client.patch('/api/profile', { companyLogo: `${imagesUrl}/logo.svg` })
    expect([svg.status, await svg.json()]).toEqual([422, { message: `companyLogo: ${LOGO_NOT_USABLE_MESSAGE}` }])
    const huge = await client.patch('/api/profile', { companyLogo: `${imagesUrl}/huge.png` })
    expect([huge.status, await huge.json()]).toEqual([422, { message: 'companyLogo: The file is larger than 2 MB.' }])
    const missing = await client.patch('/api/profile', { companyLogo: `${imagesUrl}/gone.png` })
    expect([missing.status, await missing.json()]).toEqual([422, { message: 'companyLogo: The address answered 404 instead of the file.' }])
    const free = await seller('free')
    const before = fetched.length
    expect((await free.client.patch('/api/profile', { companyLogo: `${imagesUrl}/logo.png` })).status).toBe(403)
    expect(fetched.length).toBe(before)
  })

  it('fetches an allowed address once, stores it as an upload and shows prospects only the product’s own URL', async () => {
    const { client, id } = await seller('pro')
    const before = fetched.filter((path) => path === '/logo.png').length
    const response = await client.patch('/api/profile', { companyName: 'Acme AB', companyLogo: `${imagesUrl}/logo.png` })
    expect(response.status, await response.clone().text()).toBe(200)
    const logo = userRecordSchema.parse(await response.json()).companyLogo ?? ''
    expect(logo).toMatch(/^\/api\/logos\/[0-9a-f-]{36}\.png$/)
    expect(fetched.filter((path) => path === '/logo.png').length).toBe(before + 1)
    expect(await stack.storedObjectKeys()).toContain(logo.replace(/^\/api\//, ''))
    const served = await fetch(new URL(logo, stack.url))
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png'])
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

    // A prospect's proposal carries the product's own URL, once the proposal service has the profile.
    const branding = async () => {
      const shared = await client.post('/api/proposals', { title: 'Logo', calculatorData: supportTriageCalculator })
      const { id: proposalId } = (await shared.json()) as { id: string }
      const opened = await new ApiClient(stack.url).get(`/api/proposals/${proposalId}`)
      return ((await opened.json()) as { calculatorData: { branding: { companyLogo?: string } } }).calculatorData.branding
    }
    await eventually(async () => ((await branding()).companyLogo === logo ? true : undefined))
    // And the page a prospect opens loads images from this site only.
    const page = await fetch(new URL('/proposals/AAAAAAAAAAAAAAAAAAAAAA', stack.url))
    const imageSources = /(?:^|; )img-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1]
    expect(imageSources).toBe("'self'")

    // A profile from before the rule, still holding another site's address: never shown to a prospect.
    const schema = stack.databases.proposal.schema
    await stack.databases.proposal.execute(
      `UPDATE ${schema ? `"${schema}".` : ''}user_account SET company_logo = $1 WHERE user_id = $2`,
      'https://tracker.example/pixel.png',
      id,
    )
    expect(await branding()).toEqual({ companyName: 'Acme AB' })
  })
})
