import { ConfigError, loadConfig } from '@valueproof/http-kit'
import { describe, expect, it } from 'vitest'
import { billingConfigSchema } from './config.ts'

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(billingConfigSchema, env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

describe('billing configuration', () => {
  it('takes no payments with nothing set: test mode only when the operator turns it on (docs/decisions/120)', () => {
    const config = loadConfig(billingConfigSchema, {})
    expect(config.PAYMENTS_TEST_MODE).toBe(false)
    expect(loadConfig(billingConfigSchema, { PAYMENTS_TEST_MODE: 'true' }).PAYMENTS_TEST_MODE).toBe(true)
    expect(problems({ PAYMENTS_TEST_MODE: 'yes' })).toEqual([expect.stringMatching(/^PAYMENTS_TEST_MODE: /)])
    expect([config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PRICE_ID, config.STRIPE_API_URL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(config).toMatchObject({
      SUPPORT_EMAIL: 'support@valueproof.app',
      SUPPORT_PRIORITY_EMAIL: 'priority@valueproof.app',
      SUPPORT_PRIORITY_REPLY_HOURS: 4,
      BILLING_RECONCILE_INTERVAL_MINUTES: 15,
    })
  })

  it('names the webhook secret and the public origin a Stripe key needs, together', () => {
    const found = problems({ STRIPE_SECRET_KEY: 'sk_live_abc' })
    expect(found).toHaveLength(2)
    expect(found[0]).toMatch(/^STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/)
    expect(found[1]).toMatch(/^PUBLIC_ORIGIN: is required with STRIPE_SECRET_KEY/)
    expect(
      problems({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', PUBLIC_ORIGIN: 'https://valueproof.app' }),
    ).toEqual([])
  })

  it('refuses values that are not what they claim to be', () => {
    expect(problems({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_ORIGIN: 'https://a.example' })).toEqual([
      'STRIPE_SECRET_KEY: must be a Stripe secret or restricted key (starting with sk_ or rk_)',
    ])
    expect(problems({ STRIPE_PRICE_ID: 'prod_123', SUPPORT_EMAIL: 'not an address', STRIPE_API_URL: 'nope' })).toHaveLength(3)
  })
})
