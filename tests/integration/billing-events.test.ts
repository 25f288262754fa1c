// Issue 16: plan changes are billing's events, and every service follows them through its own
// projection: identity (plan, calculatorsLimit, customBranding, the Pro-only profile and logo),
// calculator generation (the monthly allowance) and proposals (custom branding, shown by the
// owner's current plan: docs/decisions/105). The event goes out through billing's outbox and
// billing's relay, as billing publishes it; no test writes another service's plan.
import { CALCULATOR_LIMITS, productBranding, userRecordSchema, type UserRecord } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { logoForm, tinyPng } from './support/images.ts'
import { consumedEverywhere, publishPlanChange, SubscriptionChange } from './support/plan-events.ts'
import { eventually, proposalOf, share, table } from './support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio')

const EVENT_TIMEOUT_MS = 20_000
const DESCRIPTION = {
  description: 'Our ticket triage assistant cuts the time your 12 agents spend on triage (15 hours per week each, at $45 per hour) by 40%.',
  complexity: 'minimal',
  language: 'en',
  currency: 'USD',
}
const CONTACT = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example' }

describe.each(kinds)("every service follows billing's plan events (%s)", (kind) => {
  let stack: TestStack
  let seller: ApiClient
  let userId: number

  beforeAll(async () => {
    stack = await startTestStack(kind)
    seller = new ApiClient(stack.url)
    const response = await seller.post('/api/register', { username: uniqueUsername('billing'), password: GOOD_PASSWORD })
    expect(response.status).toBe(201)
    userId = userRecordSchema.parse(await response.json()).id
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function user(): Promise<UserRecord> {
    return userRecordSchema.parse(await (await seller.get('/api/user')).json())
  }

  function generate(): Promise<Response> {
    return seller.post('/api/calculator/analyze-text', DESCRIPTION)
  }

  /** Polls the proposal, as a prospect opens it, until it shows `expected` as its branding. */
  function brandingShown(proposalId: string, expected: Record<string, string>): Promise<true> {
    const prospect = new ApiClient(stack.url)
    return eventually(async () => {
      const { branding } = (await proposalOf(prospect, proposalId)).calculatorData
      return JSON.stringify(branding) === JSON.stringify(expected) ? true : undefined
    }, EVENT_TIMEOUT_MS)
  }

  let company: { companyName: string; companyLogo: string; companyWebsite: string }
  let sharedWhilePro: string

  it('a Free account starts with 5 calculators and product branding', async () => {
    expect(await user()).toMatchObject({ plan: 'free', calculatorsLimit: CALCULATOR_LIMITS.free, customBranding: false })
    for (let generation = 1; generation <= CALCULATOR_LIMITS.free; generation += 1) {
      expect((await generate()).status, `generation ${generation}`).toBe(200)
    }
    expect((await generate()).status).toBe(403)
  })

  it('on activation: Pro with 100 calculators, the company profile and logo, and custom branding on a shared proposal', async () => {
    await publishPlanChange(stack, { userId, change: SubscriptionChange.ACTIVATED, version: 1 })
    const pro = await eventually(async () => {
      const record = await user()
      return record.plan === 'pro' ? record : undefined
    }, EVENT_TIMEOUT_MS)
    expect(pro).toMatchObject({
      calculatorsLimit: CALCULATOR_LIMITS.pro,
      customBranding: true,
      stripeCustomerId: `cus_test_${userId}`,
      stripeSubscriptionId: `sub_test_${userId}`,
    })
    // Calculator generation's own projection: the sixth calculator of the month is allowed.
    await eventually(async () => ((await generate()).status === 200 ? true : undefined), EVENT_TIMEOUT_MS)

    const upload = await seller.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png') })
    expect(upload.status, await upload.clone().text()).toBe(200)
    const { url } = (await upload.json()) as { url: string }
    company = { companyName: 'Acme AB', companyLogo: url, companyWebsite: 'https://acme.example' }
    const profile = await seller.patch('/api/profile', { ...company, ...CONTACT })
    expect(profile.status, await profile.clone().text()).toBe(200)
    // The contact is stamped when a proposal is shared (decision 102): share once the profile event has arrived.
    await eventually(async () => {
      const rows = await stack.databases.proposal.query<Array<{ contact_email: string | null }>>(
        `SELECT contact_email FROM ${table(stack, 'proposal', 'user_account')} WHERE user_id = $1`,
        userId,
      )
      return rows[0]?.contact_email === CONTACT.contactEmail ? true : undefined
    }, EVENT_TIMEOUT_MS)

    sharedWhilePro = await share(seller)
    await brandingShown(sharedWhilePro, { ...company, ...CONTACT })
  })

  it('when the subscription ends: Free with 5, generation refused, product branding on every proposal, nothing deleted', async () => {
    await publishPlanChange(stack, { userId, change: SubscriptionChange.ENDED, version: 2 })
    const free = await eventually(async () => {
      const record = await user()
      return record.plan === 'free' ? record : undefined
    }, EVENT_TIMEOUT_MS)
    expect(free).toMatchObject({ calculatorsLimit: CALCULATOR_LIMITS.free, customBranding: false, stripeSubscriptionId: null })
    // The profile is kept (it returns with Pro) but is Pro only to edit, and so is the logo.
    expect(free).toMatchObject({ companyName: 'Acme AB', companyLogo: company.companyLogo })
    expect((await seller.patch('/api/profile', { companyName: 'Other AB' })).status).toBe(403)
    const logo = await seller.request('POST', '/api/upload-logo', { body: logoForm(tinyPng(), 'logo.png', 'image/png') })
    expect(logo.status).toBe(403)

    // More than 5 this month already: refused on Free.
    const refused = await eventually(async () => {
      const response = await generate()
      return response.status === 403 ? response : undefined
    }, EVENT_TIMEOUT_MS)
    expect(((await refused.json()) as { message: string }).message).toMatch(/all 5 calculators of this month on the Free plan/)

    // The link made while Pro keeps working, with ValueProof's branding and the seller's contact.
    await brandingShown(sharedWhilePro, { ...productBranding(), ...CONTACT })
    const sharedWhileFree = await share(seller)
    expect((await proposalOf(seller, sharedWhileFree)).calculatorData.branding).toEqual({ ...productBranding(), ...CONTACT })
    expect((await fetch(new URL(company.companyLogo, stack.url))).status).toBe(200)
  })

  it('a late, older event changes nothing in any service', async () => {
    const stale = await publishPlanChange(stack, { userId, change: SubscriptionChange.RENEWED, version: 1 })
    await eventually(async () => ((await consumedEverywhere(stack, stale)) ? true : undefined), EVENT_TIMEOUT_MS)
    expect(await user()).toMatchObject({ plan: 'free', calculatorsLimit: CALCULATOR_LIMITS.free, customBranding: false })
    expect((await generate()).status).toBe(403)
    expect((await proposalOf(new ApiClient(stack.url), sharedWhilePro)).calculatorData.branding).toEqual({
      ...productBranding(),
      ...CONTACT,
    })
  })

  it('resubscribing brings back the allowance and the custom branding of the proposals already shared', async () => {
    await publishPlanChange(stack, { userId, change: SubscriptionChange.ACTIVATED, version: 3 })
    await brandingShown(sharedWhilePro, { ...company, ...CONTACT })
    await eventually(async () => ((await generate()).status === 200 ? true : undefined), EVENT_TIMEOUT_MS)
    expect(await user()).toMatchObject({ plan: 'pro', calculatorsLimit: CALCULATOR_LIMITS.pro, customBranding: true })
  })
})
