// Issue 16: calculator templates are Pro. Everyone sees the built-in set and their own templates;
// on Free they are locked. A Pro user starts calculators from them (counted like a generation) and
// saves their calculators as templates; deleting an own template is allowed on any plan.
import {
  BUILTIN_TEMPLATE_DELETE_MESSAGE,
  calculatorTemplateListSchema,
  calculatorTemplateSchema,
  NOTHING_TO_REGENERATE_MESSAGE,
  OWN_TEMPLATE_SETTINGS_MESSAGE,
  OWN_TEMPLATES_MAX,
  PRO_ONLY_TEMPLATES_MESSAGE,
  savedCalculatorInputSchema,
  savedCalculatorListSchema,
  TEMPLATE_LIMIT_MESSAGE,
  usedTemplateResponseSchema,
  type CalculatorTemplate,
  type SavedCalculator,
} from '@valueproof/contracts'
import { validateCalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { movePlan, registeredSeller, type Seller } from '../../testing/accounts.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const SWEDISH_SUPPORT = 'builtin-support-tickets-sv'
const ENGLISH_ENERGY = 'builtin-energy-costs-en'

async function templates(client: ApiClient): Promise<CalculatorTemplate[]> {
  const response = await client.get('/api/calculator-templates')
  expect(response.status).toBe(200)
  return calculatorTemplateListSchema.parse(await response.json()).templates
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message
}

async function use(client: ApiClient, id: string, json: object = {}): Promise<SavedCalculator> {
  const response = await client.request('POST', `/api/calculator-templates/${id}/use`, { json })
  expect(response.status, await response.clone().text()).toBe(200)
  return usedTemplateResponseSchema.parse(await response.json()).calculator
}

async function saveAsTemplate(client: ApiClient, calculatorId: string, name?: string): Promise<Response> {
  return client.post('/api/calculator-templates', name === undefined ? { calculatorId } : { calculatorId, name })
}

describe.each(kinds)('calculator templates (%s)', (kind) => {
  let stack: TestStack
  let pro: Seller

  beforeAll(async () => {
    stack = await startTestStack(kind)
    pro = await registeredSeller(stack, 'templates')
    await movePlan(stack, pro, 'pro')
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('shows Free users the built-in set in English and Swedish, locked, and refuses its use with the upgrade message', async () => {
    const free = await registeredSeller(stack, 'free')
    const listed = await templates(free.client)
    const builtin = listed.filter((template) => template.source === 'builtin')
    expect(builtin.filter((template) => template.language === 'en').length).toBeGreaterThanOrEqual(6)
    expect(builtin.filter((template) => template.language === 'sv').length).toBeGreaterThanOrEqual(6)
    expect(listed.every((template) => template.locked && template.config === null)).toBe(true)

    const refused = await free.client.post(`/api/calculator-templates/${SWEDISH_SUPPORT}/use`, {})
    expect(refused.status).toBe(403)
    expect(await messageOf(refused)).toBe(PRO_ONLY_TEMPLATES_MESSAGE)
    const calculators = savedCalculatorListSchema.parse(await (await free.client.get('/api/calculators')).json()).calculators
    expect(calculators).toEqual([])
    const save = await saveAsTemplate(free.client, 'AAAAAAAAAAAAAAAAAAAAAA')
    expect(save.status).toBe(403)
    expect(await messageOf(save)).toBe(PRO_ONLY_TEMPLATES_MESSAGE)
    expect((await free.client.request('DELETE', `/api/calculator-templates/${SWEDISH_SUPPORT}`)).status).toBe(400)
  })

  it('starts a Pro user’s calculator from a Swedish template: Swedish labels, kronor, example sources, counted and kept', async () => {
    const listed = await templates(pro.client)
    const swedish = listed.find((template) => template.id === SWEDISH_SUPPORT)
    expect(swedish).toMatchObject({ locked: false, language: 'sv', currency: 'SEK', source: 'builtin', createdAt: null })
    expect(validateCalculatorData(swedish?.config)).toMatchObject({ ok: true })

    const calculator = await use(pro.client, SWEDISH_SUPPORT)
    expect(calculator).toMatchObject({
      language: 'sv',
      currency: 'SEK',
      locked: false,
      input: { kind: 'template', preview: swedish?.name },
    })
    const config = validateCalculatorData(calculator.config)
    if (!config.ok) throw new Error('invalid calculator')
    expect(config.calculatorData.parameters.map((parameter) => parameter.label)).toContain('Supportärenden per månad')
    expect(config.calculatorData.parameters.every((parameter) => parameter.source?.kind === 'assumption')).toBe(true)
    expect(config.calculatorData.baseCurrency).toBe('SEK')

    const kept = savedCalculatorListSchema.parse(await (await pro.client.get('/api/calculators')).json()).calculators
    expect(kept[0]?.id).toBe(calculator.id)
    const input = savedCalculatorInputSchema.parse(await (await pro.client.get(`/api/calculators/${calculator.id}/input`)).json())
    expect(input).toEqual({ kind: 'template', text: `${swedish?.name}\n\n${swedish?.description}` })
    const regenerate = await pro.client.post(`/api/calculators/${calculator.id}/regenerate`, {})
    expect(regenerate.status).toBe(409)
    expect(await messageOf(regenerate)).toBe(NOTHING_TO_REGENERATE_MESSAGE)
  })

  it('makes a built-in template in the language and currency asked', async () => {
    const calculator = await use(pro.client, ENGLISH_ENERGY, { language: 'sv', currency: 'EUR' })
    expect(calculator).toMatchObject({ language: 'sv', currency: 'EUR' })
    const config = validateCalculatorData(calculator.config)
    if (!config.ok) throw new Error('invalid calculator')
    expect(config.calculatorData.baseCurrency).toBe('EUR')
    expect(config.calculatorData.parameters.find((parameter) => parameter.name === 'pricePerKwh')?.unit).toBe('€/kWh')
    expect(config.calculatorData.name).toMatch(/ROI-kalkylator/)
    // An empty object: the template's own language and currency.
    expect(await use(pro.client, ENGLISH_ENERGY, {})).toMatchObject({ language: 'en', currency: 'USD' })
  })

  it('refuses bad uses with a clear 4xx', async () => {
    for (const json of [{ language: 'de' }, { currency: 'GBP' }, { extra: true }]) {
      const response = await pro.client.post(`/api/calculator-templates/${ENGLISH_ENERGY}/use`, json)
      expect(response.status, JSON.stringify(json)).toBe(400)
      expect((await messageOf(response)).length).toBeGreaterThan(5)
    }
    const noBody = await pro.client.post(`/api/calculator-templates/${ENGLISH_ENERGY}/use`)
    expect(noBody.status).toBe(400)
    expect(await messageOf(noBody)).toBe('Request body must be a JSON object')
    for (const id of ['builtin-nothing-en', 'AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      expect((await pro.client.post(`/api/calculator-templates/${id}/use`, {})).status, id).toBe(404)
    }
    expect((await new ApiClient(stack.url).get('/api/calculator-templates')).status).toBe(401)
  })

  it('saves a Pro user’s calculator as their own template, which only they see, use and delete', async () => {
    const source = await use(pro.client, 'builtin-lead-conversion-en')
    const response = await saveAsTemplate(pro.client, source.id, '  Inbound leads for agencies ')
    expect(response.status, await response.clone().text()).toBe(201)
    const own = calculatorTemplateSchema.parse(await response.json())
    expect(own).toMatchObject({ name: 'Inbound leads for agencies', source: 'own', language: 'en', currency: 'USD', locked: false })
    expect((await templates(pro.client)).filter((template) => template.source === 'own').map((template) => template.id)).toEqual([own.id])

    const copy = await use(pro.client, own.id)
    expect(copy.config).toEqual(source.config)
    expect(copy.input).toMatchObject({ kind: 'template', preview: 'Inbound leads for agencies' })
    const otherCurrency = await pro.client.post(`/api/calculator-templates/${own.id}/use`, { currency: 'SEK' })
    expect(otherCurrency.status).toBe(400)
    expect(await messageOf(otherCurrency)).toBe(OWN_TEMPLATE_SETTINGS_MESSAGE)

    // Another Pro user learns nothing about it, and cannot save someone else's calculator.
    const stranger = await registeredSeller(stack, 'stranger')
    await movePlan(stack, stranger, 'pro')
    expect((await templates(stranger.client)).some((template) => template.id === own.id)).toBe(false)
    expect((await stranger.client.post(`/api/calculator-templates/${own.id}/use`, {})).status).toBe(404)
    expect((await stranger.client.request('DELETE', `/api/calculator-templates/${own.id}`)).status).toBe(404)
    expect((await saveAsTemplate(stranger.client, source.id)).status).toBe(404)

    for (const json of [{ calculatorId: source.id, name: '' }, { calculatorId: source.id, name: 'x'.repeat(121) }, { name: 'No id' }, {}]) {
      expect((await pro.client.post('/api/calculator-templates', json)).status, JSON.stringify(json)).toBe(400)
    }
    const builtinDelete = await pro.client.request('DELETE', `/api/calculator-templates/${ENGLISH_ENERGY}`)
    expect(await messageOf(builtinDelete)).toBe(BUILTIN_TEMPLATE_DELETE_MESSAGE)
    expect((await pro.client.request('DELETE', `/api/calculator-templates/${own.id}`)).status).toBe(204)
    expect((await templates(pro.client)).some((template) => template.id === own.id)).toBe(false)
  })

  it(`keeps at most ${OWN_TEMPLATES_MAX} own templates`, async () => {
    const seller = await registeredSeller(stack, 'many')
    await movePlan(stack, seller, 'pro')
    const source = await use(seller.client, 'builtin-sales-admin-en')
    for (let saved = 0; saved < OWN_TEMPLATES_MAX; saved += 1) {
      expect((await saveAsTemplate(seller.client, source.id, `Template ${saved}`)).status).toBe(201)
    }
    const refused = await saveAsTemplate(seller.client, source.id, 'One too many')
    expect(refused.status).toBe(409)
    expect(await messageOf(refused)).toBe(TEMPLATE_LIMIT_MESSAGE)
  })

  it('shows own templates locked after a downgrade, still deletable, and open again on Pro', async () => {
    const seller = await registeredSeller(stack, 'downgrade')
    await movePlan(stack, seller, 'pro')
    const source = await use(seller.client, 'builtin-employee-turnover-sv')
    const own = calculatorTemplateSchema.parse(await (await saveAsTemplate(seller.client, source.id)).json())
    const second = calculatorTemplateSchema.parse(await (await saveAsTemplate(seller.client, source.id, 'Andra')).json())
    expect(own.name).toBe('Personalomsättning — ROI-kalkylator')

    await movePlan(stack, seller, 'free')
    const locked = (await templates(seller.client)).filter((template) => template.source === 'own')
    expect(locked.map((template) => [template.id, template.locked, template.config])).toEqual([
      [second.id, true, null],
      [own.id, true, null],
    ])
    expect((await seller.client.post(`/api/calculator-templates/${own.id}/use`, {})).status).toBe(403)
    expect((await seller.client.request('DELETE', `/api/calculator-templates/${second.id}`)).status).toBe(204)

    await movePlan(stack, seller, 'pro')
    const back = (await templates(seller.client)).filter((template) => template.source === 'own')
    expect(back.map((template) => [template.id, template.locked])).toEqual([[own.id, false]])
    expect(back[0]?.config).toEqual(source.config)
  })
})
