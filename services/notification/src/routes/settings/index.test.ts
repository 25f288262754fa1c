import { randomInt } from 'node:crypto'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../../testing/service.ts'

describe.skipIf(!(await needs('postgres')))('GET and PUT /notifications/settings', () => {
  let service: NotificationUnderTest
  beforeAll(async () => {
    service = await startNotification()
  })
  afterAll(async () => service?.close())

  it('has every kind on for a seller who never changed anything', async () => {
    const response = await service.call('GET', '/notifications/settings', { userId: randomInt(1, 2 ** 31 - 1) })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.json()).toEqual({ firstOpen: true, laterOpens: true, agreed: true, pdfDownloaded: true, weeklyDigest: true })
  })

  it('changes only the kinds named, and keeps them', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const changed = await service.call('PUT', '/notifications/settings', { userId, body: { weeklyDigest: false, agreed: false } })
    expect(await changed.json()).toEqual({ firstOpen: true, laterOpens: true, agreed: false, pdfDownloaded: true, weeklyDigest: false })
    await service.call('PUT', '/notifications/settings', { userId, body: { agreed: true } })
    expect(await (await service.call('GET', '/notifications/settings', { userId })).json()).toMatchObject({
      agreed: true,
      weeklyDigest: false,
    })
  })

  it('refuses a body that names no kind, an unknown kind or a value that is not true or false', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    for (const body of [{}, { marketing: true }, { firstOpen: 'no' }, []]) {
      const response = await service.call('PUT', '/notifications/settings', { userId, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(0)
    }
    expect(await (await service.call('GET', '/notifications/settings', { userId })).json()).toMatchObject({ firstOpen: true })
  })

  it('answers 401 without a signed-in seller', async () => {
    expect((await service.call('GET', '/notifications/settings')).status).toBe(401)
    expect((await service.call('PUT', '/notifications/settings', { body: { firstOpen: false } })).status).toBe(401)
  })
})
