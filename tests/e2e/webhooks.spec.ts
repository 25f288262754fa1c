// /settings › Webhooks (issue 39): a seller adds an endpoint, sees its secret once, a prospect's open
// becomes a delivery in the list, and "Resend" sends it again. The endpoint is on loopback, which the
// sender refuses before connecting: the browser test never reaches another address.
import type { Page } from '@playwright/test'
import { webhookDeliveryListSchema, webhookEndpointListSchema } from '@valueproof/contracts'
import { expect, test, toasts } from './fixtures.ts'
import { screenshot, shareCalculatorByApi, signedOutVisitor, SUPPORT_CALCULATOR } from './pages.ts'

const webhooksCard = (page: Page) => page.getByRole('region', { name: 'Webhooks' })

async function attemptsOf(page: Page, endpointId: string): Promise<number[]> {
  const response = await page.request.get(`/api/notifications/webhooks/${endpointId}/deliveries`)
  return webhookDeliveryListSchema.parse(await response.json()).deliveries.map((delivery) => delivery.attempts)
}

test('a seller adds a webhook, sees its secret once, and sees and resends a delivery', async ({ page, origin, browser, signedInUser }) => {
  expect(signedInUser).not.toBe('')
  const title = 'Webhook support desk'
  const proposalId = await shareCalculatorByApi(page.request, origin, title, SUPPORT_CALCULATOR)
  await page.goto('/settings')
  const card = webhooksCard(page)
  await expect(card.getByText('No endpoints yet.')).toBeVisible()

  await card.getByLabel('Endpoint URL').fill('http://hooks.example.test/valueproof')
  await card.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(card.getByText('Enter the endpoint as a full https:// address')).toBeVisible()

  await card.getByLabel('Endpoint URL').fill('https://127.0.0.1/valueproof')
  await card.getByLabel('A prospect downloads the PDF').uncheck()
  await card.getByRole('button', { name: 'Add endpoint' }).click()
  const secret = card.getByTestId('webhook-secret')
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/)
  const secretText = (await secret.textContent()) ?? ''
  const endpoint = card.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem')
  await expect(endpoint.getByText('https://127.0.0.1/valueproof')).toBeVisible()
  await expect(endpoint.getByText('A prospect opens a proposal · A prospect agrees to the numbers')).toBeVisible()
  await expect(endpoint.getByText('No deliveries yet.')).toBeVisible()
  await screenshot(page, 'webhooks-secret-light')
  await card.getByRole('button', { name: 'Done' }).click()
  await expect(secret).toHaveCount(0)

  // A prospect opens the proposal: the open becomes a delivery, tried (and refused: loopback) at once.
  const visitor = await signedOutVisitor(browser, origin)
  await visitor.page.goto(`/proposals/${proposalId}`)
  await expect(visitor.page.getByRole('heading', { name: title })).toBeVisible()
  await visitor.close()
  const row = endpoint.getByRole('row').filter({ hasText: 'proposal.opened' })
  await expect(row).toContainText('Retrying', { timeout: 20_000 })
  await expect(row).toContainText('—')

  const listed = webhookEndpointListSchema.parse(await (await page.request.get('/api/notifications/webhooks')).json()).endpoints
  const endpointId = listed[0]?.id ?? ''
  const before = await attemptsOf(page, endpointId)
  expect(before).toEqual([1])
  await row.getByRole('button', { name: 'Resend' }).click()
  await expect(toasts(page).filter({ hasText: 'Sending again' })).toBeVisible()
  await expect.poll(() => attemptsOf(page, endpointId), { timeout: 15_000 }).toEqual([2])

  // The secret is never shown again, nor sent by the list.
  await page.reload()
  await expect(row).toContainText('Retrying')
  expect(await page.content()).not.toContain(secretText)
  await screenshot(page, 'webhooks-deliveries-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(row).toBeVisible()
  await screenshot(page, 'webhooks-deliveries-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.reload()
  await expect(row).toBeVisible()
  await screenshot(page, 'webhooks-deliveries-phone')

  await endpoint.getByRole('button', { name: 'Delete' }).click()
  await expect(card.getByText('No endpoints yet.')).toBeVisible()
})
