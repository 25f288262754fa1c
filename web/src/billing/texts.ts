// SPEC §8's texts for the plan and payment screens, word for word, in one place: the header, /settings,
// the payment result pages and the calculator screen's templates all show them.
import { CANCEL_SCHEDULED_MESSAGE } from '@valueproof/contracts'
import { ApiError } from '../api.ts'

export const UPGRADE_ERROR_TITLE = 'Error'
export const UPGRADE_FAILED_TEXT = 'Failed to upgrade your plan'
export const CREATE_SUBSCRIPTION_FAILED_TEXT = 'Failed to create subscription'
export const NO_PAYMENT_URL_TEXT = 'No payment URL returned'
/** The header's alert (SPEC §8: an alert, not a toast). */
export const HEADER_UPGRADE_ALERT = 'Error creating subscription. Please try again.'

export const CANCEL_FAILED_TITLE = 'Failed to cancel subscription'
export const CANCEL_FAILED_TEXT = 'Failed to cancel your subscription'
export const CANCELED_TITLE = 'Subscription Canceled'
/** The cancel call's own message, SPEC §8's words, is the toast's fallback too. */
export const CANCELED_TEXT = CANCEL_SCHEDULED_MESSAGE

export const PAYMENT_SUCCESSFUL_TITLE = 'Payment Successful'
export const PAYMENT_SUCCESSFUL_TEXT =
  'Your account will be upgraded to Pro shortly. If your account is not upgraded within a few minutes, please contact support.'
export const CHECKOUT_CANCELED_TITLE = 'Checkout Canceled'
export const CHECKOUT_CANCELED_TEXT = "You've canceled the subscription process. You can try again anytime."

export const UPGRADE_PENDING_TEXT = 'Your account will be upgraded to Pro shortly'
export const ACCOUNT_UPGRADED_TITLE = 'Account Upgraded'
export const UPGRADE_ERROR_TOAST_TITLE = 'Upgrade Error'
export const UPGRADE_ERROR_TEXT = 'There was a problem upgrading your account. Please contact support.'

/** The create call answered without somewhere to pay. */
export class NoPaymentUrlError extends Error {
  override readonly name = 'NoPaymentUrlError'

  constructor() {
    super(NO_PAYMENT_URL_TEXT)
  }
}

/** The create call answered success: false, with its reason. */
export class CheckoutRefusedError extends Error {
  override readonly name = 'CheckoutRefusedError'
}

/**
 * What a failed upgrade tells the user (SPEC §8): the server's message when it sent one (e.g. "already
 * on Pro"), also in a success: false answer, 'No payment URL returned', 'Failed to create subscription' for any other refused call, and
 * 'Failed to upgrade your plan' when the call never got an answer.
 */
export function upgradeErrorMessage(error: unknown): string {
  if (error instanceof NoPaymentUrlError) return NO_PAYMENT_URL_TEXT
  if (error instanceof CheckoutRefusedError) return error.message.trim() === '' ? CREATE_SUBSCRIPTION_FAILED_TEXT : error.message
  if (error instanceof ApiError) return error.serverMessage ?? CREATE_SUBSCRIPTION_FAILED_TEXT
  return UPGRADE_FAILED_TEXT
}

/** A failed cancellation's toast text: the server's message, else SPEC §8's. */
export function cancelErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage !== undefined ? error.serverMessage : CANCEL_FAILED_TEXT
}
