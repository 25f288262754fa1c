// Sharing with an access code (issue 34): the server refuses the most common passwords, whatever
// the browser checked, and stores nothing; an uncommon or generated code shares as before.
import { ACCESS_CODE_TOO_COMMON_MESSAGE, proposalListEntrySchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { registered, share } from '../../../../../tests/integration/support/proposals.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { supportTriageCalculator } from '../../testing/calculators.ts'

describe('common access codes refused on share', () => {
  let stack: TestStack
  let owner: ApiClient

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
    ;({ client: owner } = await registered(stack, 'codes'))
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('answers 400 to 123456, password, qwerty and letmein (any case) and stores no proposal', async () => {
    for (const accessCode of ['123456', 'password', 'qwerty', 'letmein', 'LetMeIn', ' Password ']) {
      const response = await owner.post('/api/proposals', { title: 'Weak code', calculatorData: supportTriageCalculator, accessCode })
      expect([accessCode, response.status, await response.json()]).toEqual([accessCode, 400, { message: ACCESS_CODE_TOO_COMMON_MESSAGE }])
    }
    const list = proposalListEntrySchema.array().parse(await (await owner.get('/api/proposals')).json())
    expect(list.filter((entry) => entry.title === 'Weak code')).toEqual([])
  })

  it('shares with a code like the Share dialog generates, and opens with it', async () => {
    const code = 'Kp7rT2wQxZ'
    const id = await share(owner, { accessCode: code })
    const visitor = new ApiClient(stack.url)
    expect((await visitor.get(`/api/proposals/${id}`)).status).toBe(401)
    expect((await visitor.get(`/api/proposals/${id}?code=${code}`)).status).toBe(200)
  })
})
