// Issue 13: formula injection. Formulas are parsed by packages/formula (closures, never eval). A
// table of hostile formulas fails to compile with a FormulaError and touches no global; through
// the API, every place a formula enters (calculatorData's formula, value fields' formulas and the
// names they use, in POST /api/proposals and /api/proposals/generate, and the AI provider's answer)
// the product refuses it with 400 (502 for the provider) and a message naming it, and stores nothing.
import {
  compileFormula,
  createCalculator,
  parse,
  validateCalculatorData,
  type CalculatorData,
  type FormulaErrorCode,
} from '@valueproof/formula'
import { jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer } from '@valueproof/ai/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { supportTriageCalculator, supportTriageInput } from '../../services/proposal/src/testing/calculators.ts'
import { stackKinds, startTestStack, type TestStack } from '../integration/support/stack.ts'
import { generationsCounted, SECURITY_STACK_ENV, signUp, type Actor } from './support/actors.ts'

const kinds = await stackKinds('postgres+nats+minio+http')

interface Sentinel {
  touched: boolean
}
const SENTINEL = '__valueproofFormulaSentinel'
const globals = globalThis as unknown as Record<string, unknown>
const sentinel = (): Sentinel => globals[SENTINEL] as Sentinel
const TOUCH = `globalThis.${SENTINEL}.touched = true`

const nest = (open: string, inner: string, close: string, depth: number) => open.repeat(depth) + inner + close.repeat(depth)

/** Formulas an attacker would try, by what they aim at. */
const HOSTILE: Array<[string, string]> = [
  ['the Function constructor through constructor', `constructor.constructor('${TOUCH}')()`],
  ['the Function constructor through a math function', `abs.constructor('${TOUCH}')()`],
  ['__proto__', '__proto__'],
  ['__proto__ assignment', '__proto__.touched = 1'],
  ['prototype', 'prototype'],
  ['this', 'this'],
  ['globalThis', `globalThis.${SENTINEL}`],
  ['window', 'window'],
  ['process.exit()', 'process.exit()'],
  ['process.env', 'process.env.DATABASE_URL'],
  ["require('fs')", "require('fs')"],
  ["import('fs')", "import('node:fs')"],
  ['eval', `eval('${TOUCH}')`],
  ['Function', `Function('${TOUCH}')()`],
  ['new', 'new Date()'],
  ['a template literal', '`${a}`'],
  ['a tagged template', 'a`x`'],
  ['a string', `'${TOUCH}'`],
  ['an arrow function', '(() => a)()'],
  ['a statement list', 'a; b'],
  ['an assignment', 'a = 1'],
  ['indexing', "a['constructor']"],
  ['an array literal', '[a, b]'],
  ['an object literal', '{ valueOf: a }'],
  ['optional chaining', 'a?.constructor'],
  ['a comment hiding code', 'a /* */ + b'],
  ['a unicode escape', '\\u0061'],
  ['1e309 (Infinity)', '1e309'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['hexadecimal', '0x10'],
  ['a Cyrillic lookalike of a', '\u0430 + b'],
  ['a fullwidth lookalike of a', '\uff41 + b'],
  ['a zero-width space inside a name', 'a\u200b + b'],
  ['a right-to-left override', 'a \u202e+ b'],
  ['toString', 'toString'],
  ['valueOf()', 'valueOf()'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['an unknown function', 'fetch(a)'],
  ['calling a call', 'abs(a)(1)'],
  ['typeof', 'typeof a'],
  ['void', 'void 0'],
  ['delete', 'delete a'],
  ['in', 'a in b'],
  ['increment', 'a++'],
  ['too long (12,000 characters)', `a${' + a'.repeat(3_000)}`],
  ['nested parentheses (5,000 deep)', nest('(', 'a', ')', 5_000)],
  ['nested unary minus (1,500 deep)', `${'- '.repeat(1_500)}a`],
  ['a right-associative power chain', `a${' ** a'.repeat(400)}`],
  ['a conditional chain', `${'a ? a : '.repeat(300)}a`],
  ['nested function calls', nest('abs(', 'a', ')', 400)],
]

/** The codes a hostile formula may fail with: every one is a FormulaError, none an exception. */
const FORMULA_ERROR_CODES: readonly FormulaErrorCode[] = [
  'not-text',
  'empty',
  'too-long',
  'too-deep',
  'unexpected-character',
  'unsupported-syntax',
  'invalid-number',
  'unexpected-token',
  'unexpected-end',
  'unclosed-parenthesis',
  'forbidden-name',
  'unknown-function',
  'wrong-argument-count',
  'unknown-name',
  'duplicate-parameter',
]

describe('packages/formula against hostile formulas', () => {
  const calls: string[] = []
  const originalFunction = globalThis.Function
  const originalEval = globalThis.eval

  beforeEach(() => {
    globals[SENTINEL] = { touched: false } satisfies Sentinel
    calls.length = 0
    // Any call of the global eval or Function constructor while formulas compile is recorded.
    globalThis.Function = new Proxy(originalFunction, {
      apply: (target, self, args: string[]) => {
        calls.push(`Function(${args.join(', ')})`)
        return Reflect.apply(target, self, args) as unknown
      },
      construct: (target, args: string[]) => {
        calls.push(`new Function(${args.join(', ')})`)
        return Reflect.construct(target, args)
      },
    })
    globalThis.eval = new Proxy(originalEval, {
      apply: (target, self, args: string[]) => {
        calls.push(`eval(${args.join(', ')})`)
        return Reflect.apply(target, self, args) as unknown
      },
    })
  })
  afterEach(() => {
    globalThis.Function = originalFunction
    globalThis.eval = originalEval
    expect(sentinel().touched).toBe(false)
    expect(Object.prototype).not.toHaveProperty('touched')
    delete globals[SENTINEL]
  })

  it('control: the watch on eval and Function records a call, and a plain formula compiles and evaluates', () => {
    expect(Reflect.apply(globalThis.Function, undefined, ['return 1'])).toBeTypeOf('function')
    expect(calls).toEqual(['Function(return 1)'])
    calls.length = 0
    const compiled = compileFormula('a * b + max(a, 2)', ['a', 'b'])
    if (!compiled.ok) throw new Error(compiled.error.message)
    expect(compiled.formula.evaluate({ a: 3, b: 4 })).toEqual({ ok: true, value: 15 })
    expect(calls).toEqual([])
  })

  it.each(HOSTILE)('refuses %s with a FormulaError, never calling eval or Function', (_name, source) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never)
    try {
      // The hard limits are the most a caller can ask for: recursion stays safe even there.
      for (const limits of [{}, { maxLength: Number.MAX_SAFE_INTEGER, maxDepth: Number.MAX_SAFE_INTEGER }]) {
        const compiled = compileFormula(source, ['a', 'b'], limits)
        expect(compiled.ok, source.slice(0, 80)).toBe(false)
        if (compiled.ok) return
        expect(FORMULA_ERROR_CODES).toContain(compiled.error.code)
        expect(compiled.error.message).toMatch(/\S/)
        expect(compiled.error.position).toBeGreaterThanOrEqual(0)
        expect(compiled.error.position).toBeLessThanOrEqual(source.length)
      }
      expect(calls).toEqual([])
      expect(exit).not.toHaveBeenCalled()
    } finally {
      exit.mockRestore()
    }
  })

  it('refuses reserved and prototype names as parameters, so a formula cannot reach them through a declaration', () => {
    for (const name of ['constructor', '__proto__', 'prototype', 'toString', 'valueOf', 'process', 'globalThis', 'this']) {
      const validation = validateCalculatorData({ ...supportTriageCalculator, formula: name, parameters: [{ name, label: 'x' }] })
      expect(validation.ok, name).toBe(false)
    }
  })

  it('evaluates only numbers: hostile parameter values are never converted (no valueOf, toString or getter runs)', () => {
    const compiled = compileFormula('a * b', ['a', 'b'])
    if (!compiled.ok) throw new Error(compiled.error.message)
    const touch = () => {
      sentinel().touched = true
      return 1
    }
    const hostileValues: unknown[] = [
      { valueOf: touch },
      { toString: () => String(touch()) },
      { [Symbol.toPrimitive]: touch },
      '12',
      '1e309',
      null,
      undefined,
      [3],
    ]
    for (const value of hostileValues) {
      const evaluation = compiled.formula.evaluate({ a: value as number, b: 2 })
      expect(evaluation.ok).toBe(false)
      if (!evaluation.ok) expect(evaluation.error).toBe('invalid-input')
    }
  })

  it('a hostile formula stored without validation is never evaluated: the calculator falls back to 0', () => {
    const stored = { ...supportTriageCalculator, formula: `constructor.constructor('${TOUCH}')()` }
    const validation = validateCalculatorData(stored)
    expect(validation.ok).toBe(false)
    const valid = validateCalculatorData(supportTriageCalculator)
    if (!valid.ok) throw new Error('the fixture is valid')
    const calculator = createCalculator({ ...valid.calculatorData, formula: stored.formula } satisfies CalculatorData)
    expect(calculator.formula.ok).toBe(false)
    const result = calculator.compute(calculator.initialValues())
    if (result.calculatorType === 'value') throw new Error('a standard calculator')
    expect(result.formulaResult.ok).toBe(false)
    expect(result.result).toBe(0)
    expect(calls).toEqual([])
  })

  it('prototype keys in a calculator definition pollute nothing', () => {
    const hostile: unknown = JSON.parse(
      `{"name":"x","formula":"agents","parameters":[{"name":"agents","label":"A","__proto__":{"touched":true}}],"__proto__":{"touched":true},"constructor":{"prototype":{"touched":true}}}`,
    )
    validateCalculatorData(hostile)
    const valid = validateCalculatorData(hostile)
    if (valid.ok) createCalculator(valid.calculatorData).compute({ agents: 2 })
    expect(({} as Record<string, unknown>).touched).toBeUndefined()
  })

  it('parses at most the hard limits: asking for more is clamped, not a stack overflow', () => {
    const deep = nest('(', '1', ')', 100_000)
    const parsed = parse(deep, { maxLength: Number.MAX_SAFE_INTEGER, maxDepth: Number.MAX_SAFE_INTEGER })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(['too-long', 'too-deep']).toContain(parsed.error.code)
  })
})

/** A calculator whose formula (or a value field's) is the hostile one, and where it sits. */
function placements(source: string): Array<[string, unknown, RegExp]> {
  const value = {
    name: 'Injected value',
    formula: '',
    calculatorType: 'value',
    baseCurrency: 'USD',
    parameters: [{ name: 'agents', label: 'Agents', min: 1, max: 50, defaultValue: 12 }],
    valueFields: [{ name: 'total', label: 'Total', calculated: true, formula: source, highlight: true }],
  }
  return [
    ['calculatorData.formula', { ...supportTriageCalculator, formula: source }, /(: |; )formula: /],
    ['valueFields[0].formula', value, /valueFields\[0\]\.formula: /],
  ]
}

const THROUGH_THE_API = HOSTILE.filter(([name]) => !/lookalike|zero-width|right-to-left/.test(name)).slice(0, 30)

describe.each(kinds)('formulas entering through the API (%s)', (kind) => {
  let stack: TestStack
  let user: Actor

  beforeAll(async () => {
    stack = await startTestStack(kind, SECURITY_STACK_ENV)
    user = await signUp(stack, 'formula')
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
  })

  async function storedCount(): Promise<number> {
    const response = await user.client.get('/api/proposals')
    expect(response.status).toBe(200)
    return ((await response.json()) as unknown[]).length
  }

  const bodies = {
    '/api/proposals': (calculatorData: unknown) => ({ title: 'Injected', content: '', calculatorData }),
    '/api/proposals/generate': (calculatorData: unknown) => ({ calculatorData, input: supportTriageInput, templateType: 'standard' }),
  }

  it.each(Object.keys(bodies))('control: %s stores a calculator with a plain formula', async (path) => {
    const before = await storedCount()
    const response = await user.client.post(path, bodies[path as keyof typeof bodies](supportTriageCalculator))
    expect(response.status, await response.clone().text()).toBe(201)
    expect(await storedCount()).toBe(before + 1)
  })

  describe.each(Object.keys(bodies))('%s', (path) => {
    it.each(THROUGH_THE_API)('refuses %s in every place a formula sits, storing nothing', async (_name, source) => {
      const before = await storedCount()
      for (const [where, calculatorData, at] of placements(source)) {
        const response = await user.client.post(path, bodies[path as keyof typeof bodies](calculatorData))
        expect(response.status, where).toBe(400)
        const { message } = (await response.json()) as { message: string }
        expect(message, where).toMatch(/^calculatorData is not a valid calculator: /)
        expect(message, where).toMatch(at)
      }
      expect(await storedCount()).toBe(before)
    })
  })

  it('refuses prototype keys and a 150,000-deep JSON nesting (within the 320 KB body limit) with 400, and keeps answering', async () => {
    const prototypeKeys = `{"title":"x","calculatorData":{"__proto__":{"formula":"agents"},"name":"n","parameters":[]}}`
    const constructorKeys = `{"title":"x","calculatorData":{"constructor":{"prototype":{"touched":true}},"name":"n","parameters":[]}}`
    const deep = `{"title":"x","calculatorData":${nest('[', '', ']', 150_000)}}`
    for (const body of [prototypeKeys, constructorKeys, deep]) {
      const response = await user.client.request('POST', '/api/proposals', { body, headers: { 'content-type': 'application/json' } })
      expect(response.status, body.slice(0, 60)).toBe(400)
      expect(((await response.json()) as { message: unknown }).message).toEqual(expect.any(String))
    }
    expect(({} as Record<string, unknown>).touched).toBeUndefined()
    expect((await user.client.get('/api/user')).status).toBe(200)
  })

  it("refuses a formula of nearly 64 KB (the calculator's limit, docs/decisions/120) as too long", async () => {
    const response = await user.client.post(
      '/api/proposals',
      bodies['/api/proposals']({ ...supportTriageCalculator, formula: `agents${' + agents'.repeat(6_500)}` }),
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(/formula: The formula is too long/)
  })
})

describe('a formula the AI provider answers (pglite+in-process, fake provider)', () => {
  let stack: TestStack
  let provider: FakeOpenAiServer
  let user: Actor

  beforeAll(async () => {
    provider = await startFakeOpenAiServer()
    stack = await startTestStack('pglite+in-process', {
      ...SECURITY_STACK_ENV,
      OPENAI_API_KEY: 'sk-test-formula-injection',
      OPENAI_BASE_URL: provider.baseUrl,
      OPENAI_MODEL: 'fake-model',
    })
    user = await signUp(stack, 'aiformula')
  }, 60_000)
  afterAll(async () => {
    await stack?.close()
    await provider?.close()
  })

  const request = { description: 'We save 10 hours a week at $50 an hour.', complexity: 'balanced', language: 'en', currency: 'USD' }
  const soundAnswer = {
    name: 'Time savings',
    description: 'What the saved hours are worth.',
    formula: 'hoursSavedPerWeek * hourlyCost',
    explanation: 'Hours saved each week times what an hour costs.',
    parameters: [
      {
        name: 'hoursSavedPerWeek',
        label: 'Hours saved per week',
        unit: 'hours',
        type: 'slider',
        min: 0,
        max: 40,
        step: 1,
        defaultValue: 10,
        source: { kind: 'description', quote: 'We save 10 hours a week' },
      },
      {
        name: 'hourlyCost',
        label: 'Cost of an hour',
        unit: 'USD',
        type: 'slider',
        min: 10,
        max: 150,
        step: 5,
        defaultValue: 50,
        source: { kind: 'description', quote: 'at $50 an hour' },
      },
    ],
    baseCurrency: 'USD',
    baseTimeframe: 'weekly',
    valueType: 'moneySaved',
    complexity: 'balanced',
    calculatorType: 'standard',
  }

  it('control: a sound answer becomes the calculator', async () => {
    provider.respondWith(jsonCompletion(soundAnswer))
    const response = await user.client.post('/api/calculator/analyze-text', request)
    expect(response.status, await response.clone().text()).toBe(200)
  })

  it.each([
    ['the Function constructor', `constructor.constructor('${TOUCH}')()`, /'constructor' is not allowed/],
    ['process.exit()', 'process.exit()', /'process' is not allowed/],
    ['a template literal', '`${agents}`', /Template literals are not allowed/],
  ])(
    'refuses %s from the provider after its one repair attempt: the built-in analyzer answers instead',
    async (_name, formula, message) => {
      void message
      const before = await generationsCounted(stack, user.id)
      const hostile = { ...soundAnswer, formula }
      provider.respondWith(jsonCompletion(hostile), jsonCompletion(hostile))
      const response = await user.client.post('/api/calculator/analyze-text', request)
      // Decision 096: a model answer that fails its checks twice falls back to the built-in analyzer.
      expect(response.status).toBe(200)
      expect(JSON.stringify(await response.json())).not.toContain(formula)
      expect(await generationsCounted(stack, user.id)).toBe(before + 1)
      expect(({} as Record<string, unknown>).touched).toBeUndefined()
    },
  )
})
