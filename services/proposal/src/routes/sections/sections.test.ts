// POST /api/proposals/{id}/sections/{blockId}/rewrite through the gateway (issue 37): one written
// section again, in the proposal's language, by the built-in writer and by the OpenAI-compatible
// one (faked at the HTTP boundary); the proposal itself is not changed by it. Sections the seller
// added, blocks that are no section, unknown blocks and other sellers' proposals are refused.
import { rewriteSectionAnswerSchema } from '@valueproof/contracts'
import { plainTextOf } from '@valueproof/contracts/proposal-document'
import { apiError, jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer } from '@valueproof/ai/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { proposalOf, registered } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { SECTION_NOT_FOUND_MESSAGE, SECTION_NOT_WRITTEN_MESSAGE } from '../../domain/section-rewrites.ts'
import {
  invoiceAutomationCalculator,
  invoiceAutomationInput,
  supportTriageCalculator,
  supportTriageInput,
} from '../../testing/calculators.ts'

function rewritePath(proposalId: string, blockId: string): string {
  return `/api/proposals/${encodeURIComponent(proposalId)}/sections/${encodeURIComponent(blockId)}/rewrite`
}

async function generated(client: ApiClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.post('/api/proposals/generate', body)
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function rewritten(client: ApiClient, proposalId: string, blockId: string): Promise<string> {
  const response = await client.post(rewritePath(proposalId, blockId))
  expect(response.status, await response.clone().text()).toBe(200)
  return plainTextOf(rewriteSectionAnswerSchema.strict().parse(await response.json()).content)
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

describe('rewriting one section with the built-in writer (pglite+in-process)', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner } = await registered(stack, 'rewrite'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('writes the section again in the proposal’s language and leaves the proposal as it was', async () => {
    const english = await generated(owner, { calculatorData: supportTriageCalculator, input: supportTriageInput, templateType: 'standard' })
    const before = await proposalOf(owner, english)
    // The input is not kept with a generated proposal: the problem is written from the calculator's figures.
    const problem = await rewritten(owner, english, 'problemStatement')
    expect(problem).toContain('Where things stand today: Support agents: 12 agents; Cost of an agent hour: $45.')
    expect(problem).toContain('about $3,240 is spent every week that could be saved')
    expect(await rewritten(owner, english, 'valueProposition')).toContain(
      '$14,040 per month, $168,480 per year and $505,440 over three years',
    )
    expect(await proposalOf(owner, english)).toEqual({ ...before, beaconToken: expect.any(String) as unknown })

    const swedish = await generated(owner, {
      calculatorData: invoiceAutomationCalculator,
      input: invoiceAutomationInput,
      templateType: 'executive',
    })
    expect(await rewritten(owner, swedish, 'lead')).toContain('sparar ni uppskattningsvis')
    expect(await rewritten(owner, swedish, 'callToAction')).toContain('Beslut som behövs')
  })

  it('refuses a block that is no written section, an unknown block and another seller’s proposal', async () => {
    const id = await generated(owner, { calculatorData: supportTriageCalculator, input: supportTriageInput, templateType: 'standard' })
    const calculator = await owner.post(rewritePath(id, 'calculator'))
    expect([calculator.status, await messageOf(calculator)]).toEqual([400, SECTION_NOT_WRITTEN_MESSAGE])
    const unknown = await owner.post(rewritePath(id, 'no-such-block'))
    expect([unknown.status, await messageOf(unknown)]).toEqual([404, SECTION_NOT_FOUND_MESSAGE])
    const { client: stranger } = await registered(stack, 'rewrite-other')
    expect((await stranger.post(rewritePath(id, 'problemStatement'))).status).toBe(404)
    expect((await new ApiClient(stack.url).post(rewritePath(id, 'problemStatement'))).status).toBe(401)
    expect((await owner.post(rewritePath('not-a-proposal', 'problemStatement'))).status).toBe(404)
  })
})

describe('rewriting one section with the OpenAI-compatible writer (pglite+in-process, fake provider)', () => {
  let stack: TestStack
  let provider: FakeOpenAiServer
  let owner: ApiClient

  beforeAll(async () => {
    provider = await startFakeOpenAiServer()
    stack = await startTestStack('pglite+in-process', {
      OPENAI_API_KEY: 'sk-test-section-writer',
      OPENAI_BASE_URL: provider.baseUrl,
      OPENAI_MODEL: 'fake-model',
    })
    ;({ client: owner } = await registered(stack, 'rewrite-ai'))
  })
  afterAll(async () => {
    await stack?.close()
    await provider?.close()
  })

  const written = {
    title: 'Faktura­hantering utan handpåläggning',
    executiveSummary: 'Ni sparar uppskattningsvis 936 000 kr per år.',
    problemStatement: 'Ekonomiavdelningen registrerar fakturor för hand.',
    solutionOverview: 'Vi läser fakturorna automatiskt.',
    valueProposition: '78 000 kr per månad och 936 000 kr per år.',
    callToAction: 'Stäm av siffrorna och bestäm ett startdatum.',
  }

  it('asks the model for that one section in Swedish and answers its text as rich text', async () => {
    provider.respondWith(jsonCompletion(written))
    const id = await generated(owner, {
      calculatorData: invoiceAutomationCalculator,
      input: invoiceAutomationInput,
      templateType: 'standard',
    })
    provider.respondWith(
      jsonCompletion({ text: 'Fem medarbetare lägger åtta timmar i veckan på fakturor.\n\n- Manuell registrering\n- Sen attest' }),
    )
    const response = await owner.post(rewritePath(id, 'problemStatement'))
    expect(response.status, await response.clone().text()).toBe(200)
    expect(rewriteSectionAnswerSchema.strict().parse(await response.json()).content).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Fem medarbetare lägger åtta timmar i veckan på fakturor.' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Manuell registrering' }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sen attest' }] }] },
          ],
        },
      ],
    })
    const system = (provider.requests.at(-1)?.chat?.messages ?? []).filter((message) => message.role === 'system')
    expect(system.map((message) => message.content).join('\n')).toContain('Write one section only: problemStatement')
    expect(system.map((message) => message.content).join('\n')).toContain('in Swedish (svenska)')
    expect((await proposalOf(owner, id)).problemStatement).toBe(written.problemStatement)
  })

  it('answers a provider failure with 502 and a clear message', async () => {
    provider.respondWith(jsonCompletion(written))
    const id = await generated(owner, {
      calculatorData: invoiceAutomationCalculator,
      input: invoiceAutomationInput,
      templateType: 'standard',
    })
    provider.respondWith(apiError(503, { message: 'overloaded', type: 'server_error' }))
    const response = await owner.post(rewritePath(id, 'solutionOverview'))
    expect(response.status).toBe(502)
    expect(await messageOf(response)).toMatch(/^The proposal could not be written: /)
  })
})
