import { describe, expect, it } from 'vitest'
import { safeNavigationTarget } from './navigation.ts'

const ORIGIN = 'http://localhost:3100'

describe('safeNavigationTarget', () => {
  it("follows the provider's https page and a path on this site", () => {
    expect(safeNavigationTarget('https://checkout.stripe.com/c/pay/cs_test_123', ORIGIN)).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_123',
    )
    expect(safeNavigationTarget('/checkout/test/cs_test_abc', ORIGIN)).toBe(`${ORIGIN}/checkout/test/cs_test_abc`)
    expect(safeNavigationTarget(`${ORIGIN}/settings/success?session_id=cs_1`, ORIGIN)).toBe(`${ORIGIN}/settings/success?session_id=cs_1`)
  })

  it('refuses other schemes, protocol-relative addresses and nothing at all', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/x',
      '/\\evil.example',
      'not a url',
      '',
      '   ',
      undefined,
    ]) {
      expect(safeNavigationTarget(url, ORIGIN), String(url)).toBeUndefined()
    }
  })
})
