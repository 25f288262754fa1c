import { randomInt } from 'node:crypto'
import {
  createdWebhookEndpointSchema,
  WEBHOOK_ENDPOINTS_LIMIT_MESSAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_URL_MESSAGE,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
} from '@valueproof/contracts'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../testing/service.ts'

const seller = () => randomInt(1, 2 ** 31 - 1)
const endpoint = { url: 'https://hooks.example.test/valueproof', events: ['proposal.opened', 'proposal.agreed'] }

async function message(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

describe.skipIf(!(await needs('postgres')))('/notifications/webhooks', () => {
  let service: NotificationUnderTest
  beforeAll(async () => {
    service = await startNotification()
  })
  afterAll(async () => service?.close())

  it('adds an endpoint and shows its secret once: the list never has it, the database only encrypted', async () => {
    const userId = seller()
    const response = await service.call('POST', '/notifications/webhooks', { userId, body: endpoint })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const created = createdWebhookEndpointSchema.parse(await response.json())
    expect(created).toMatchObject({ ...endpoint, enabled: true })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)

    const listed = webhookEndpointListSchema.parse(await (await service.call('GET', '/notifications/webhooks', { userId })).json())
    expect(listed.endpoints).toEqual([
      { id: created.id, url: endpoint.url, events: endpoint.events, enabled: true, createdAt: created.createdAt },
    ])
    expect(JSON.stringify(listed)).not.toContain(created.secret)

    const row = await service.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })
    expect(row.secret.startsWith('v1:')).toBe(true)
    expect(row.secret).not.toContain(created.secret.slice('whsec_'.length, 20))
  })

  it('refuses an address that is not https, no events, an unknown event, a repeated one and unknown fields', async () => {
    const userId = seller()
    for (const [body, expected] of [
      [{ ...endpoint, url: 'http://hooks.example.test/' }, WEBHOOK_URL_MESSAGE],
      [{ ...endpoint, url: 'hooks.example.test' }, WEBHOOK_URL_MESSAGE],
      [{ ...endpoint, url: 'https://user:pw@hooks.example.test/' }, WEBHOOK_URL_MESSAGE],
      [{ ...endpoint, url: `https://hooks.example.test/${'a'.repeat(2048)}` }, WEBHOOK_URL_MESSAGE],
      [{ ...endpoint, events: [] }, 'Choose at least one event to send'],
      [{ ...endpoint, events: ['proposal.deleted'] }, undefined],
      [{ ...endpoint, events: ['proposal.opened', 'proposal.opened'] }, 'Name each event once'],
      [{ ...endpoint, secret: 'mine' }, undefined],
      [[], undefined],
    ] as const) {
      const response = await service.call('POST', '/notifications/webhooks', { userId, body })
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      const text = await message(response)
      if (expected === undefined) expect(text.length).toBeGreaterThan(0)
      else expect(text).toContain(expected)
    }
    expect(
      webhookEndpointListSchema.parse(await (await service.call('GET', '/notifications/webhooks', { userId })).json()).endpoints,
    ).toEqual([])
  })

  it(`keeps a seller to ${WEBHOOK_ENDPOINTS_MAX} endpoints`, async () => {
    const userId = seller()
    for (let index = 0; index < WEBHOOK_ENDPOINTS_MAX; index += 1)
      expect((await service.call('POST', '/notifications/webhooks', { userId, body: endpoint })).status).toBe(201)
    const refused = await service.call('POST', '/notifications/webhooks', { userId, body: endpoint })
    expect([refused.status, await message(refused)]).toEqual([409, WEBHOOK_ENDPOINTS_LIMIT_MESSAGE])
  })

  it("deletes an endpoint, and never another seller's: theirs are not found", async () => {
    const owner = seller()
    const created = createdWebhookEndpointSchema.parse(
      await (await service.call('POST', '/notifications/webhooks', { userId: owner, body: endpoint })).json(),
    )
    const stranger = seller()
    for (const [method, path] of [
      ['DELETE', `/notifications/webhooks/${created.id}`],
      ['GET', `/notifications/webhooks/${created.id}/deliveries`],
      ['POST', `/notifications/webhooks/${created.id}/deliveries/wd_unknown/resend`],
    ] as const) {
      const response = await service.call(method, path, { userId: stranger })
      expect([path, response.status, await message(response)]).toEqual([path, 404, 'No such webhook endpoint'])
    }
    const deliveries = await service.call('GET', `/notifications/webhooks/${created.id}/deliveries`, { userId: owner })
    expect(webhookDeliveryListSchema.parse(await deliveries.json())).toEqual({ deliveries: [] })
    const unknownDelivery = await service.call('POST', `/notifications/webhooks/${created.id}/deliveries/wd_unknown/resend`, {
      userId: owner,
    })
    expect([unknownDelivery.status, await message(unknownDelivery)]).toEqual([404, 'No such delivery for this endpoint'])

    expect((await service.call('DELETE', `/notifications/webhooks/${created.id}`, { userId: owner })).status).toBe(204)
    expect((await service.call('DELETE', `/notifications/webhooks/${created.id}`, { userId: owner })).status).toBe(404)
    expect(webhookEndpointListSchema.parse(await (await service.call('GET', '/notifications/webhooks', { userId: owner })).json())).toEqual(
      {
        endpoints: [],
      },
    )
  })

  it('answers 401 without a signed-in seller', async () => {
    for (const [method, path] of [
      ['GET', '/notifications/webhooks'],
      ['POST', '/notifications/webhooks'],
      ['DELETE', '/notifications/webhooks/we_x'],
      ['GET', '/notifications/webhooks/we_x/deliveries'],
      ['POST', '/notifications/webhooks/we_x/deliveries/wd_x/resend'],
    ] as const) {
      expect([path, (await service.call(method, path, method === 'POST' ? { body: endpoint } : {})).status]).toEqual([path, 401])
    }
  })
})
