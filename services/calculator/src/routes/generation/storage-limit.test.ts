// What an account's kept calculators may take (issue 34, docs/decisions/120), through the gateway:
// a generation whose document or description would take the account past its plan's ceiling is
// refused with 403 and the message, keeps nothing and counts nothing; an account already at the
// ceiling is refused before its upload is read; deleting a calculator makes room again.
import { CALCULATOR_STORAGE_LIMITS, savedCalculatorListSchema, userRecordSchema } from '@valueproof/contracts'
import { buildDocx, paragraph } from '../../../../../packages/documents/src/test-documents.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { calculatorStorageMessage } from '../../domain/storage.ts'

const DESCRIPTION =
  'Our help desk automation answers 40% of first-line tickets. Your 5 agents each handle 60 tickets a day, and an agent costs $45 per hour.'
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

describe('the storage ceiling of kept calculators', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process')
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function seller(): Promise<{ client: ApiClient; userId: number }> {
    const client = new ApiClient(stack.url)
    const response = await client.post('/api/register', { username: uniqueUsername('storage'), password: GOOD_PASSWORD })
    expect(response.status).toBe(201)
    return { client, userId: userRecordSchema.parse(await response.json()).id }
  }

  function describeService(client: ApiClient) {
    return client.post('/api/calculator/analyze-text', {
      description: DESCRIPTION,
      complexity: 'balanced',
      language: 'en',
      currency: 'USD',
    })
  }

  function uploadDocument(client: ApiClient) {
    const form = new FormData()
    form.append('complexity', 'balanced')
    form.append('language', 'en')
    form.append('currency', 'USD')
    const docx = buildDocx(paragraph(DESCRIPTION))
    form.append('file', new Blob([new Uint8Array(docx)], { type: DOCX_TYPE }), 'service.docx')
    return client.request('POST', '/api/calculator/analyze-document', { body: form })
  }

  async function kept(client: ApiClient) {
    return savedCalculatorListSchema.parse(await (await client.get('/api/calculators')).json()).calculators
  }

  /** Makes one of the user's calculators stand for `bytes` of documents kept earlier. */
  async function standsFor(calculatorId: string, bytes: number): Promise<void> {
    const { schema } = stack.databases.calculator
    const table = schema ? `"${schema}".saved_calculator` : 'saved_calculator'
    await stack.databases.calculator.execute(`UPDATE ${table} SET file_size = $1 WHERE id = $2`, bytes, calculatorId)
  }

  async function usageCount(userId: number): Promise<number> {
    const { schema } = stack.databases.calculator
    const table = schema ? `"${schema}".usage_month` : 'usage_month'
    const rows = await stack.databases.calculator.query<Array<{ count: number }>>(`SELECT count FROM ${table} WHERE user_id = $1`, userId)
    return Number(rows[0]?.count ?? 0)
  }

  it('refuses a calculator that would pass the Free ceiling, keeping and counting nothing; deleting makes room', async () => {
    const { client, userId } = await seller()
    expect((await describeService(client)).status).toBe(200)
    const [first] = await kept(client)
    if (first === undefined) throw new Error('no calculator kept')
    // Within 100 bytes of 100 MB: the description's own bytes do not fit.
    await standsFor(first.id, CALCULATOR_STORAGE_LIMITS.free - 100)
    const refused = await describeService(client)
    expect([refused.status, await refused.json()]).toEqual([
      403,
      { message: calculatorStorageMessage('free', CALCULATOR_STORAGE_LIMITS.free) },
    ])
    expect(calculatorStorageMessage('free', CALCULATOR_STORAGE_LIMITS.free)).toBe(
      "Your calculators' documents and texts would take more than 100 MB, the most the Free plan keeps. Delete calculators you no longer need, or upgrade to Pro to keep up to 2 GB.",
    )
    expect(await kept(client)).toHaveLength(1)
    expect(await usageCount(userId)).toBe(1)
    const documentsBefore = (await stack.storedObjectKeys()).length

    // At the ceiling: an upload is refused before it is read or stored.
    await standsFor(first.id, CALCULATOR_STORAGE_LIMITS.free)
    const upload = await uploadDocument(client)
    expect([upload.status, await upload.json()]).toEqual([
      403,
      { message: calculatorStorageMessage('free', CALCULATOR_STORAGE_LIMITS.free) },
    ])
    expect((await stack.storedObjectKeys()).length).toBe(documentsBefore)

    expect((await client.request('DELETE', `/api/calculators/${first.id}`)).status).toBe(204)
    expect((await uploadDocument(client)).status).toBe(200)
    expect(await kept(client)).toHaveLength(1)
  }, 120_000)
})
