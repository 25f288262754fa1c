// Issue 36: a protected proposal asks for its access code in its own language. The 401 names the
// language the page will show the proposal in (its calculator's, English without one), for the
// wrong code as for none, and nothing else about the proposal; the right code opens it as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { ACCESS_CODE_REQUIRED_MESSAGE, ACCESS_CODE_WRONG_MESSAGE } from '../../domain/access-codes.ts'
import { invoiceAutomationCalculator, supportTriageCalculator } from '../../testing/calculators.ts'

const CODE = 'Kp7rT2wQxZ'

describe('the access-code gate’s language', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner } = await registered(stack, 'gate'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  it.each([
    { name: 'a Swedish calculator', calculatorData: { ...invoiceAutomationCalculator, language: 'sv' }, language: 'sv' },
    { name: 'an English calculator', calculatorData: { ...supportTriageCalculator, language: 'en' }, language: 'en' },
    { name: 'a calculator stored without a language', calculatorData: supportTriageCalculator, language: 'en' },
  ])('$name: the 401 names "$language", with and without a wrong code', async ({ calculatorData, language }) => {
    const id = await share(owner, { calculatorData, accessCode: CODE })
    const visitor = new ApiClient(stack.url)
    const none = await visitor.get(`/api/proposals/${id}`)
    expect([none.status, await none.json()]).toEqual([401, { language, message: ACCESS_CODE_REQUIRED_MESSAGE }])
    const wrong = await visitor.get(`/api/proposals/${id}?code=${CODE}x`)
    expect([wrong.status, await wrong.json()]).toEqual([401, { language, message: ACCESS_CODE_WRONG_MESSAGE }])
    expect((await visitor.get(`/api/proposals/${id}?code=${CODE}`)).status).toBe(200)
  })
})
