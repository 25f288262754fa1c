// The browser's own privacy signals (issue 19): a visitor who sends Do Not Track or Global Privacy
// Control is not reported by the page at all, and the server keeps nothing of them either.

declare global {
  interface Navigator {
    /** Global Privacy Control (not yet in TypeScript's DOM types). */
    readonly globalPrivacyControl?: boolean
  }
}

export function asksNotToBeTracked(browser: Pick<Navigator, 'doNotTrack' | 'globalPrivacyControl'> = navigator): boolean {
  return browser.doNotTrack === '1' || browser.globalPrivacyControl === true
}
