// The e-mails a seller gets, end to end on PostgreSQL and Mailpit: events in, one e-mail out each,
// in the seller's language, with a one-click unsubscribe that works.
import { randomInt } from 'node:crypto'
import { emailVerificationRequested, proposalAgreed, proposalPdfDownloaded, proposalViewed, userEmailChanged } from '@valueproof/event-bus'
import { eventually, mailTo, needs, type MailpitMessage } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, startNotification, type NotificationUnderTest } from './testing/service.ts'

const ready = await needs('postgres', 'mailpit')

function seller(language: 'en' | 'sv' = 'en') {
  const userId = randomInt(1, 2 ** 31 - 1)
  return { userId, email: `seller-${userId}@example.test`, language }
}

async function inbox(address: string, count: number): Promise<MailpitMessage[]> {
  return eventually(async () => {
    const found = await mailTo(address)
    return found.length >= count ? found : undefined
  }, 15_000)
}

/** Waits until the mail row `id` is no longer pending, so "nothing was sent" is a fact and not a race. */
async function settled(service: NotificationUnderTest, id: string): Promise<string> {
  return eventually(async () => {
    const row = await service.prisma.mail.findUnique({ where: { id } })
    return row !== null && row.status !== 'pending' ? row.status : undefined
  })
}

describe.skipIf(!ready)('e-mails to the seller', () => {
  let service: NotificationUnderTest
  beforeAll(async () => {
    service = await startNotification({ LATER_OPENS_WINDOW_MINUTES: 60 })
  })
  afterAll(async () => service?.close())

  async function confirmed(language: 'en' | 'sv' = 'en') {
    const who = seller(language)
    await service.publish(userEmailChanged, { userId: who.userId, verifiedEmail: who.email, language })
    await eventually(async () => ((await service.prisma.seller.findUnique({ where: { userId: who.userId } }))?.email ? true : undefined))
    return who
  }

  function view(ownerUserId: number, proposalId: string, extra: { viewer?: string; counting?: string } = {}) {
    return {
      proposalId,
      ownerUserId,
      viewer: 'visitor',
      visitorId: 'v'.repeat(22),
      counting: 'counted',
      title: 'Support desk automation',
      ...extra,
    }
  }

  it('sends the confirmation link to the address being confirmed, in its language, without an unsubscribe', async () => {
    const who = seller('sv')
    await service.publish(emailVerificationRequested, {
      userId: who.userId,
      email: who.email,
      language: 'sv',
      verifyPath: '/api/user/email/verify?token=abc123',
    })
    const [message] = await inbox(who.email, 1)
    expect(message?.Subject).toBe('Bekräfta din e-postadress för ValueProof')
    expect(message?.Text).toContain(`${ORIGIN}/api/user/email/verify?token=abc123`)
    expect(message?.HTML).toContain(`href="${ORIGIN}/api/user/email/verify?token=abc123"`)
    expect(message?.headers['Content-Language']).toEqual(['sv'])
    expect(message?.headers['List-Unsubscribe']).toBeUndefined()
  })

  it('tells of a first open once, however often the event arrives, and gathers later opens into one e-mail', async () => {
    const who = await confirmed('sv')
    const proposalId = `p-${who.userId}`
    const first = await service.publish(proposalViewed, view(who.userId, proposalId))
    await service.publish(proposalViewed, view(who.userId, proposalId), { id: first })
    const [opened, ...again] = await inbox(who.email, 1)
    expect(again).toEqual([])
    expect(opened?.Subject).toBe('En kund har öppnat ”Support desk automation”')
    expect(opened?.Text).toContain(`${ORIGIN}/analytics/${proposalId}`)
    expect(opened?.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click'])
    expect(opened?.HTML).not.toContain('v'.repeat(22))

    for (let count = 0; count < 3; count += 1) await service.publish(proposalViewed, view(who.userId, proposalId))
    await eventually(async () =>
      (await service.prisma.pendingOpens.findUnique({ where: { proposalId } }))?.opens === 3 ? true : undefined,
    )
    expect(await mailTo(who.email)).toHaveLength(1)
    service.advance(61 * 60_000)
    const messages = await inbox(who.email, 2)
    expect(messages.map((message) => message.Subject)).toContain('”Support desk automation” har öppnats 3 gånger till')
  })

  it("never tells of the owner's own views or of suspect ones", async () => {
    const who = await confirmed()
    const ownerView = await service.publish(proposalViewed, view(who.userId, `o-${who.userId}`, { viewer: 'owner' }))
    const suspect = await service.publish(proposalViewed, view(who.userId, `s-${who.userId}`, { counting: 'suspect' }))
    await eventually(async () => {
      const processed = await service.prisma.processedEvent.count({ where: { eventId: { in: [ownerView, suspect] } } })
      return processed === 2 ? true : undefined
    })
    expect(await service.prisma.mail.count({ where: { userId: who.userId } })).toBe(0)
  })

  it('tells of an agreement with its scenario, yearly value and name, and of a PDF download', async () => {
    const who = await confirmed()
    await service.publish(proposalAgreed, {
      proposalId: `a-${who.userId}`,
      ownerUserId: who.userId,
      scenario: 'expected',
      version: 1,
      agreementHash: 'f'.repeat(64),
      title: 'Fleet fuel savings',
      yearlyValue: 123456.4,
      currency: 'USD',
      agreedByName: 'Dana Fox',
    })
    await service.publish(proposalPdfDownloaded, {
      proposalId: `a-${who.userId}`,
      ownerUserId: who.userId,
      viewer: 'visitor',
      scenario: 'optimistic',
      title: 'Fleet fuel savings',
    })
    const messages = await inbox(who.email, 2)
    const agreed = messages.find((message) => message.Subject === 'A prospect agreed to "Fleet fuel savings"')
    expect(agreed?.Text).toContain('Scenario: Expected')
    expect(agreed?.Text).toContain('Yearly value: $123,456')
    expect(agreed?.Text).toContain('Agreed by: Dana Fox')
    const pdf = messages.find((message) => message.Subject === 'A prospect downloaded "Fleet fuel savings" as a PDF')
    expect(pdf?.Text).toContain('Scenario: Optimistic')
  })

  it('sends nothing to a seller without a confirmed address, or for a kind they turned off', async () => {
    const nobody = seller()
    const owed = await service.publish(proposalViewed, view(nobody.userId, `n-${nobody.userId}`))
    expect(await settled(service, `first_open-${owed}`)).toBe('skipped')

    const who = await confirmed()
    const turnedOff = await service.call('PUT', '/notifications/settings', { userId: who.userId, body: { firstOpen: false } })
    expect(await turnedOff.json()).toMatchObject({ firstOpen: false, laterOpens: true })
    const quiet = await service.publish(proposalViewed, view(who.userId, `q-${who.userId}`))
    expect(await settled(service, `first_open-${quiet}`)).toBe('skipped')
    expect(await mailTo(who.email)).toEqual([])
  })

  it("turns a kind off from the e-mail's one-click link, and tells a forged or altered token from a real one", async () => {
    const who = await confirmed()
    await service.publish(proposalViewed, view(who.userId, `u-${who.userId}`))
    const [message] = await inbox(who.email, 1)
    const oneClick = /^<(.+)>$/.exec(message?.headers['List-Unsubscribe']?.[0] ?? '')?.[1] ?? ''
    expect(oneClick.startsWith(`${ORIGIN}/api/notifications/unsubscribe?token=`)).toBe(true)
    const path = oneClick.slice(`${ORIGIN}/api`.length)
    expect(await (await service.call('GET', path)).json()).toEqual({ kind: 'firstOpen', unsubscribed: false })
    expect(await (await service.call('POST', path)).json()).toEqual({ kind: 'firstOpen', unsubscribed: true })
    expect(await (await service.call('GET', '/notifications/settings', { userId: who.userId })).json()).toMatchObject({ firstOpen: false })
    const token = new URL(oneClick).searchParams.get('token') ?? ''
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    for (const bad of [`?token=${encodeURIComponent(altered)}`, '?token=x.y', '']) {
      const refused = await service.call('POST', `/notifications/unsubscribe${bad}`)
      expect(refused.status, bad).toBe(400)
      expect(await refused.json()).toMatchObject({ message: 'This unsubscribe link is not valid' })
    }
  })

  it('sends each seller one weekly digest of views per proposal, on Monday morning', async () => {
    const who = await confirmed()
    const views = [`d1-${who.userId}`, `d1-${who.userId}`, `d2-${who.userId}`]
    for (const proposalId of views)
      await service.publish(proposalViewed, { ...view(who.userId, proposalId), title: proposalId.startsWith('d1') ? 'Alpha' : 'Beta' })
    await eventually(async () =>
      (await service.prisma.dailyViews.count({ where: { proposalId: { in: views } } })) === 2 ? true : undefined,
    )
    const now = service.now()
    const daysToMonday = (8 - now.getUTCDay()) % 7 || 7
    const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToMonday, 8, 1)
    service.advance(monday - now.getTime())
    const digest = await eventually(async () => (await mailTo(who.email)).find((message) => message.Subject === 'Your proposals this week'))
    expect(digest.Text).toContain('Alpha: 2 views')
    expect(digest.Text).toContain('Beta: 1 view')
    service.advance(10 * 60_000)
    await eventually(async () =>
      (await service.prisma.mail.count({ where: { userId: who.userId, status: 'pending' } })) === 0 ? true : undefined,
    )
    expect((await mailTo(who.email)).filter((message) => message.Subject === 'Your proposals this week')).toHaveLength(1)
  })
})
