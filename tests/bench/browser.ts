// Debian's Chromium for browser benchmarks, with the path and flags the browser tests use (tests/chromium.ts).
import { access } from 'node:fs/promises'
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'

export { CHROMIUM_FLAGS, CHROMIUM_PATH }

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
