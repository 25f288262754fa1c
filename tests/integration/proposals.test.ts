// Issue 5: the proposal calls of SPEC §7 through the gateway — share, generate, list, open by link
// (owner, another user, a signed-out visitor), access codes and their attempt limit, branding by
// plan, the written sections in English and Swedish, and the events (and the prospect views they count).
import {
  CALCULATOR_DATA_TOO_LARGE_MESSAGE,
  productBranding,
  PROPOSAL_SECTIONS,
  PROPOSAL_TITLE_REQUIRED_MESSAGE,
  PROPOSAL_TOO_LARGE_MESSAGE,
  type ProposalListEntry,
} from '@valueproof/contracts'
import { decodeEvent, proposalCreated, proposalShared, proposalViewed } from '@valueproof/event-bus'
import { formatMoney } from '@valueproof/formula'
import { apiError, jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer } from '@valueproof/ai/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  invoiceAutomationCalculator,
  invoiceAutomationInput,
  supportTriageCalculator,
  supportTriageInput,
} from '../../services/proposal/src/testing/calculators.ts'
import { accessCodeDelays, ACCESS_CODE_FIRST_DELAY_MS } from '../../services/proposal/src/domain/access-code-policy.ts'
import { ApiClient } from './support/http-client.ts'
import {
  eventually,
  nextMillisecond,
  open,
  openAndReport,
  outboxPayloads,
  proposalOf,
  registered,
  share,
  table,
  type ProposalBody,
} from './support/proposals.ts'
import { stackKinds, startTestStack, type TestStack } from './support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const SECTIONS = PROPOSAL_SECTIONS
const HOSTILE_BRANDING = { companyName: 'Evil Corp', companyLogo: 'https://evil.example/logo.png', companyWebsite: 'https://evil.example' }

describe.each(kinds)('proposals through the gateway (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  /** Pro in the proposal service's own projection (billing, which will send it, comes later). */
  async function makeProInProposal(userId: number): Promise<void> {
    await stack.databases.proposal.execute(
      `INSERT INTO ${table(stack, 'proposal', 'user_account')} (user_id, plan, updated_at) VALUES ($1, 'pro', now())
       ON CONFLICT (user_id) DO UPDATE SET plan = 'pro', updated_at = now()`,
      userId,
    )
  }

  describe('signed out', () => {
    it('answers 401 to listing, sharing and generating', async () => {
      const anonymous = new ApiClient(stack.url)
      expect((await anonymous.get('/api/proposals')).status).toBe(401)
      expect((await anonymous.post('/api/proposals', { title: 'x', content: '', calculatorData: supportTriageCalculator })).status).toBe(
        401,
      )
      expect(
        (await anonymous.post('/api/proposals/generate', { calculatorData: supportTriageCalculator, input: '', templateType: 'standard' }))
          .status,
      ).toBe(401)
    })
  })

  describe('sharing and opening', () => {
    it('answers an unguessable id: 22 base64url characters (128 bits), different each time', async () => {
      const { client } = await registered(stack)
      const first = await share(client)
      const second = await share(client)
      for (const id of [first, second]) {
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
        expect(Buffer.from(id, 'base64url')).toHaveLength(16)
      }
      expect(first).not.toBe(second)
    })

    it('lets the owner, another user and a signed-out visitor open a published proposal; only the owner sees the access code', async () => {
      const owner = await registered(stack, 'owner')
      const id = await share(owner.client, { title: '  Support savings for Acme  ' })

      const own = await proposalOf(owner.client, id)
      expect(own).toMatchObject({
        id,
        userId: owner.id,
        title: 'Support savings for Acme',
        isPublished: true,
        isTemplate: false,
        templateType: null,
        accessCode: null,
        content: 'Shared from the calculator',
      })
      expect(own.calculatorData.name).toBe('Support triage automation')
      expect(Date.parse(own.createdAt)).not.toBeNaN()
      expect(Object.keys(own).sort()).toEqual(
        [
          'accessCode',
          'agreement',
          'agreementEmails',
          'beaconToken',
          'calculatorData',
          'callToAction',
          'contactInformation',
          'content',
          'createdAt',
          'document',
          'executiveSummary',
          'expiresAt',
          'id',
          'isPublished',
          'isTemplate',
          'previousVersionId',
          'problemStatement',
          'releasedAgreements',
          'revokedAt',
          'solutionOverview',
          'templateType',
          'title',
          'updatedAt',
          'userId',
          'valueProposition',
          'version',
          'whoMayAgree',
        ].sort(),
      )

      const other = await registered(stack, 'other')
      const asOther = await proposalOf(other.client, id)
      const asVisitor = await proposalOf(new ApiClient(stack.url), id)
      // Anyone but the owner gets exactly the fields the proposal page shows (issue 15): no access
      // code, no owner id, no extracted document text, no bookkeeping.
      const PAGE_FIELDS = [
        'agreement',
        'calculatorData',
        'callToAction',
        'contactInformation',
        'createdAt',
        // Issue 37: the document the page renders (the last publication; here, the one made from the sections).
        'document',
        'executiveSummary',
        'id',
        'problemStatement',
        'solutionOverview',
        'templateType',
        'title',
        'valueProposition',
        'version',
        'whoMayAgree',
      ]
      for (const seen of [asOther, asVisitor]) {
        expect(seen.title).toBe('Support savings for Acme')
        // And the token its page's beacons carry back (issue 19), signed for each opening.
        expect(Object.keys(seen).sort()).toEqual([...PAGE_FIELDS, 'beaconToken'].sort())
      }
      expect(new Set([own.beaconToken, asOther.beaconToken, asVisitor.beaconToken]).size).toBe(3)
      const fieldsOf = (record: ProposalBody) =>
        Object.fromEntries(PAGE_FIELDS.map((field) => [field, record[field as keyof ProposalBody]]))
      expect(fieldsOf(asVisitor)).toEqual(fieldsOf(own))
    })

    it('gives a visitor each figure’s source as kind and page only: the seller’s quotes and notes stay with the owner', async () => {
      const owner = await registered(stack)
      const sources = [
        { kind: 'document', quote: 'Each agent spends six hours a week sorting tickets.', page: 2, ocr: true },
        { kind: 'description', quote: 'An agent hour costs $45.' },
        { kind: 'assumption', note: 'Assumption — no figure in the document' },
      ]
      const price = { amount: 900, period: 'month', source: { kind: 'document', quote: 'The service is $900 per month.', page: 3 } }
      const calculatorData = {
        ...supportTriageCalculator,
        parameters: supportTriageCalculator.parameters.map((parameter, index) => ({ ...parameter, source: sources[index] })),
        price,
      }
      const id = await share(owner.client, { calculatorData })
      type Sourced = { parameters: Array<{ source?: unknown }>; price?: { source: unknown } }
      const sourcesIn = (record: ProposalBody) => {
        const calculator = record.calculatorData as unknown as Sourced
        return [...calculator.parameters.map((parameter) => parameter.source), calculator.price?.source]
      }

      expect(sourcesIn(await proposalOf(owner.client, id))).toEqual([...sources, price.source])
      const asVisitor = await open(new ApiClient(stack.url), id)
      expect(asVisitor.status).toBe(200)
      const text = await asVisitor.text()
      // What the page's neutral lines read ("From the proposal, p. 2", "Estimate — adjust …", "from the offer, p. 3").
      expect(sourcesIn(JSON.parse(text) as ProposalBody)).toEqual([
        { kind: 'document', page: 2 },
        { kind: 'description' },
        { kind: 'assumption' },
        { kind: 'document', page: 3 },
      ])
      expect(text).not.toMatch(/"(quote|note|ocr)"|six hours a week|costs \$45|no figure|\$900 per month/)
    })

    it('lists only the signed-in user’s proposals, newest first, with SPEC’s four fields and the link’s end', async () => {
      const alice = await registered(stack, 'alice')
      const bob = await registered(stack, 'bob')
      const older = await share(alice.client, { title: 'First' })
      await nextMillisecond()
      const protectedOne = await share(alice.client, { title: 'Second', accessCode: ' Pass-123 ' })
      const bobs = await share(bob.client, { title: 'Bob only' })
      await nextMillisecond()
      const newest = await share(alice.client, { title: 'Third' })

      const response = await alice.client.get('/api/proposals')
      expect(response.status).toBe(200)
      const list = (await response.json()) as ProposalListEntry[]
      expect(list.map((entry) => [entry.id, entry.title, entry.accessCode])).toEqual([
        [newest, 'Third', null],
        [protectedOne, 'Second', 'Pass-123'],
        [older, 'First', null],
      ])
      for (const entry of list) {
        expect(Object.keys(entry).sort()).toEqual([
          'accessCode',
          'agreedAt',
          'createdAt',
          'expiresAt',
          'id',
          'revokedAt',
          'title',
          'version',
          'views',
        ])
        expect([entry.expiresAt, entry.revokedAt, entry.views]).toEqual([null, null, 0])
        expect(Date.parse(entry.createdAt)).not.toBeNaN()
      }
      expect(list.map((entry) => entry.id)).not.toContain(bobs)
      const bobsList = (await (await bob.client.get('/api/proposals')).json()) as ProposalListEntry[]
      expect(bobsList.map((entry) => entry.id)).toEqual([bobs])
    })

    it('answers unknown, malformed and unpublished ids with the same 404; the owner still opens an unpublished one', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client)
      await stack.databases.proposal.execute(`UPDATE ${table(stack, 'proposal', 'proposal')} SET is_published = false WHERE id = $1`, id)
      const visitor = new ApiClient(stack.url)
      const other = await registered(stack)
      const answers = await Promise.all([
        open(visitor, id),
        open(other.client, id),
        open(visitor, 'AAAAAAAAAAAAAAAAAAAAAA'),
        open(visitor, 'not-an-id'),
        open(visitor, '1'),
      ])
      const bodies = await Promise.all(answers.map((answer) => answer.text()))
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404])
      expect(new Set(bodies).size).toBe(1)
      expect(JSON.parse(bodies[0] ?? '')).toEqual({ message: 'Proposal not found. Check the link, or ask the sender for a new one.' })
      expect((await open(owner.client, id)).status).toBe(200)
    })

    it('opens a published proposal with a stale session cookie, as signed out', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client)
      const visitor = new ApiClient(stack.url)
      visitor.setCookie('vp_session', 'not-a-real-session-token')
      const response = await open(visitor, id)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
    })
  })

  describe('access codes', () => {
    it('asks for the code when it is missing or wrong, and opens with the right one; the owner needs none', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { accessCode: 'Open-Sesame' })
      const visitor = new ApiClient(stack.url)

      const missing = await open(visitor, id)
      expect(missing.status).toBe(401)
      // The language the proposal is shown in, so that the code is asked for in it (issue 36).
      expect(await missing.json()).toEqual({
        language: 'en',
        message: 'This proposal is protected by an access code. Enter the access code to open it.',
      })
      const wrong = await open(visitor, id, 'open-sesame')
      expect(wrong.status).toBe(401)
      expect(await wrong.json()).toEqual({ language: 'en', message: 'The access code is not correct. Check it and try again.' })
      expect((await open(visitor, id, '   ')).status).toBe(401)

      const right = await proposalOf(visitor, id, 'Open-Sesame')
      expect('accessCode' in right).toBe(false)
      const other = await registered(stack)
      expect((await open(other.client, id)).status).toBe(401)
      expect((await proposalOf(owner.client, id)).accessCode).toBe('Open-Sesame')
    })

    it('keeps the right code working while an attacker guesses from the same address: only the attacker waits', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { accessCode: '4711-a' })
      // Every client here comes from the same address; each keeps its own visitor cookie.
      const attacker = new ApiClient(stack.url)
      for (let guess = 0; guess < 5; guess += 1) expect((await open(attacker, id, String(1000 + guess))).status).toBe(401)
      const refused = await open(attacker, id, '4711-a')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Too many access code attempts for this proposal\. Please try again in \d+ second\(s\)\.$/,
      )
      // A colleague behind the same address: a typo, then the right code, opens it at once.
      const colleague = new ApiClient(stack.url)
      expect((await open(colleague, id, 'typo-4711')).status).toBe(401)
      expect((await open(colleague, id, '4711-a')).status).toBe(200)
      expect((await open(new ApiClient(stack.url), id, '4711-a')).status).toBe(200)
      expect((await open(attacker, id, '4711-a')).status).toBe(429)
      // The owner is never asked, and another proposal's attempts are counted apart.
      expect((await open(owner.client, id)).status).toBe(200)
      const another = await share(owner.client, { accessCode: '4711-a' })
      expect((await open(attacker, another, '4711-a')).status).toBe(200)
    })

    it('compares at most the free wrong codes of 100 sent at once by one visitor; the rest get 429 uncompared', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { accessCode: 'Burst-Code-9' })
      const visitor = new ApiClient(stack.url)
      // The first answer sets the visitor cookie that the burst then carries.
      expect((await open(visitor, id)).status).toBe(401)
      const started = performance.now()
      const answers = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const response = await open(visitor, id, `wrong-${index}`)
          return { status: response.status, body: (await response.json()) as { message: string } }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      const compared = answers.filter((answer) => answer.status === 401)
      expect(compared.length + answers.filter((answer) => answer.status === 429).length).toBe(100)
      for (const answer of compared) expect(answer.body.message).toBe('The access code is not correct. Check it and try again.')
      // 5 free; a burst outlasting the waits (2 s, then 4 s more, 8 s more …) gets one more through per wait.
      const free = 5
      const schedule = { freeFailures: free, firstDelayMs: ACCESS_CODE_FIRST_DELAY_MS, maxDelayMs: 3_600_000 }
      const waits = accessCodeDelays(schedule).slice(free - 1)
      let allowed = free
      let elapsedMs = 0
      for (const wait of waits) {
        elapsedMs += wait
        if (elapsedMs > seconds * 1000) break
        allowed += 1
      }
      expect(compared.length).toBeGreaterThanOrEqual(free)
      expect(compared.length).toBeLessThanOrEqual(allowed)
      // Another visitor at the same address still opens it with the right code.
      expect((await open(new ApiClient(stack.url), id, 'Burst-Code-9')).status).toBe(200)
    })
  })

  describe('branding', () => {
    it("replaces a Free user's branding with ValueProof's defaults in the stored proposal", async () => {
      const { client } = await registered(stack)
      const id = await share(client, { calculatorData: { ...supportTriageCalculator, branding: HOSTILE_BRANDING } })
      expect((await proposalOf(client, id)).calculatorData.branding).toEqual(productBranding())
      const rows = await stack.databases.proposal.query<Array<{ calculator_data: { branding?: unknown } }>>(
        `SELECT calculator_data FROM ${table(stack, 'proposal', 'proposal')} WHERE id = $1`,
        id,
      )
      expect(rows[0]?.calculator_data.branding).toEqual({
        companyName: 'ValueProof',
        companyLogo: '/favicon.svg',
        companyWebsite: 'https://valueproof.app',
      })
    })

    it("gives a Pro user's proposals the company profile identity reported, whatever the client sent", async () => {
      const pro = await registered(stack, 'pro')
      // Identity allows profile edits on Pro only; billing, which will grant it, comes later.
      await stack.databases.identity.execute(`UPDATE ${table(stack, 'identity', '"user"')} SET plan = 'pro' WHERE id = $1`, pro.id)
      const profile = await pro.client.patch('/api/profile', { companyName: 'Acme AB', companyWebsite: 'https://acme.example' })
      expect(profile.status).toBe(200)
      await eventually(async () => {
        const rows = await stack.databases.proposal.query<Array<{ company_name: string | null }>>(
          `SELECT company_name FROM ${table(stack, 'proposal', 'user_account')} WHERE user_id = $1`,
          pro.id,
        )
        return rows[0]?.company_name === 'Acme AB' ? true : undefined
      })
      // Before the plan reaches the proposal service, the user still counts as Free.
      const asFree = await share(pro.client, { calculatorData: { ...supportTriageCalculator, branding: HOSTILE_BRANDING } })
      expect((await proposalOf(pro.client, asFree)).calculatorData.branding).toEqual(productBranding())

      await makeProInProposal(pro.id)
      const id = await share(pro.client, { calculatorData: { ...supportTriageCalculator, branding: HOSTILE_BRANDING } })
      expect((await proposalOf(pro.client, id)).calculatorData.branding).toEqual({
        companyName: 'Acme AB',
        companyWebsite: 'https://acme.example',
      })

      const generated = await pro.client.post('/api/proposals/generate', {
        calculatorData: supportTriageCalculator,
        input: supportTriageInput,
        templateType: 'standard',
      })
      expect(generated.status).toBe(201)
      const proposal = await proposalOf(pro.client, ((await generated.json()) as { id: string }).id)
      expect(proposal.contactInformation).toBe('Contact Acme AB at https://acme.example to discuss the next steps.')
      expect(proposal.calculatorData.branding).toEqual({ companyName: 'Acme AB', companyWebsite: 'https://acme.example' })
    })
  })

  describe('generated proposals (built-in writer)', () => {
    const cases = [
      [
        'standard',
        'en',
        supportTriageCalculator,
        supportTriageInput,
        [formatMoney(168_480, 'USD'), formatMoney(14_040, 'USD')],
        'Proposal: Support triage automation',
      ],
      [
        'executive',
        'en',
        supportTriageCalculator,
        supportTriageInput,
        [formatMoney(168_480, 'USD')],
        'Executive brief: Support triage automation',
      ],
      [
        'standard',
        'sv',
        invoiceAutomationCalculator,
        invoiceAutomationInput,
        [formatMoney(936_000, 'SEK'), formatMoney(78_000, 'SEK')],
        'Förslag: Automatiserad fakturahantering',
      ],
      [
        'executive',
        'sv',
        invoiceAutomationCalculator,
        invoiceAutomationInput,
        [formatMoney(936_000, 'SEK')],
        'Beslutsunderlag: Automatiserad fakturahantering',
      ],
    ] as const

    it.each(cases)(
      'writes the %s template in %s from the calculator and the input',
      async (templateType, language, calculatorData, input, figures, title) => {
        const { client } = await registered(stack)
        const response = await client.post('/api/proposals/generate', { calculatorData, input, templateType })
        expect(response.status, await response.clone().text()).toBe(201)
        const { id } = (await response.json()) as { id: string }
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
        // The owner's answer has the bookkeeping fields; a visitor's has only what the page shows.
        const proposal = await proposalOf(client, id)
        expect(proposal).toMatchObject({ title, templateType, isPublished: true, content: null })
        for (const section of SECTIONS.filter((name) => name !== 'contactInformation')) {
          expect(proposal[section]?.trim(), section).toBeTruthy()
        }
        // A new account has no contact details: no written line naming nobody (the page shows its own neutral one).
        expect(proposal.contactInformation).toBeNull()
        const text = [proposal.title, ...SECTIONS.map((section) => proposal[section])].join('\n')
        for (const figure of figures) expect(text).toContain(figure)
        expect(text).not.toMatch(/lorem|ipsum/i)
        if (language === 'sv') {
          expect(text).toContain('per år')
          expect(text).not.toMatch(/\b(the|and|per year)\b/)
        } else {
          expect(text).toContain('per year')
        }
        expect(proposal.calculatorData.branding).toEqual(productBranding())
      },
    )
  })

  describe('bad input', () => {
    let client: ApiClient
    beforeAll(async () => {
      client = (await registered(stack)).client
    })

    it.each([[''], ['   '], [undefined], [null]])('answers a title of %j with SPEC’s message', async (title) => {
      const response = await client.post('/api/proposals', { title, content: '', calculatorData: supportTriageCalculator })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: PROPOSAL_TITLE_REQUIRED_MESSAGE })
    })

    it('lists what is wrong with a calculator', async () => {
      const broken = {
        ...supportTriageCalculator,
        formula: 'agents * missingName',
        parameters: [{ ...supportTriageCalculator.parameters[0], defaultValue: 999 }],
      }
      for (const path of ['/api/proposals', '/api/proposals/generate']) {
        const response = await client.post(path, {
          title: 'Broken',
          content: '',
          calculatorData: broken,
          input: '',
          templateType: 'standard',
        })
        expect(response.status).toBe(400)
        const { message } = (await response.json()) as { message: string }
        expect(message).toMatch(/^calculatorData is not a valid calculator: /)
        expect(message).toContain('parameters[0].defaultValue: defaultValue (999) must be between min (1) and max (50)')
        expect(message).toContain("'missingName'")
      }
      const missing = await client.post('/api/proposals', { title: 'No calculator', content: '' })
      expect(missing.status).toBe(400)
      expect(await missing.json()).toEqual({ message: 'calculatorData: calculatorData is required' })
    })

    it('refuses malformed JSON, an unknown template, a body over 320 KB and a calculator over 64 KB', async () => {
      const malformed = await client.request('POST', '/api/proposals', {
        body: '{"title": "x",',
        headers: { 'content-type': 'application/json' },
      })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toEqual({ message: 'Malformed JSON in request body' })
      const template = await client.post('/api/proposals/generate', {
        calculatorData: supportTriageCalculator,
        input: '',
        templateType: 'fancy',
      })
      expect(template.status).toBe(400)
      expect(await template.json()).toEqual({ message: 'templateType: templateType must be one of standard, executive' })
      const huge = await client.post('/api/proposals', {
        title: 'Huge',
        content: 'x'.repeat(330 * 1024),
        calculatorData: supportTriageCalculator,
      })
      expect(huge.status).toBe(413)
      expect(await huge.json()).toEqual({ message: PROPOSAL_TOO_LARGE_MESSAGE })
      // Within the body limit, but a calculator padded past 64 KB (the samples' are 1.4 to 4.4 KB).
      const padded = await client.post('/api/proposals', {
        title: 'Padded',
        content: '',
        calculatorData: { ...supportTriageCalculator, explanation: 'y'.repeat(70 * 1024) },
      })
      expect(padded.status).toBe(400)
      expect(await padded.json()).toEqual({ message: `calculatorData: ${CALCULATOR_DATA_TOO_LARGE_MESSAGE}` })
    })
  })

  describe('events', () => {
    it('records created and shared events with the proposal', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client, { accessCode: 'Secret-Code-1' })
      const created = (await outboxPayloads(stack, proposalCreated.subject)).map((payload) =>
        decodeEvent(proposalCreated, { subject: proposalCreated.subject, payload }),
      )
      expect(created.find((event) => event.proposalId === id)).toMatchObject({
        userId: owner.id,
        origin: 'share',
        published: true,
        branding: 'product',
        calculatorType: 'standard',
        currency: 'USD',
      })
      const shared = (await outboxPayloads(stack, proposalShared.subject)).map((payload) =>
        decodeEvent(proposalShared, { subject: proposalShared.subject, payload }),
      )
      expect(shared.find((event) => event.proposalId === id)).toMatchObject({ userId: owner.id, accessCodeSet: true })
    })

    it('records no view for a GET, and each page’s view beacon as the owner’s or an anonymous visitor’s, with the visitor cookie’s id and no address', async () => {
      const owner = await registered(stack)
      const id = await share(owner.client)
      await openAndReport(owner.client, id)
      const visitor = new ApiClient(stack.url)
      const first = await visitor.request('GET', `/api/proposals/${id}`, {
        headers: { 'x-visitor-id': 'forged-visitor-id-from-the-client' },
      })
      expect(first.status).toBe(200)
      const cookie = first.headers.getSetCookie().find((line) => line.startsWith('vp_visitor='))
      expect(cookie).toMatch(/httponly/i)
      expect(cookie).toMatch(/samesite=lax/i)
      const expires = Date.parse(/expires=([^;]+)/i.exec(cookie ?? '')?.[1] ?? '')
      expect(expires - Date.now()).toBeGreaterThan(364 * 24 * 3_600_000)
      const visitorId = /^vp_visitor=([^;]+)/.exec(cookie ?? '')?.[1]
      expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/)
      // The second visit keeps the cookie: no new one is set.
      expect((await open(visitor, id)).headers.getSetCookie().some((line) => line.startsWith('vp_visitor='))).toBe(false)
      // Those two GETs recorded nothing (issue 19): the page's beacons below are the views.
      const visits = [await openAndReport(visitor, id), await openAndReport(visitor, id)]
      expect(visits.map((visit) => visit.counted)).toEqual([true, true])

      const views = await eventually(async () => {
        const decoded = (await outboxPayloads(stack, proposalViewed.subject))
          .map((payload) => decodeEvent(proposalViewed, { subject: proposalViewed.subject, payload }))
          .filter((event) => event.proposalId === id)
        return decoded.length >= 3 ? decoded : undefined
      })
      // The prospect's second opening, within the window, is a repeat: one person (decision 119).
      expect(views.map((view) => [view.viewer, view.visitorId, view.ownerUserId, view.counting])).toEqual([
        ['owner', '', owner.id, ''],
        ['visitor', visitorId, owner.id, 'counted'],
        ['visitor', visitorId, owner.id, 'repeat'],
      ])
      expect(views.slice(1).map((view) => view.visitId)).toEqual(visits.map((visit) => visit.visitId))
      expect(JSON.stringify(views, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toMatch(
        /127\.0\.0\.1|::1|forged/,
      )
      // The owner's list counts the prospect once, committed with the events; the owner's own view is not counted.
      const listed = ((await (await owner.client.get('/api/proposals')).json()) as ProposalListEntry[]).find((entry) => entry.id === id)
      expect(listed?.views).toBe(1)
      const [row] = await stack.databases.proposal.query<Array<{ view_count: number }>>(
        `SELECT view_count FROM ${table(stack, 'proposal', 'proposal')} WHERE id = $1`,
        id,
      )
      expect(row?.view_count).toBe(1)
    })
  })
})

describe('generated proposals with the OpenAI-compatible writer (pglite+in-process, fake provider)', () => {
  let stack: TestStack
  let provider: FakeOpenAiServer

  beforeAll(async () => {
    provider = await startFakeOpenAiServer()
    stack = await startTestStack('pglite+in-process', {
      OPENAI_API_KEY: 'sk-test-proposal-writer',
      OPENAI_BASE_URL: provider.baseUrl,
      OPENAI_MODEL: 'fake-model',
    })
  })
  afterAll(async () => {
    await stack?.close()
    await provider?.close()
  })

  const written = {
    title: 'Faster ticket triage for your support team',
    executiveSummary: 'Twelve agents each saving six hours a week: you save an estimated $168,480 per year.',
    problemStatement: 'Your agents sort incoming tickets by hand.',
    solutionOverview: 'We read, tag and route every ticket within seconds.',
    valueProposition: '$14,040 per month and $168,480 per year.',
    callToAction: 'Try your own numbers in the calculator and let us agree on a start date.',
  }

  it('stores the sections the model wrote, with our own contact line', async () => {
    const { client } = await registered(stack)
    provider.respondWith(jsonCompletion(written))
    const response = await client.post('/api/proposals/generate', {
      calculatorData: supportTriageCalculator,
      input: supportTriageInput,
      templateType: 'executive',
    })
    expect(response.status, await response.clone().text()).toBe(201)
    const proposal = await proposalOf(client, ((await response.json()) as { id: string }).id)
    expect(proposal).toMatchObject({
      ...written,
      templateType: 'executive',
      // No contact details in the profile: no written contact line (the page shows its own neutral one).
      contactInformation: null,
    })
    const request = provider.requests.at(-1)
    expect(request?.chat?.model).toBe('fake-model')
    expect(request?.chat?.messages.map((message) => message.content).join('\n')).toContain('$168,480')
  })

  it('answers a provider failure with 502 and a clear message, storing nothing', async () => {
    const { client } = await registered(stack)
    provider.respondWith(apiError(503, { message: 'overloaded', type: 'server_error' }))
    const response = await client.post('/api/proposals/generate', {
      calculatorData: supportTriageCalculator,
      input: supportTriageInput,
      templateType: 'standard',
    })
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({
      message: 'The proposal could not be written: The AI provider failed (HTTP 503). Try again later.',
    })
    expect(await (await client.get('/api/proposals')).json()).toEqual([])
  })
})
