import { NOTIFICATION_KINDS } from '@valueproof/contracts'
import { describe, expect, it } from 'vitest'
import { unsubscribeSearchSchema } from './unsubscribe-search.ts'
import { NOTIFICATION_SWITCHES, unsubscribeQuestion } from './texts.ts'

describe('the e-mail notifications in words', () => {
  it('has one switch per kind of e-mail, in the order of the list', () => {
    expect(NOTIFICATION_SWITCHES.map((entry) => entry.kind)).toEqual([...NOTIFICATION_KINDS])
    expect(NOTIFICATION_SWITCHES.map((entry) => entry.label)).toEqual([
      'A prospect opens a proposal for the first time',
      'Later opens, gathered (at most one e-mail an hour per proposal)',
      'A prospect agrees to the numbers',
      'A prospect downloads the PDF',
      'Weekly digest of views (Mondays)',
    ])
  })

  it('asks about the kind the link turns off', () => {
    expect(NOTIFICATION_KINDS.map(unsubscribeQuestion)).toEqual([
      'Stop e-mails when a prospect opens a proposal for the first time?',
      'Stop e-mails when a prospect opens a proposal again?',
      'Stop e-mails when a prospect agrees to the numbers?',
      'Stop e-mails when a prospect downloads the PDF?',
      'Stop e-mails when the weekly digest of views is ready?',
    ])
  })
})

describe("the unsubscribe page's token", () => {
  it('is the link token as given', () => {
    expect(unsubscribeSearchSchema.parse({ token: 'eyJ1Ijo0Mn0.c2lnbmF0dXJl' })).toEqual({ token: 'eyJ1Ijo0Mn0.c2lnbmF0dXJl' })
  })

  it('is missing when absent, empty, too long or no text, so the page says the link is not valid without asking', () => {
    for (const search of [{}, { token: '' }, { token: 'x'.repeat(513) }, { token: 42 }, { token: ['a', 'b'] }]) {
      expect(unsubscribeSearchSchema.parse(search)).toEqual({ token: undefined })
    }
  })
})
