import { describe, expect, it } from 'vitest'
import { ApiError } from '../api.ts'
import {
  CANCEL_FAILED_TEXT,
  cancelErrorMessage,
  CheckoutRefusedError,
  CREATE_SUBSCRIPTION_FAILED_TEXT,
  NO_PAYMENT_URL_TEXT,
  NoPaymentUrlError,
  UPGRADE_FAILED_TEXT,
  upgradeErrorMessage,
} from './texts.ts'

const refused = (message?: string) => new ApiError(409, message === undefined ? 'Conflict' : JSON.stringify({ message }), message)

describe('upgradeErrorMessage', () => {
  it("shows the server's reason when it gave one", () => {
    expect(upgradeErrorMessage(refused('You are already on the Pro plan.'))).toBe('You are already on the Pro plan.')
    expect(upgradeErrorMessage(new CheckoutRefusedError('Checkout is unavailable'))).toBe('Checkout is unavailable')
  })

  it("falls back to SPEC §8's texts", () => {
    expect(upgradeErrorMessage(refused())).toBe(CREATE_SUBSCRIPTION_FAILED_TEXT)
    expect(upgradeErrorMessage(new CheckoutRefusedError(''))).toBe(CREATE_SUBSCRIPTION_FAILED_TEXT)
    expect(upgradeErrorMessage(new NoPaymentUrlError())).toBe(NO_PAYMENT_URL_TEXT)
    expect(upgradeErrorMessage(new TypeError('Failed to fetch'))).toBe(UPGRADE_FAILED_TEXT)
  })
})

describe('cancelErrorMessage', () => {
  it("shows the server's reason, else SPEC §8's text", () => {
    expect(cancelErrorMessage(refused('You have no active Pro subscription to cancel.'))).toBe(
      'You have no active Pro subscription to cancel.',
    )
    expect(cancelErrorMessage(refused())).toBe(CANCEL_FAILED_TEXT)
    expect(cancelErrorMessage(new TypeError('Failed to fetch'))).toBe(CANCEL_FAILED_TEXT)
  })
})
