import { describe, expect, it } from 'vitest'
import { composeMail } from './compose.ts'

const origin = 'https://app.valueproof.test'

describe('an e-mail written out', () => {
  it("escapes the seller's own words in the HTML part and keeps them whole in the text part", () => {
    const mail = composeMail({ kind: 'first_open', data: { proposalId: 'p1', title: 'Acme <script>alert(1)</script> & "Co"' } }, 'en', {
      origin,
      unsubscribeToken: 't.k',
    })
    expect(mail.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text).toContain('A prospect opened "Acme <script>alert(1)</script> & "Co"" for the first time.')
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${origin}/unsubscribe?token=t.k`)
  })

  it('says a net cost as one, and leaves the yearly value out when the calculator shows none', () => {
    const base = { proposalId: 'p1', title: 'Fleet', scenario: 'conservative', currency: 'SEK', agreedByName: '' }
    const cost = composeMail({ kind: 'agreed', data: { ...base, yearlyValue: -65640 } }, 'sv', { origin, unsubscribeToken: 't.k' })
    expect(cost.text).toContain('Nettokostnad per år: 65')
    expect(cost.text).toContain('Scenario: Försiktigt')
    expect(cost.text).not.toContain('Godkänt av')
    const none = composeMail({ kind: 'agreed', data: base }, 'en', { origin, unsubscribeToken: 't.k' })
    expect(none.text).not.toMatch(/Yearly value|Net cost/)
  })

  it('counts later opens in the right grammatical number, in both languages', () => {
    const one = composeMail({ kind: 'later_opens', data: { proposalId: 'p1', title: 'T', opens: 1 } }, 'en', {
      origin,
      unsubscribeToken: 't.k',
    })
    expect(one.subject).toBe('"T" was opened 1 more time')
    const three = composeMail({ kind: 'later_opens', data: { proposalId: 'p1', title: 'T', opens: 3 } }, 'sv', {
      origin,
      unsubscribeToken: 't.k',
    })
    expect(three.subject).toBe('”T” har öppnats 3 gånger till')
  })

  it('links a verification only to a path on the product, never to another host', () => {
    for (const verifyPath of ['//evil.example/x', 'https://evil.example/x']) {
      const mail = composeMail({ kind: 'verify', data: { verifyPath, language: 'en' } }, 'en', { origin })
      expect(mail.text).toContain(`${origin}/settings`)
      expect(mail.text).not.toContain('evil.example')
    }
    const mail = composeMail({ kind: 'verify', data: { verifyPath: '/api/user/email/verify?token=abc', language: 'en' } }, 'en', { origin })
    expect(mail.text).toContain(`Confirm e-mail address: ${origin}/api/user/email/verify?token=abc`)
    expect(mail.text).not.toContain('Unsubscribe')
  })

  it('lists only viewed proposals in the weekly digest, or says none was viewed', () => {
    const digest = composeMail(
      {
        kind: 'weekly_digest',
        data: {
          weekStart: '2026-11-23',
          proposals: [
            { proposalId: 'a', title: 'Alpha', views: 4 },
            { proposalId: 'b', title: 'Beta', views: 1 },
          ],
        },
      },
      'en',
      { origin, unsubscribeToken: 't.k' },
    )
    expect(digest.text).toContain('Alpha: 4 views')
    expect(digest.text).toContain('Beta: 1 view')
    expect(digest.text).toContain(`${origin}/analytics/a`)
  })

  it("tells of a disabled webhook in the seller's language, with the way back and no unsubscribe", () => {
    const data = { endpointId: 'we_1', url: 'https://hooks.example.test/vp', reason: 'Deliveries failed for a day (last: answered 500)' }
    const english = composeMail({ kind: 'webhook_disabled', data }, 'en', { origin })
    expect(english.subject).toBe('Your webhook endpoint was turned off')
    expect(english.text).toContain('Deliveries to https://hooks.example.test/vp failed for a day, so ValueProof stopped sending to it.')
    expect(english.text).toContain(`Open webhook settings: ${origin}/settings`)
    expect(english.text).not.toContain('Unsubscribe')
    const swedish = composeMail({ kind: 'webhook_disabled', data }, 'sv', { origin })
    expect(swedish.subject).toBe('Din webhook har stängts av')
    expect(swedish.html).toContain('Senaste felet: Deliveries failed for a day (last: answered 500)')
  })
})

describe('an e-mail without a footer', () => {
  it('ends with its last paragraph: no separator and no empty footer', () => {
    const mail = composeMail({ kind: 'verify', data: { verifyPath: '/api/user/email/verify?token=abc', language: 'en' } }, 'en', { origin })
    expect(mail.text.endsWith('nothing is sent to this address until it is confirmed.')).toBe(true)
    expect(mail.html).not.toContain('<hr')
  })
})
