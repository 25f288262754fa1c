// The prospect's agreement (issue 20) through the gateway, on the embedded stack: POST
// /api/proposals/{id}/agreement freezes the scenario and the values with their hash and answers the
// public agreement; every open shows it (who agreed: the owner only); it opens as the GET does (404,
// 410, the access code); the owner, a second agreement and a name that is no input are refused;
// concurrent agreements give one; an altered stored value shows `verified: false`; the agreed event
// carries what the owner's e-mail says (the title, the yearly value in the calculator's currency, the
// name the owner reads; issue 39) and never the prospect's e-mail. The real-infrastructure flows are
// in tests/integration/agreement.test.ts.
import {
  AGREEMENT_OWN_PROPOSAL_MESSAGE,
  AGREEMENT_TOO_LARGE_MESSAGE,
  AGREEMENT_UNKNOWN_INPUT_MESSAGE,
  PROPOSAL_ALREADY_AGREED_MESSAGE,
  PROPOSAL_UNAVAILABLE_MESSAGE,
  agreementSchema,
  draftAnswerSchema,
  proposalListEntrySchema,
  proposalRecordSchema,
  type Agreement,
} from '@valueproof/contracts'
import { decodeEvent, proposalAgreed } from '@valueproof/event-bus'
import { createCalculator, headlineOf, scenarioValues, validateCalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { eventually, outboxPayloads, registered, share, table } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { agreementHash } from '../../domain/agreement-hash.ts'
import { PROPOSAL_NOT_FOUND_MESSAGE } from '../../domain/proposals.ts'
import { invoiceAutomationCalculator, leadValueCalculator, supportTriageCalculator } from '../../testing/calculators.ts'

const PROSPECT = { name: 'Petra Prospect', email: 'petra@buyer.example' }

describe('the prospect’s agreement', () => {
  let stack: TestStack
  let owner: ApiClient
  let ownerId: number

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner, id: ownerId } = await registered(stack, 'agree'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  const agree = (client: ApiClient, id: string, body: Record<string, unknown>, code?: string) =>
    client.post(`/api/proposals/${id}/agreement${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}`, {
      ...PROSPECT,
      scenario: 'expected',
      values: {},
      ...body,
    })
  const recordOf = async (client: ApiClient, id: string) => {
    const response = await client.get(`/api/proposals/${id}`)
    expect(response.status, await response.clone().text()).toBe(200)
    return proposalRecordSchema.parse(await response.json())
  }
  const agreedEventsOf = async (id: string) =>
    (await outboxPayloads(stack, proposalAgreed.subject))
      .map((payload) => decodeEvent(proposalAgreed, { subject: proposalAgreed.subject, payload }))
      .filter((event) => event.proposalId === id)
  const listEntryOf = async (id: string) =>
    proposalListEntrySchema
      .strict()
      .array()
      .parse(await (await owner.get('/api/proposals')).json())
      .find((entry) => entry.id === id)

  it('freezes the scenario and every value with the figures and the hash; every open shows it, who agreed only to the owner', async () => {
    const id = await share(owner)
    const prospect = new ApiClient(stack.url)
    const response = await agree(prospect, id, { scenario: 'conservative', values: { agents: 20 } })
    expect(response.status, await response.clone().text()).toBe(201)
    const agreement = agreementSchema.strict().parse(await response.json())
    expect(Object.keys(agreement)).not.toContain('name')
    expect(Object.keys(agreement)).not.toContain('email')

    const validation = validateCalculatorData(supportTriageCalculator)
    if (!validation.ok) throw new Error('the test calculator is invalid')
    const values = { ...scenarioValues(validation.calculatorData, 'conservative'), agents: 20 }
    const headline = headlineOf(createCalculator(validation.calculatorData).compute(values))
    expect(agreement).toMatchObject({ scenario: 'conservative', values, verified: true })
    expect(agreement.figures).toEqual({
      yearlyValue: headline.yearlyValue,
      paybackMonths: headline.payback?.months,
      paidBack: headline.payback?.paidBack,
      paybackEstimate: true,
    })
    // The hash covers the calculator exactly as stored, the scenario and the values.
    const [stored] = await stack.databases.proposal.query<Array<{ calculator_data: unknown }>>(
      `SELECT calculator_data FROM ${table(stack, 'proposal', 'proposal')} WHERE id = $1`,
      id,
    )
    expect(agreement.hash).toBe(agreementHash({ definition: stored?.calculator_data, scenario: 'conservative', values }))

    const anyone = await recordOf(new ApiClient(stack.url), id)
    expect(anyone.agreement).toEqual(agreement)
    expect(anyone.version).toBe(1)
    expect(Object.keys(anyone)).not.toContain('previousVersionId')
    const own = await recordOf(owner, id)
    expect(own.agreement).toEqual({ ...agreement, ...PROSPECT })
    expect([own.version, own.previousVersionId]).toEqual([1, null])
    expect(await listEntryOf(id)).toMatchObject({ version: 1, agreedAt: agreement.agreedAt })
    expect((await listEntryOf(await share(owner)))?.agreedAt).toBeNull()

    // The owner is told through the outbox: the title, the agreed figure and who agreed, never their e-mail.
    expect(await agreedEventsOf(id)).toEqual([
      expect.objectContaining({
        ownerUserId: ownerId,
        scenario: 'conservative',
        version: 1,
        agreementHash: agreement.hash,
        title: 'Support savings',
        yearlyValue: headline.yearlyValue,
        currency: 'USD',
        agreedByName: own.agreement?.name,
      }),
    ])
    const payloads = await outboxPayloads(stack, proposalAgreed.subject)
    expect(Buffer.concat(payloads.map((payload) => Buffer.from(payload))).toString('latin1')).not.toContain(PROSPECT.email)
  })

  it('prices the agreed figures by the quote with the optional lines the prospect ticked', async () => {
    const pricing = {
      id: 'pricing',
      type: 'pricing',
      items: [
        { id: 'seats', description: 'Seats', quantity: 10, unit: 'seat', unitPrice: 50, recurrence: 'month' },
        { id: 'premium', description: 'Premium support', quantity: 1, unit: '', unitPrice: 6000, recurrence: 'year', optional: true },
      ],
    }
    const published = async () => {
      const id = await share(owner)
      const draft = draftAnswerSchema.parse(await (await owner.get(`/api/proposals/${id}/draft`)).json())
      const document = { ...draft.document, blocks: [...draft.document.blocks, pricing] }
      expect((await owner.request('PUT', `/api/proposals/${id}/draft`, { json: { document, revision: draft.revision } })).status).toBe(200)
      expect((await owner.post(`/api/proposals/${id}/publish`, { revision: draft.revision + 1 })).status).toBe(201)
      return id
    }
    const validation = validateCalculatorData(supportTriageCalculator)
    if (!validation.ok) throw new Error('the test calculator is invalid')
    const expectedFigures = (price: object) => {
      const values = scenarioValues(validation.calculatorData, 'expected')
      const priced = validateCalculatorData({ ...supportTriageCalculator, price: { ...price, source: { kind: 'entered' } } })
      if (!priced.ok) throw new Error('the priced calculator is invalid')
      const headline = headlineOf(createCalculator(priced.calculatorData).compute(values))
      return {
        yearlyValue: headline.yearlyValue,
        paybackMonths: headline.payback?.months,
        paidBack: headline.payback?.paidBack,
        paybackEstimate: false,
      }
    }

    const withSellersChoice = await agree(new ApiClient(stack.url), await published(), {})
    expect(withSellersChoice.status, await withSellersChoice.clone().text()).toBe(201)
    expect(agreementSchema.parse(await withSellersChoice.json()).figures).toEqual(expectedFigures({ amount: 500, period: 'month' }))

    const ticked = await agree(new ApiClient(stack.url), await published(), { options: ['premium'] })
    expect(ticked.status, await ticked.clone().text()).toBe(201)
    expect(agreementSchema.parse(await ticked.json()).figures).toEqual(expectedFigures({ amount: 12_000, period: 'year' }))

    const unknown = await agree(new ApiClient(stack.url), await published(), { options: ['seats'] })
    expect(unknown.status).toBe(400)
  })

  it('refuses the owner, a second agreement, a name that is no input and a body that breaks the contract', async () => {
    const id = await share(owner)
    const own = await agree(owner, id, {})
    expect([own.status, await own.json()]).toEqual([403, { message: AGREEMENT_OWN_PROPOSAL_MESSAGE }])
    const unknown = await agree(new ApiClient(stack.url), id, { values: { seats: 3 } })
    expect([unknown.status, await unknown.json()]).toEqual([400, { message: AGREEMENT_UNKNOWN_INPUT_MESSAGE }])
    for (const body of [{ scenario: 'wishful' }, { email: 'not an address' }, { name: '  ' }, { values: { agents: '12' } }, { extra: 1 }]) {
      const refused = await agree(new ApiClient(stack.url), id, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
    }
    const tooLarge = await new ApiClient(stack.url).post(`/api/proposals/${id}/agreement`, { ...PROSPECT, note: 'x'.repeat(20_000) })
    expect([tooLarge.status, await tooLarge.json()]).toEqual([413, { message: AGREEMENT_TOO_LARGE_MESSAGE }])
    // None of those agreed, nor told the owner of an agreement: not even one without a name.
    expect((await recordOf(owner, id)).agreement).toBeNull()
    expect(await agreedEventsOf(id)).toEqual([])

    expect((await agree(new ApiClient(stack.url), id, {})).status).toBe(201)
    const again = await agree(new ApiClient(stack.url), id, { scenario: 'optimistic' })
    expect([again.status, await again.json()]).toEqual([409, { message: PROPOSAL_ALREADY_AGREED_MESSAGE }])
    expect((await recordOf(owner, id)).agreement?.scenario).toBe('expected')
  })

  it('tells the owner of a Swedish proposal’s agreement in kronor, by its title and the name as the owner reads it', async () => {
    const title = 'Besparingar för Åkerlunds ekonomiavdelning'
    const id = await share(owner, { title, calculatorData: invoiceAutomationCalculator })
    const response = await agree(new ApiClient(stack.url), id, { name: '  Åsa Öberg ', scenario: 'optimistic', values: { medarbetare: 7 } })
    expect(response.status, await response.clone().text()).toBe(201)
    const agreement = agreementSchema.parse(await response.json())
    const validation = validateCalculatorData(invoiceAutomationCalculator)
    if (!validation.ok) throw new Error('the test calculator is invalid')
    const values = { ...scenarioValues(validation.calculatorData, 'optimistic'), medarbetare: 7 }
    const yearlyValue = headlineOf(createCalculator(validation.calculatorData).compute(values)).yearlyValue
    expect(agreement.figures.yearlyValue).toBe(yearlyValue)
    expect((await recordOf(owner, id)).agreement?.name).toBe('Åsa Öberg')
    expect(await agreedEventsOf(id)).toEqual([
      expect.objectContaining({ title, scenario: 'optimistic', yearlyValue, currency: 'SEK', agreedByName: 'Åsa Öberg' }),
    ])
  })

  it('tells the owner of an agreement to a value calculator, which shows no yearly value, with none', async () => {
    const id = await share(owner, { title: 'Lead follow-up for Acme', calculatorData: leadValueCalculator })
    const response = await agree(new ApiClient(stack.url), id, {})
    expect(response.status, await response.clone().text()).toBe(201)
    expect(agreementSchema.parse(await response.json()).figures.yearlyValue).toBeNull()
    const events = await agreedEventsOf(id)
    expect(events).toEqual([expect.objectContaining({ title: 'Lead follow-up for Acme', currency: 'USD', agreedByName: PROSPECT.name })])
    expect(events[0]?.yearlyValue).toBeUndefined()
  })

  it('opens as the proposal does: 404 unknown, 410 revoked or expired, the access code first', async () => {
    const missing = await agree(new ApiClient(stack.url), 'AAAAAAAAAAAAAAAAAAAAAA', {})
    expect([missing.status, await missing.json()]).toEqual([404, { message: PROPOSAL_NOT_FOUND_MESSAGE }])
    const revoked = await share(owner)
    expect((await owner.post(`/api/proposals/${revoked}/revoke`)).status).toBe(200)
    const expired = await share(owner, { expiresAt: '2020-01-01T00:00:00Z' })
    for (const id of [revoked, expired]) {
      const gone = await agree(new ApiClient(stack.url), id, {})
      expect([gone.status, await gone.json()]).toEqual([410, { message: PROPOSAL_UNAVAILABLE_MESSAGE }])
    }
    const guarded = await share(owner, { accessCode: 'open-sesame' })
    const prospect = new ApiClient(stack.url)
    expect((await agree(prospect, guarded, {})).status).toBe(401)
    expect((await agree(prospect, guarded, {}, 'wrong-code')).status).toBe(401)
    expect((await recordOf(owner, guarded)).agreement).toBeNull()
    expect((await agree(prospect, guarded, {}, 'open-sesame')).status).toBe(201)
  })

  it('gives exactly one agreement to many sent at once', async () => {
    const id = await share(owner)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        agree(new ApiClient(stack.url), id, { name: `Prospect ${index}`, values: { agents: index + 1 } }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
    const winner = answers.find((answer) => answer.status === 201)
    const agreed = agreementSchema.parse(await winner?.json())
    const own = await recordOf(owner, id)
    expect(own.agreement?.values.agents).toBe(agreed.values.agents)
    expect(own.agreement?.name).toBe(`Prospect ${(agreed.values.agents ?? 0) - 1}`)
    const [rows] = await stack.databases.proposal.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${table(stack, 'proposal', 'agreement')} WHERE proposal_id = $1`,
      id,
    )
    expect(rows?.count).toBe(1)
  })

  it('shows an agreement whose stored values were altered as not verified, to the owner and to anyone', async () => {
    const id = await share(owner)
    const created = await agree(new ApiClient(stack.url), id, { values: { agents: 12 } })
    const agreement: Agreement = agreementSchema.parse(await created.json())
    await stack.databases.proposal.query(
      `UPDATE ${table(stack, 'proposal', 'agreement')} SET values = jsonb_set(values, '{agents}', '40') WHERE proposal_id = $1`,
      id,
    )
    const own = await recordOf(owner, id)
    expect(own.agreement).toMatchObject({ hash: agreement.hash, verified: false })
    expect(own.agreement?.values.agents).toBe(40)
    // Prospects' opens may be answered from a cache for a moment.
    await eventually(async () => ((await recordOf(new ApiClient(stack.url), id)).agreement?.verified === false ? true : undefined))
  })
})
