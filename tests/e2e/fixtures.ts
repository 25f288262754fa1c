import { randomBytes } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

/** Meets every SPEC §5 rule: length, upper, lower, number, special. */
export const STRONG_PASSWORD = 'Sunny-Day-42'

/** SPEC §5's live checklist labels, in order. */
export const CHECKLIST_LABELS = [
  'At least 8 characters long',
  'Contains an uppercase letter',
  'Contains a lowercase letter',
  'Contains a number',
  'Contains a special character',
] as const

/** A username no other test (or earlier run against the same data) uses. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
}

/**
 * Calls the API the way the browser does: JSON body and a same-origin Origin header (the gateway
 * refuses state-changing requests from other origins).
 */
export async function postJson(request: APIRequestContext, origin: string, path: string, data?: object) {
  return request.post(path, {
    headers: { Origin: origin },
    ...(data === undefined ? {} : { data }),
  })
}

export async function registerUser(request: APIRequestContext, origin: string, username: string, password = STRONG_PASSWORD) {
  const response = await postJson(request, origin, '/api/register', { username, password })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
}

export async function loginUser(request: APIRequestContext, origin: string, username: string, password = STRONG_PASSWORD) {
  const response = await postJson(request, origin, '/api/login', { username, password })
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true)
}

/** The toast region Radix renders ('Notifications (F8)'); toasts are its list items. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' })
}

export function toasts(page: Page): Locator {
  return toastRegion(page).getByRole('listitem')
}

/** The signed-in header greets the user by name. */
export function greeting(page: Page, username: string): Locator {
  return page.getByRole('banner').getByText(`Welcome, ${username}`, { exact: true })
}

/**
 * Collects uncaught page errors and Content-Security-Policy violations (console reports and
 * `securitypolicyviolation` events) of a page; the pageHealth fixture checks the default page, tests
 * call this for pages of contexts they open themselves.
 */
export async function watchPageHealth(page: Page): Promise<string[]> {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`))
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`csp: ${message.text()}`)
  })
  await page.exposeFunction('reportCspViolationToTest', (text: string) => problems.push(`csp event: ${text}`))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // The binding page.exposeFunction added above.
      const report = (window as Window & { reportCspViolationToTest?: (text: string) => unknown }).reportCspViolationToTest
      if (typeof report === 'function') report(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  return problems
}

interface Fixtures {
  /** Fails the test on an uncaught page error or a Content-Security-Policy violation. */
  pageHealth: void
  /** The app's origin, e.g. http://localhost:3100. */
  origin: string
  /** A user registered through the API in the page's own context, so the page is signed in. */
  signedInUser: string
}

export const test = base.extend<Fixtures>({
  pageHealth: [
    async ({ page }, use) => {
      const problems = await watchPageHealth(page)
      await use()
      expect(problems, 'page errors and CSP violations').toEqual([])
    },
    { auto: true },
  ],
  origin: async ({ baseURL }, use) => {
    if (baseURL === undefined) throw new Error('playwright.config.ts must set use.baseURL')
    await use(new URL(baseURL).origin)
  },
  signedInUser: async ({ page, origin }, use) => {
    const username = uniqueUsername('signed-in')
    // page.request shares the browser context's cookies: the session cookie lands in the page.
    await registerUser(page.request, origin, username)
    await loginUser(page.request, origin, username)
    await use(username)
  },
})

export { expect }
