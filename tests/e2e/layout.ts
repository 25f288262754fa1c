// Layout checks the issue asks for on phones and in the dark theme: nothing wider than the screen and
// every tap target at least 44 × 44 CSS pixels (WCAG 2.5.5; links inside running text are exempt).
import { expect, type Page } from '@playwright/test'

/** The smallest tap target, CSS pixels. */
export const MIN_TAP_TARGET_PX = 44

/** A phone: 390 × 844 CSS pixels (an iPhone 12–15), touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const

/** A small phone: 375 × 812 CSS pixels (an iPhone X–13 mini), touch. */
export const SMALL_PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const

interface TapTarget {
  description: string
  width: number
  height: number
}

/** Visible interactive elements smaller than the minimum, described for the failure message. */
async function smallTapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate((minimum) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [role="button"], [role="link"]'
    const small: Array<{ description: string; width: number; height: number }> = []
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      // Not shown: nothing to tap (an sr-only skip link is a 1 × 1 clipped box until it is focused).
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue
      // A link inside a sentence is exempt (WCAG 2.5.5 "inline"): it is part of the running text.
      if (element.tagName === 'A' && element.closest('p') !== null) continue
      if (box.width + 0.5 >= minimum && box.height + 0.5 >= minimum) continue
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
      small.push({
        description: `<${element.tagName.toLowerCase()}> "${name}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      })
    }
    return small
  }, MIN_TAP_TARGET_PX)
}

/**
 * How far the page scrolls sideways (0 when nothing overflows the viewport). Measured against the
 * layout viewport's clientWidth: in mobile emulation window.innerWidth grows to the content's width.
 */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth,
  )
}

/**
 * Visible elements that stick out of the screen's width, described for the failure message. Parts an
 * ancestor clips (a box that scrolls sideways on its own, overflow hidden) do not count: they are not
 * on screen. Elements of 1 px or less (screen-reader-only text) are not visible.
 */
function elementsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth
    // The outermost element that sticks out says enough: its children would repeat it.
    const reported = new Set<Element>()
    const outside: string[] = []
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue
      let left = box.left
      let right = box.right
      let inReported = false
      for (let ancestor = element.parentElement; ancestor !== null && ancestor !== document.body; ancestor = ancestor.parentElement) {
        inReported ||= reported.has(ancestor)
        if (getComputedStyle(ancestor).overflowX === 'visible') continue
        const clip = ancestor.getBoundingClientRect()
        left = Math.max(left, clip.left)
        right = Math.min(right, clip.right)
      }
      if (right - left <= 1 || (left >= -0.5 && right <= screenWidth + 0.5)) continue
      reported.add(element)
      if (inReported) continue
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
      const classes = (element.getAttribute('class') ?? '').slice(0, 80)
      outside.push(`<${element.tagName.toLowerCase()} class="${classes}"> "${text}" ${Math.round(left)}–${Math.round(right)} px`)
    }
    return outside
  })
}

/**
 * Asserts, softly (a test goes on to name every page that does not fit), that the page as it is now
 * fits the screen's width: it does not scroll sideways and nothing visible sticks out of it.
 */
export async function expectFitsScreen(page: Page, where = 'the page'): Promise<void> {
  expect.soft(await horizontalOverflow(page), `${where} scrolls sideways by (px)`).toBeLessThanOrEqual(0)
  expect.soft(await elementsOutsideViewport(page), `${where}: visible elements outside the screen`).toEqual([])
}

/**
 * Asserts the page as it is now fits a phone: no horizontal overflow, nothing visible outside the
 * screen and no tap target under 44 px. Call it after the content has rendered (and again after
 * opening a tab or dialog).
 */
export async function expectMobileFriendlyLayout(page: Page): Promise<void> {
  await expectFitsScreen(page)
  const small = await smallTapTargets(page)
  expect(
    small.map((target) => `${target.description} ${target.width}×${target.height}`),
    `tap targets under ${MIN_TAP_TARGET_PX}×${MIN_TAP_TARGET_PX} px`,
  ).toEqual([])
}
