import { randomBytes, randomInt } from 'node:crypto'
import { deadLettersSchema } from '@valueproof/contracts'
import { operatorTokenMessage } from '@valueproof/http-kit'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNotification, type NotificationUnderTest } from '../../testing/service.ts'

const TOKEN = randomBytes(32).toString('base64url')

describe.skipIf(!(await needs('postgres')))('GET /notifications/dead-letters', () => {
  let service: NotificationUnderTest
  let bare: NotificationUnderTest
  beforeAll(async () => {
    service = await startNotification({ NOTIFICATION_OPERATOR_TOKEN: TOKEN })
    bare = await startNotification()
  })
  afterAll(async () => {
    await service?.close()
    await bare?.close()
  })

  it('lists the e-mails given up, newest first, without their address or content', async () => {
    const userId = randomInt(1, 2 ** 31 - 1)
    const base = { userId, kind: 'agreed', address: 'someone@example.test', data: { proposalId: 'p', title: 'Secret title' }, attempts: 7 }
    await service.prisma.mail.createMany({
      data: [
        {
          ...base,
          id: `dead-old-${userId}`,
          status: 'dead',
          lastError: 'gave up after a day: 421',
          createdAt: new Date(Date.now() - 60_000),
        },
        { ...base, id: `dead-new-${userId}`, status: 'dead', lastError: '550 no such user' },
        { ...base, id: `sent-${userId}`, status: 'sent' },
      ],
    })
    const response = await service.call('GET', '/notifications/dead-letters', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    const listed = deadLettersSchema.parse(await response.json()).mails.filter((mail) => mail.userId === userId)
    expect(listed.map((mail) => [mail.id, mail.lastError])).toEqual([
      [`dead-new-${userId}`, '550 no such user'],
      [`dead-old-${userId}`, 'gave up after a day: 421'],
    ])
    expect(JSON.stringify(listed)).not.toMatch(/someone@example\.test|Secret title/)
  })

  it('answers 401 to any other token, and 404 where no token is configured', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, TOKEN, '']) {
      const refused = await service.call('GET', '/notifications/dead-letters', { headers: { authorization } })
      expect(refused.status, authorization).toBe(401)
      expect(await refused.json()).toMatchObject({ message: operatorTokenMessage('NOTIFICATION_OPERATOR_TOKEN') })
    }
    expect((await bare.call('GET', '/notifications/dead-letters', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })
})
