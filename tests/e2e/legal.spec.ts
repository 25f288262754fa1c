// /legal (SPEC §2, issue 18): four tabs, Contact first with the support contact from the server's
// configuration (playwright.config.ts sets SUPPORT_EMAIL and SUPPORT_PHONE), each tab's terms, a
// deep link per tab, keyboard switching, and the layout on a phone and in the dark theme.
import type { Page } from '@playwright/test'
import { expect, greeting, test } from './fixtures.ts'
import { expectMobileFriendlyLayout, PHONE } from './layout.ts'
import { screenshot, upgradeToPro } from './pages.ts'

/** The e2e server's configuration (playwright.config.ts webServer.env). */
const CONFIGURED_EMAIL = 'help@e2e.valueproof.test'
const CONFIGURED_PHONE = '+46 8 555 010 20'

const TAB_NAMES = ['Contact', 'Refund Policy', 'Cancellation', 'Restrictions'] as const
type TabName = (typeof TAB_NAMES)[number]

/** Each tab's address and facts SPEC §2 and §9 require it to state. */
const TERMS: Record<Exclude<TabName, 'Contact'>, { search: string; heading: string; facts: readonly RegExp[] }> = {
  'Refund Policy': {
    search: 'refund',
    heading: 'Refund Policy',
    facts: [
      /14-day money-back guarantee/,
      /Your first Pro payment \(\$9\.99\) comes with a 14-day money-back guarantee/,
      /we do not refund unused time/,
      /we sell it to businesses/,
      /right to withdraw from an online purchase within 14 days/,
      /arbitration/,
      /small-claims procedure/,
    ],
  },
  Cancellation: {
    search: 'cancellation',
    heading: 'Cancelling your subscription',
    facts: [
      /You can cancel Pro at any time/,
      /open Settings and choose Cancel Subscription/,
      /Through support/,
      /Pro stays on until the end of the period you have paid for/,
      /your account reverts to the Free plan: 5 new calculators a month/,
      /become inaccessible, but they are not deleted/,
      /they open again when you resubscribe/,
    ],
  },
  Restrictions: {
    search: 'restrictions',
    heading: 'Where and how you may use ValueProof',
    facts: [
      /businesses in Sweden and the rest of the EU/,
      /Export control/,
      /export-control rules/,
      /Sanctions/,
      /sanctions list/,
      /governed by Swedish law/,
      /Swedish courts/,
    ],
  },
}

const tabList = (page: Page) => page.getByRole('tablist', { name: 'Legal topics' })
const tab = (page: Page, name: TabName) => tabList(page).getByRole('tab', { name, exact: true })
const panel = (page: Page) => page.getByRole('tabpanel')

async function expectSelected(page: Page, name: TabName): Promise<void> {
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true')
  await expect(panel(page)).toHaveAccessibleName(name)
}

/** The Contact tab with the configured e-mail (mailto) and phone (tel), the hours and the reply target. */
async function expectConfiguredContact(page: Page): Promise<void> {
  await expectSelected(page, 'Contact')
  const details = panel(page).getByRole('region', { name: 'Support contact details' })
  await expect(details.getByRole('link', { name: CONFIGURED_EMAIL })).toHaveAttribute('href', `mailto:${CONFIGURED_EMAIL}`)
  await expect(details.getByRole('link', { name: CONFIGURED_PHONE })).toHaveAttribute('href', 'tel:+46855501020')
  await expect(details).toContainText('Monday to Friday 9:00-17:00 CET')
  await expect(details).toContainText('24 hours on business days')
  await expect(details).not.toContainText('Your account is on Pro')
}

test('a visitor opens /legal on the Contact tab with the configured e-mail, phone, hours and reply target', async ({ page }) => {
  await page.goto('/legal')
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Information' })).toBeVisible()
  await expect(page).toHaveTitle('Legal Information · ValueProof')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(tabList(page).getByRole('tab')).toHaveText([...TAB_NAMES])
  await expectConfiguredContact(page)
  await expect(page.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible()
  await expect(page).toHaveURL(/\/legal$/)
  await screenshot(page, 'legal-contact')
})

test('every tab states its terms and puts itself in the address', async ({ page }) => {
  await page.goto('/legal')
  await expectSelected(page, 'Contact')
  for (const [name, terms] of Object.entries(TERMS) as Array<[keyof typeof TERMS, (typeof TERMS)[keyof typeof TERMS]]>) {
    await tab(page, name).click()
    await expectSelected(page, name)
    await expect(page).toHaveURL(new RegExp(`/legal\\?tab=${terms.search}$`))
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText(terms.heading)
    for (const fact of terms.facts) await expect(panel(page), `${name}: ${fact.source}`).toContainText(fact)
    // Only the open tab's text is on the page.
    await expect(page.getByRole('link', { name: CONFIGURED_EMAIL })).toHaveCount(0)
    await screenshot(page, `legal-${terms.search}`)
  }
  await tab(page, 'Contact').click()
  await expect(page).toHaveURL(/\/legal$/)
  await expectConfiguredContact(page)
})

test('a link opens its tab; an unknown tab opens Contact', async ({ page }) => {
  await page.goto('/legal?tab=cancellation')
  await expectSelected(page, 'Cancellation')
  await expect(panel(page)).toContainText('become inaccessible, but they are not deleted')
  await page.reload()
  await expectSelected(page, 'Cancellation')

  await page.goto('/legal?tab=refund')
  await expectSelected(page, 'Refund Policy')

  await page.goto('/legal?tab=privacy')
  await expectConfiguredContact(page)
})

test('the tabs switch with the keyboard', async ({ page }) => {
  await page.goto('/legal')
  await expectSelected(page, 'Contact')
  await tab(page, 'Contact').focus()

  await page.keyboard.press('ArrowRight')
  await expectSelected(page, 'Refund Policy')
  await expect(tab(page, 'Refund Policy')).toBeFocused()
  await expect(page).toHaveURL(/\?tab=refund$/)

  await page.keyboard.press('End')
  await expectSelected(page, 'Restrictions')
  await expect(tab(page, 'Restrictions')).toBeFocused()

  // Past the last tab the arrow wraps to the first, whose address has no parameter.
  await page.keyboard.press('ArrowRight')
  await expectSelected(page, 'Contact')
  await expect(page).toHaveURL(/\/legal$/)

  await page.keyboard.press('ArrowLeft')
  await expectSelected(page, 'Restrictions')
  await page.keyboard.press('Home')
  await expectSelected(page, 'Contact')
  await expect(tab(page, 'Contact')).toBeFocused()

  // Tab leaves the tab list for the open panel (only the selected tab is in the tab order).
  await page.keyboard.press('Tab')
  await expect(panel(page)).toBeFocused()
})

test('a signed-in user sees the same terms and contact', async ({ page, signedInUser }) => {
  await page.goto('/legal?tab=restrictions')
  await expect(greeting(page, signedInUser)).toBeVisible()
  await expectSelected(page, 'Restrictions')
  await expect(panel(page)).toContainText('governed by Swedish law')
  await tab(page, 'Contact').click()
  await expectConfiguredContact(page)
  await screenshot(page, 'legal-contact-signed-in')
})

test('a Pro user is shown the priority support address, as the footer gives it', async ({ page, signedInUser }) => {
  await upgradeToPro(page)
  const support = (await (await page.request.get('/api/support')).json()) as { email: string; priority: boolean; replyWithin: string }
  expect(support.priority).toBe(true)
  expect(support.email).not.toBe(CONFIGURED_EMAIL)

  await page.goto('/legal')
  await expect(greeting(page, signedInUser)).toBeVisible()
  const details = panel(page).getByRole('region', { name: 'Support contact details' })
  await expect(details.getByRole('link', { name: support.email })).toHaveAttribute('href', `mailto:${support.email}`)
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    `mailto:${support.email}`,
  )
  await expect(details).toContainText(
    `Your account is on Pro, so the address above is your priority support line: we aim to reply ${support.replyWithin}.`,
  )
  // The terms' standard commitment is still stated.
  await expect(details).toContainText('24 hours on business days')
  await expect(details.getByRole('link', { name: CONFIGURED_PHONE })).toBeVisible()
  await screenshot(page, 'legal-contact-pro')
})

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`on a phone in the ${scheme} theme`, () => {
    test.use({ ...PHONE, colorScheme: scheme })

    test('every tab fits the screen and its tap targets are large enough', async ({ page }) => {
      await page.goto('/legal')
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      for (const name of TAB_NAMES) {
        await tab(page, name).click()
        await expectSelected(page, name)
        await expectMobileFriendlyLayout(page)
        await screenshot(page, `legal-phone-${scheme}-${name.toLowerCase().replace(' ', '-')}`)
      }
    })
  })
}

test.describe('in the dark theme on a wide screen', () => {
  test.use({ colorScheme: 'dark' })

  test('the page keeps its layout', async ({ page }) => {
    await page.goto('/legal?tab=refund')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expectSelected(page, 'Refund Policy')
    await expectMobileFriendlyLayout(page)
    await screenshot(page, 'legal-dark-refund')
    await tab(page, 'Contact').click()
    await expectConfiguredContact(page)
    await expectMobileFriendlyLayout(page)
    await screenshot(page, 'legal-dark-contact')
  })
})
