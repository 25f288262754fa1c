import { describe, expect, it } from 'vitest'
import { createProposalBodySchema, generateProposalBodySchema } from './proposal.ts'
import { analyzeTextBodySchema } from './calculator.ts'
import { loginBodySchema, profileBodySchema, registerBodySchema } from './user.ts'
import {
  findUnstorableText,
  isStorableText,
  UNSTORABLE_KEY_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  unstorableTextProblem,
} from './storable-text.ts'

const LONE_HIGH = '\ud800'
const LONE_LOW = '\udc00'
const PAIR = '\ud83d\ude00' // 😀

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
}

describe('isStorableText', () => {
  it('accepts ordinary text, emoji (a surrogate pair) and other controls PostgreSQL stores', () => {
    for (const text of ['', 'Acme AB', 'Kostnad € 1 200', PAIR, `a${PAIR}b`, 'tab\tnew\nline\r', '\u0001\u007f']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true)
    }
  })

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const text of ['\0', 'a\0', '\0a', LONE_HIGH, LONE_LOW, `a${LONE_HIGH}b`, `${LONE_LOW}${LONE_HIGH}`, `${PAIR}${LONE_HIGH}`]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false)
    }
  })
})

describe('findUnstorableText', () => {
  it('finds a bad value or key at any depth, with its path', () => {
    expect(findUnstorableText({ a: [1, { b: 'ok' }, { c: `x${LONE_HIGH}` }] })).toEqual({ path: ['a', 2, 'c'], inKey: false })
    expect(findUnstorableText({ a: { [`k\0`]: 1 } })).toEqual({ path: ['a'], inKey: true })
    expect(findUnstorableText([[['\0']]])).toEqual({ path: [0, 0, 0], inKey: false })
    expect(findUnstorableText('\0')).toEqual({ path: [], inKey: false })
  })

  it('finds nothing in storable JSON', () => {
    expect(findUnstorableText({ a: [1, true, null, { b: PAIR }], c: 'd' })).toBeUndefined()
    expect(findUnstorableText(42)).toBeUndefined()
  })

  it('walks a nesting deeper than the call stack allows', () => {
    let deep: unknown = `end${LONE_LOW}`
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep]
    expect(findUnstorableText(deep)?.path).toHaveLength(200_000)
  })

  it('names the field in its message', () => {
    expect(unstorableTextProblem({ calculatorData: { rows: [{ label: '\0' }] } })).toBe(
      `calculatorData.rows.0.label: ${UNSTORABLE_TEXT_MESSAGE}`,
    )
    expect(unstorableTextProblem({ [`\0`]: 1 })).toBe(`The request ${UNSTORABLE_KEY_MESSAGE}`)
    expect(unstorableTextProblem('\0', ['code'])).toBe(`code: ${UNSTORABLE_TEXT_MESSAGE}`)
    expect(unstorableTextProblem({ fine: 'yes' })).toBeUndefined()
  })
})

describe('the request schemas refuse unstorable text with one message naming the field', () => {
  const calculatorData = { parameters: [{ label: 'Hours' }] }

  it.each([
    ['title', { title: 'Q\0', calculatorData }, 'title'],
    ['accessCode', { title: 'Q', calculatorData, accessCode: `open-sesame\0` }, 'accessCode'],
    ['content', { title: 'Q', calculatorData, content: LONE_HIGH }, 'content'],
  ])('POST /api/proposals: %s', (_field, body, path) => {
    expect(messages(createProposalBodySchema.safeParse(body))).toEqual([`${path}: ${UNSTORABLE_TEXT_MESSAGE}`])
  })

  it('calculatorData: a lone surrogate in a deep value or in a key', () => {
    const inValue = { title: 'Q', calculatorData: { parameters: [{ label: `Hours${LONE_HIGH}` }] } }
    const inKey = { title: 'Q', calculatorData: { parameters: [{ [`label${LONE_LOW}`]: 'Hours' }] } }
    expect(messages(createProposalBodySchema.safeParse(inValue))).toEqual([`calculatorData.parameters.0.label: ${UNSTORABLE_TEXT_MESSAGE}`])
    expect(messages(createProposalBodySchema.safeParse(inKey))).toEqual([`calculatorData.parameters.0: ${UNSTORABLE_KEY_MESSAGE}`])
    expect(messages(generateProposalBodySchema.safeParse({ ...inValue, templateType: 'standard' }))).toEqual([
      `calculatorData.parameters.0.label: ${UNSTORABLE_TEXT_MESSAGE}`,
    ])
  })

  it('usernames, passwords, descriptions, inputs and profile fields', () => {
    expect(messages(registerBodySchema.safeParse({ username: 'a\0b', password: 'Secret-123' }))).toEqual([
      `username: ${UNSTORABLE_TEXT_MESSAGE}`,
    ])
    expect(messages(loginBodySchema.safeParse({ username: 'ab', password: `pw${LONE_HIGH}` }))).toEqual([
      `password: ${UNSTORABLE_TEXT_MESSAGE}`,
    ])
    expect(messages(analyzeTextBodySchema.safeParse({ description: 'Cleaning\0', complexity: 'minimal' }))).toEqual([
      `description: ${UNSTORABLE_TEXT_MESSAGE}`,
    ])
    expect(messages(generateProposalBodySchema.safeParse({ calculatorData, input: 'doc\0text', templateType: 'standard' }))).toEqual([
      `input: ${UNSTORABLE_TEXT_MESSAGE}`,
    ])
    expect(messages(profileBodySchema.safeParse({ companyName: `Acme${LONE_LOW}` }))).toEqual([`companyName: ${UNSTORABLE_TEXT_MESSAGE}`])
  })

  it('still accepts the same requests with storable text', () => {
    expect(createProposalBodySchema.safeParse({ title: `Q ${PAIR}`, calculatorData, accessCode: 'open-sesame' }).success).toBe(true)
    expect(registerBodySchema.safeParse({ username: 'anna', password: 'Secret-123' }).success).toBe(true)
  })
})
