// Debian's Chromium for browser benchmarks, launched as tests/e2e/playwright.config.ts launches it.
import { access } from 'node:fs/promises'
import { chromium, type Browser } from '@playwright/test'

/** apt-get install chromium; `npx playwright install` cannot work offline. */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** The flags of tests/e2e/playwright.config.ts: nothing in the browser reaches the network on its own. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function hasChromium(): Promise<boolean> {
  try {
    await access(CHROMIUM_PATH)
    return true
  } catch {
    return false
  }
}

/** Bytes a page transferred, in KB with one decimal, as the page benchmarks print them. */
export const kb = (bytes: number): number => Number((bytes / 1024).toFixed(1))

/** A headless Chromium through Playwright; the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] })
}
