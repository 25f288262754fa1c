// Issue 16, SPEC /legal Cancellation: "Calculators beyond the free limit become inaccessible but
// are not deleted, and they return on resubscribing." Each calculator keeps its number in its
// month's count; on Free, those numbered above the Free allowance are locked (docs/decisions/105).
import {
  CALCULATOR_LIMITS,
  LOCKED_CALCULATOR_MESSAGE,
  PRO_ONLY_TEMPLATES_MESSAGE,
  savedCalculatorListSchema,
  savedCalculatorSchema,
  usedTemplateResponseSchema,
  type SavedCalculator,
} from '@valueproof/contracts'
import { validateCalculatorData } from '@valueproof/formula'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { stackKinds, startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { movePlan, registeredSeller } from '../../testing/accounts.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

const SUPPORT = 'Each of your 8 agents spends 10 hours per week on triage; our assistant saves 30% of that time at $45 per hour.'

async function list(client: ApiClient): Promise<SavedCalculator[]> {
  const response = await client.get('/api/calculators')
  expect(response.status).toBe(200)
  return savedCalculatorListSchema.parse(await response.json()).calculators
}

async function fromTemplate(client: ApiClient): Promise<SavedCalculator> {
  const response = await client.post('/api/calculator-templates/builtin-invoice-processing-en/use', {})
  expect(response.status, await response.clone().text()).toBe(200)
  return usedTemplateResponseSchema.parse(await response.json()).calculator
}

describe.each(kinds)('calculators beyond the Free allowance after a downgrade (%s)', (kind) => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack(kind)
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('locks those made on Pro beyond the Free allowance, keeps them, lets them be deleted, and opens them again on Pro', async () => {
    const seller = await registeredSeller(stack, 'locked')
    await movePlan(stack, seller, 'pro')
    // The month's first calculator from a description, the rest from a template (no analysis to wait for).
    const first = await seller.client.post('/api/calculator/analyze-text', {
      description: SUPPORT,
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    })
    expect(first.status).toBe(200)
    const made = [savedCalculatorSchema.parse(((await first.json()) as { calculator: unknown }).calculator)]
    for (let number = 2; number <= CALCULATOR_LIMITS.free + 2; number += 1) made.push(await fromTemplate(seller.client))
    const [sixth, seventh] = made.slice(CALCULATOR_LIMITS.free)
    if (sixth === undefined || seventh === undefined) throw new Error('seven calculators expected')
    const definition = validateCalculatorData(sixth.config)
    const [input] = definition.ok ? definition.calculatorData.parameters : []
    if (input === undefined) throw new Error('the calculator has no input')
    const patched = await seller.client.patch(`/api/calculators/${sixth.id}`, { values: { [input.name]: input.max } })
    expect(patched.status).toBe(200)
    const { values } = savedCalculatorSchema.parse(await patched.json())
    expect(values).toEqual({ [input.name]: input.max })

    await movePlan(stack, seller, 'free')
    const listed = await list(seller.client)
    expect(listed).toHaveLength(made.length)
    const locked = listed.filter((calculator) => calculator.locked)
    expect(locked.map((calculator) => calculator.id).sort()).toEqual([sixth.id, seventh.id].sort())
    for (const calculator of locked) {
      // Named and dated, its source summarised; no definition, no values.
      expect(calculator).toMatchObject({ config: null, values: null, name: sixth.name, input: { kind: 'template' } })
      expect(calculator.createdAt).toBe(made.find((candidate) => candidate.id === calculator.id)?.createdAt)
    }
    expect(listed.filter((calculator) => !calculator.locked).every((calculator) => calculator.config !== null)).toBe(true)

    for (const [method, path, json] of [
      ['GET', `/api/calculators/${sixth.id}/input`, undefined],
      ['PATCH', `/api/calculators/${sixth.id}`, { values: {} }],
      ['POST', `/api/calculators/${sixth.id}/regenerate`, {}],
    ] as const) {
      const response = await seller.client.request(method, path, json === undefined ? {} : { json })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(((await response.json()) as { message: string }).message).toBe(LOCKED_CALCULATOR_MESSAGE)
    }
    const template = await seller.client.post('/api/calculator-templates', { calculatorId: sixth.id })
    expect(template.status).toBe(403)
    expect(((await template.json()) as { message: string }).message).toBe(PRO_ONLY_TEMPLATES_MESSAGE)
    // An open one is still usable on Free.
    const open = made[0]
    if (open === undefined) throw new Error('no calculator')
    expect((await seller.client.get(`/api/calculators/${open.id}/input`)).status).toBe(200)

    expect((await seller.client.request('DELETE', `/api/calculators/${seventh.id}`)).status).toBe(204)

    await movePlan(stack, seller, 'pro')
    const back = await list(seller.client)
    expect(back).toHaveLength(made.length - 1)
    expect(back.every((calculator) => !calculator.locked)).toBe(true)
    expect(back.find((calculator) => calculator.id === sixth.id)).toMatchObject({ config: sixth.config, values })
    expect((await seller.client.get(`/api/calculators/${sixth.id}/input`)).status).toBe(200)
  })

  it('never locks what a Free user made within the allowance', async () => {
    const seller = await registeredSeller(stack, 'free')
    for (let number = 1; number <= 2; number += 1) {
      const response = await seller.client.post('/api/calculator/analyze-text', {
        description: SUPPORT,
        complexity: 'minimal',
        language: 'en',
        currency: 'USD',
      })
      expect(response.status).toBe(200)
    }
    expect((await list(seller.client)).map((calculator) => calculator.locked)).toEqual([false, false])
  })
})
