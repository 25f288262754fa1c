// Where 'Contact Support' goes (SPEC §1 priority support): the configured priority address and
// reply target for Pro, decided by billing's own view of the plan; the ordinary ones otherwise.
import { supportContactSchema } from '@valueproof/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../../../../tests/integration/support/http-client.ts'
import { startTestStack, type TestStack } from '../../../../../tests/integration/support/stack.ts'
import { signedInSeller, testSessionId } from '../../testing/billing.ts'

describe('the support contact route', () => {
  let stack: TestStack

  beforeAll(async () => {
    stack = await startTestStack('pglite+in-process', {
      SUPPORT_EMAIL: 'help@acme.example',
      SUPPORT_PHONE: '+46 8 123 456',
      SUPPORT_PRIORITY_EMAIL: 'vip@acme.example',
      SUPPORT_PRIORITY_REPLY_HOURS: '2',
    })
  })
  afterAll(async () => {
    await stack?.close()
  })

  async function contact(client: ApiClient) {
    const response = await client.get('/api/support')
    expect(response.status).toBe(200)
    return supportContactSchema.strict().parse(await response.json())
  }

  const ordinary = { email: 'help@acme.example', phone: '+46 8 123 456', priority: false, replyWithin: 'within 24 hours on business days' }

  it('answers the ordinary contact to visitors and Free accounts, the priority one to Pro', async () => {
    expect(await contact(new ApiClient(stack.url))).toEqual(ordinary)
    const { client } = await signedInSeller(stack)
    expect(await contact(client)).toEqual(ordinary)

    const created = (await (await client.post('/api/subscription/create', {})).json()) as { paymentUrl: string }
    expect((await client.post(`/api/billing/test-checkout/${testSessionId(created.paymentUrl)}/pay`)).status).toBe(200)
    expect(await contact(client)).toEqual({
      email: 'vip@acme.example',
      phone: '+46 8 123 456',
      priority: true,
      replyWithin: 'within 2 business hours',
    })
  })
})
