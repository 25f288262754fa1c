import { describe, expect, it } from 'vitest'
import { billingConfigSchema } from '../config.ts'
import { supportContact } from './support.ts'

describe('supportContact', () => {
  const defaults = billingConfigSchema.parse({})

  it('uses the defaults: the ordinary address for Free, the priority address within 4 business hours for Pro, no phone', () => {
    expect(supportContact(defaults, 'free')).toEqual({
      email: 'support@valueproof.app',
      phone: null,
      priority: false,
      replyWithin: 'within 24 hours on business days',
    })
    expect(supportContact(defaults, 'pro')).toEqual({
      email: 'priority@valueproof.app',
      phone: null,
      priority: true,
      replyWithin: 'within 4 business hours',
    })
  })

  it('says "hour" for a one-hour target and treats an unknown plan as Free', () => {
    expect(supportContact({ ...defaults, SUPPORT_PRIORITY_REPLY_HOURS: 1 }, 'pro').replyWithin).toBe('within 1 business hour')
    expect(supportContact(defaults, 'enterprise').priority).toBe(false)
  })
})
