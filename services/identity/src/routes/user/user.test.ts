// PATCH /api/profile: the seller's contact details (issue 15) are every plan's to edit, checked on
// the server; the company fields stay Pro only (SPEC §5). The change reaches the proposal service
// by identity's profile-updated event and is stamped on the next proposal's branding.
import { productBranding, type UserRecord } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTriageCalculator, supportTriageInput } from '../../../../proposal/src/testing/calculators.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { projectedPlans, publishPlanChange, SubscriptionChange } from '../../../../../tests/integration/support/plan-events.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { PRO_ONLY_PROFILE_MESSAGE } from '../../domain/profile.ts'
import { eventually } from '@valueproof/testing'

const kinds = await stackKinds('postgres+nats+minio')

const ANNA = { contactName: 'Anna Berg', contactEmail: 'anna@acme.example', contactPhone: '+46 70 123 45 67' }

describe.each(kinds)("the seller's contact details in the profile (%s)", (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  function table(service: 'proposal' | 'identity', name: string): string {
    const schema = stack.databases[service].schema
    return schema ? `"${schema}".${name}` : name
  }

  async function registered(): Promise<{ client: ApiClient; id: number }> {
    const client = new ApiClient(stack.url)
    const response = await client.post('/api/register', { username: uniqueUsername('contact'), password: GOOD_PASSWORD })
    expect(response.status).toBe(201)
    return { client, id: ((await response.json()) as UserRecord).id }
  }

  /** The proposal service's copy of the profile, once the event has arrived. */
  async function projectedEmail(userId: number, expected: string | null): Promise<void> {
    await eventually(async () => {
      const rows = await stack.databases.proposal.query<Array<{ contact_email: string | null }>>(
        `SELECT contact_email FROM ${table('proposal', 'user_account')} WHERE user_id = $1`,
        userId,
      )
      return rows[0] !== undefined && rows[0].contact_email === expected ? true : undefined
    })
  }

  async function sharedBranding(client: ApiClient): Promise<unknown> {
    const shared = await client.post('/api/proposals', { title: 'Support savings', content: '', calculatorData: supportTriageCalculator })
    expect(shared.status, await shared.clone().text()).toBe(201)
    const { id } = (await shared.json()) as { id: string }
    const opened = await new ApiClient(stack.url).get(`/api/proposals/${id}`)
    return ((await opened.json()) as { calculatorData: { branding?: unknown } }).calculatorData.branding
  }

  it('lets a Free seller set, read and clear their contact details, and stamps them on the next proposal', async () => {
    const { client, id } = await registered()
    const response = await client.patch('/api/profile', {
      contactName: ' Anna Berg ',
      contactEmail: ANNA.contactEmail,
      contactPhone: ANNA.contactPhone,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await response.json()).toMatchObject({ ...ANNA, plan: 'free', companyName: null })
    expect(await (await client.get('/api/user')).json()).toMatchObject(ANNA)

    await projectedEmail(id, ANNA.contactEmail)
    // ValueProof's branding (Free) with the seller's own contact.
    expect(await sharedBranding(client)).toEqual({ ...productBranding(), ...ANNA })

    const cleared = await client.patch('/api/profile', { contactEmail: '', contactPhone: null })
    expect(await cleared.json()).toMatchObject({ contactName: 'Anna Berg', contactEmail: null, contactPhone: null })
    await projectedEmail(id, null)
    expect(await sharedBranding(client)).toEqual({ ...productBranding(), contactName: 'Anna Berg' })
  })

  it('keeps the company fields Pro only, also when sent with contact details, and changes nothing then', async () => {
    const { client } = await registered()
    const refused = await client.patch('/api/profile', { ...ANNA, companyName: 'Acme AB' })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: PRO_ONLY_PROFILE_MESSAGE })
    expect(await (await client.get('/api/user')).json()).toMatchObject({ contactName: null, contactEmail: null, companyName: null })
  })

  it('answers a clear 400 to a malformed e-mail or phone, NUL, and text too long', async () => {
    const { client } = await registered()
    for (const [body, message] of [
      [{ contactEmail: 'anna@acme' }, 'Contact e-mail must be an address like name@example.com'],
      [{ contactEmail: 'anna@acme.example?bcc=eve@evil.example' }, 'Contact e-mail must be an address like name@example.com'],
      [{ contactPhone: 'call me' }, 'Contact phone may contain only digits, spaces, a leading + and the characters ( ) - . /'],
      [{ contactPhone: '123' }, 'Contact phone must have 5 to 20 digits'],
      [{ contactName: 'Anna\u0000' }, 'cannot be stored'],
      [{ contactName: 'A'.repeat(121) }, 'Contact name must be at most 120 characters'],
    ] as const) {
      const response = await client.patch('/api/profile', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(message)
    }
    expect(await (await client.get('/api/user')).json()).toMatchObject({ contactName: null, contactEmail: null, contactPhone: null })
  })

  it("names a Pro seller and their company in a written proposal's contact line", async () => {
    const { client, id } = await registered()
    await publishPlanChange(stack, { userId: id, change: SubscriptionChange.ACTIVATED })
    await eventually(async () => {
      const plans = await projectedPlans(stack, id)
      return plans.identity === 'pro' && plans.proposal === 'pro' ? true : undefined
    })
    expect((await client.patch('/api/profile', { companyName: 'Acme AB', ...ANNA })).status).toBe(200)
    await projectedEmail(id, ANNA.contactEmail)
    const generated = await client.post('/api/proposals/generate', {
      calculatorData: supportTriageCalculator,
      input: supportTriageInput,
      templateType: 'standard',
    })
    expect(generated.status, await generated.clone().text()).toBe(201)
    const { id: proposalId } = (await generated.json()) as { id: string }
    const proposal = (await (await client.get(`/api/proposals/${proposalId}`)).json()) as {
      contactInformation: string
      calculatorData: { branding: unknown }
    }
    expect(proposal.calculatorData.branding).toEqual({ companyName: 'Acme AB', ...ANNA })
    expect(proposal.contactInformation).toBe(
      'Contact Anna Berg, Acme AB, at anna@acme.example or +46 70 123 45 67 to discuss the next steps.',
    )
  })
})
