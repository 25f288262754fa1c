// Issue 15: calculators are kept per account on the server, each with its own input; regenerate
// works from the stored input (a document from object storage) and replaces the calculator in place,
// without counting as a new calculator (issue 36).
import {
  pagesOfContent,
  savedCalculatorInputSchema,
  savedCalculatorListSchema,
  savedCalculatorSchema,
  type SavedCalculator,
} from '@valueproof/contracts'
import { validateCalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPdf } from '../../../../../packages/documents/src/test-documents.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const FUEL = 'Our route planning cuts fuel use by 12%. A truck drives 2,000 miles per week at $0.60 of fuel per mile.'
const SUPPORT = 'Each of your 8 agents spends 10 hours per week on triage; our assistant saves 30% of that time at $45 per hour.'

async function signedIn(stack: TestStack): Promise<ApiClient> {
  const client = new ApiClient(stack.url)
  const response = await client.post('/api/register', { username: uniqueUsername('kept'), password: GOOD_PASSWORD })
  expect(response.status).toBe(201)
  return client
}

async function fromDescription(client: ApiClient, description: string, complexity = 'balanced'): Promise<SavedCalculator> {
  const response = await client.post('/api/calculator/analyze-text', { description, complexity, language: 'en', currency: 'USD' })
  expect(response.status, await response.clone().text()).toBe(200)
  const body = (await response.json()) as { calculator: unknown }
  return savedCalculatorSchema.parse(body.calculator)
}

async function list(client: ApiClient): Promise<SavedCalculator[]> {
  const response = await client.get('/api/calculators')
  expect(response.status).toBe(200)
  return savedCalculatorListSchema.parse(await response.json()).calculators
}

function pdfForm(lines: string[], filename: string): FormData {
  const form = new FormData()
  form.append('complexity', 'balanced')
  form.append('language', 'en')
  form.append('currency', 'USD')
  form.append('file', new Blob([new Uint8Array(buildPdf([{ lines }]))], { type: 'application/pdf' }), filename)
  return form
}

describe.each(kinds)('calculators kept per account (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('lists what a user generated, newest first, on any device, and only to that user', async () => {
    const seller = await signedIn(stack)
    const first = await fromDescription(seller, FUEL)
    const second = await fromDescription(seller, SUPPORT)
    expect(first.input).toEqual({ kind: 'description', preview: FUEL.slice(0, 80), fileSize: null })

    // Another "device": a new session of the same user.
    const username = uniqueUsername('device')
    const laptop = new ApiClient(stack.url)
    expect((await laptop.post('/api/register', { username, password: GOOD_PASSWORD })).status).toBe(201)
    await fromDescription(laptop, FUEL)
    const phone = new ApiClient(stack.url)
    expect((await phone.post('/api/login', { username, password: GOOD_PASSWORD })).status).toBe(200)
    expect((await list(phone)).map((calculator) => calculator.input.preview)).toEqual([FUEL.slice(0, 80)])

    expect((await list(seller)).map((calculator) => calculator.id)).toEqual([second.id, first.id])
    const stranger = await signedIn(stack)
    expect(await list(stranger)).toEqual([])
    for (const [method, path] of [
      ['GET', `/api/calculators/${first.id}/input`],
      ['DELETE', `/api/calculators/${first.id}`],
    ] as const) {
      const response = await stranger.request(method, path)
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    const patched = await stranger.request('PATCH', `/api/calculators/${first.id}`, { json: { values: {} } })
    expect(patched.status).toBe(404)
    expect((await new ApiClient(stack.url).get('/api/calculators')).status).toBe(401)
  })

  it("keeps the seller's values and edits, clamped to each input's range", async () => {
    const seller = await signedIn(stack)
    const calculator = await fromDescription(seller, SUPPORT)
    const config = validateCalculatorData(calculator.config)
    if (!config.ok) throw new Error('invalid calculator')
    const [first] = config.calculatorData.parameters
    if (first === undefined) throw new Error('no parameter')
    const response = await seller.request('PATCH', `/api/calculators/${calculator.id}`, {
      json: { values: { [first.name]: 1e12, notAnInput: 5 } },
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const updated = savedCalculatorSchema.parse(await response.json())
    expect(Object.keys(updated.values ?? {})).toEqual([first.name])
    expect(updated.values?.[first.name]).toBeLessThan(1e12)

    const renamed = { ...config.calculatorData, name: 'Support desk savings' }
    const edited = await seller.request('PATCH', `/api/calculators/${calculator.id}`, { json: { config: renamed } })
    expect(edited.status).toBe(200)
    const [listed] = await list(seller)
    expect(listed?.name).toBe('Support desk savings')
    expect(listed?.values).toEqual(updated.values)
  })

  it('refuses bad edits with a clear 400 and changes nothing', async () => {
    const seller = await signedIn(stack)
    const calculator = await fromDescription(seller, FUEL)
    const bad = [
      { config: { name: 'x' } },
      { values: { a: 'ten' } },
      { values: { a: 1 }, extra: true },
      {},
      { config: { ...(calculator.config as object), name: 'bad\u0000name' } },
    ]
    for (const json of bad) {
      const response = await seller.request('PATCH', `/api/calculators/${calculator.id}`, { json })
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect(((await response.json()) as { message: string }).message.length).toBeGreaterThan(5)
    }
    const malformed = await seller.request('PATCH', `/api/calculators/${calculator.id}`, {
      body: '{"values": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect((await list(seller))[0]).toEqual(calculator)
  })

  it('regenerates the selected calculator from its own stored document, in place, after other inputs', async () => {
    const seller = await signedIn(stack)
    const upload = await seller.request('POST', '/api/calculator/analyze-document', {
      body: pdfForm(['Proposal: route planning for Nordic Freight', FUEL], 'freight-offer.pdf'),
    })
    expect(upload.status, await upload.clone().text()).toBe(200)
    const fromDocument = savedCalculatorSchema.parse(((await upload.json()) as { calculator: unknown }).calculator)
    expect(fromDocument.input.kind).toBe('document')
    expect(fromDocument.input.preview).toBe('freight-offer.pdf')
    expect(await stack.storedObjectKeys()).toContain(`calculator-documents/${fromDocument.id}`)
    const later = await fromDescription(seller, SUPPORT)

    const input = await seller.get(`/api/calculators/${fromDocument.id}/input`)
    const kept = savedCalculatorInputSchema.parse(await input.json())
    expect(kept.kind).toBe('document')
    expect(kept.text).toContain('fuel use by 12%')

    const response = await seller.post(`/api/calculators/${fromDocument.id}/regenerate`, { complexity: 'minimal' })
    expect(response.status, await response.clone().text()).toBe(200)
    const regenerated = savedCalculatorSchema.parse(((await response.json()) as { calculator: unknown }).calculator)
    expect(regenerated.id).toBe(fromDocument.id)
    expect(regenerated.complexity).toBe('minimal')
    // Its own document, not the description generated after it.
    expect(JSON.stringify(regenerated.config)).toMatch(/miles per week/)
    expect(JSON.stringify(regenerated.config)).not.toMatch(/agents|triage/)
    expect((await list(seller)).map((calculator) => calculator.id)).toEqual([later.id, fromDocument.id])
  })

  it('keeps the figures panel’s choices with the calculator, refuses malformed ones, and a regenerate clears them (issue 36)', async () => {
    const seller = await signedIn(stack)
    const upload = await seller.request('POST', '/api/calculator/analyze-document', {
      body: pdfForm(['Proposal: route planning for Nordic Freight', FUEL], 'freight-offer.pdf'),
    })
    expect(upload.status, await upload.clone().text()).toBe(200)
    const calculator = savedCalculatorSchema.parse(((await upload.json()) as { calculator: unknown }).calculator)
    expect(calculator.figures).toBeNull()
    // A document's pages are kept apart, so the panel quotes each figure with its page.
    const input = savedCalculatorInputSchema.parse(await (await seller.get(`/api/calculators/${calculator.id}/input`)).json())
    expect(pagesOfContent(input.text).map((page) => page.page)).toEqual([1])

    const figures = { choices: { roles: { 0: 'none' }, addedStreams: ['custom'] }, formula: 'a * b', name: 'Value' }
    const patched = await seller.request('PATCH', `/api/calculators/${calculator.id}`, { json: { config: calculator.config, figures } })
    expect(patched.status, await patched.clone().text()).toBe(200)
    expect((await list(seller)).find((kept) => kept.id === calculator.id)?.figures).toEqual(figures)

    for (const bad of [
      { choices: { roles: { zero: 'none' } }, formula: '' },
      { choices: { roles: { 0: 'owner' } }, formula: '' },
      { formula: '' },
    ]) {
      const refused = await seller.request('PATCH', `/api/calculators/${calculator.id}`, { json: { values: null, figures: bad } })
      expect(refused.status, JSON.stringify(bad)).toBe(400)
    }
    expect((await list(seller)).find((kept) => kept.id === calculator.id)?.figures).toEqual(figures)

    const regenerated = await seller.post(`/api/calculators/${calculator.id}/regenerate`, {})
    expect(regenerated.status, await regenerated.clone().text()).toBe(200)
    expect((await list(seller)).find((kept) => kept.id === calculator.id)?.figures).toBeNull()
  })

  it('regenerating is not a new calculator: the month’s count stays as it was, and it works at the limit (docs/decisions/129)', async () => {
    const seller = await signedIn(stack)
    const first = await fromDescription(seller, FUEL)
    for (let round = 0; round < 2; round += 1) {
      const regenerated = await seller.post(`/api/calculators/${first.id}/regenerate`, {})
      expect(regenerated.status, await regenerated.clone().text()).toBe(200)
    }
    // Counted, the two regenerates would have used the Free plan's allowance up before the fifth calculator.
    for (let count = 1; count < 5; count += 1) await fromDescription(seller, SUPPORT)
    const sixth = await seller.post('/api/calculator/analyze-text', {
      description: FUEL,
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    })
    expect(sixth.status).toBe(403)
    // At the limit the seller can still regenerate one of this month's calculators.
    const atLimit = await seller.post(`/api/calculators/${first.id}/regenerate`, {})
    expect(atLimit.status, await atLimit.clone().text()).toBe(200)
    const usage = async () => ((await (await seller.get('/api/user')).json()) as { calculatorsCreated: number }).calculatorsCreated
    await expect.poll(usage).toBe(5)
    expect((await list(seller)).map((calculator) => calculator.id)).toContain(first.id)
  })

  it('deletes a calculator with its document', async () => {
    const seller = await signedIn(stack)
    const upload = await seller.request('POST', '/api/calculator/analyze-document', { body: pdfForm([FUEL], 'fuel.pdf') })
    expect(upload.status).toBe(200)
    const { id } = savedCalculatorSchema.parse(((await upload.json()) as { calculator: unknown }).calculator)
    expect((await seller.request('DELETE', `/api/calculators/${id}`)).status).toBe(204)
    expect(await stack.storedObjectKeys()).not.toContain(`calculator-documents/${id}`)
    expect(await list(seller)).toEqual([])
    expect((await seller.post(`/api/calculators/${id}/regenerate`, {})).status).toBe(404)
  })

  it('keeps no document for a generation that failed', async () => {
    const seller = await signedIn(stack)
    const form = new FormData()
    form.append('complexity', 'balanced')
    form.append('file', new Blob([new TextEncoder().encode('not a pdf at all')], { type: 'application/pdf' }), 'broken.pdf')
    const before = (await stack.storedObjectKeys()).filter((key) => key.startsWith('calculator-documents/')).length
    const response = await seller.request('POST', '/api/calculator/analyze-document', { body: form })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    const after = (await stack.storedObjectKeys()).filter((key) => key.startsWith('calculator-documents/')).length
    expect(after).toBe(before)
    expect(await list(seller)).toEqual([])
  })
})
