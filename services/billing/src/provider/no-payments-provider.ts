// Billing with neither STRIPE_SECRET_KEY nor PAYMENTS_TEST_MODE (docs/decisions/120): nothing is
// sold. Every call that would reach a provider answers 503 "Payments are not configured", so no path
// can grant Pro; the plan as /settings reads it still answers (Free for everyone who never paid).
import { PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@valueproof/contracts'
import { errors, type HttpError } from '@valueproof/http-kit'
import type Stripe from 'stripe'
import type { NewCheckout, PaymentProvider, ProviderCheckoutSession, ProviderSubscription } from './types.ts'

export function paymentsNotConfigured(): HttpError {
  return errors.serviceUnavailable(PAYMENTS_NOT_CONFIGURED_MESSAGE, 'payments_not_configured')
}

export class NoPaymentsProvider implements PaymentProvider {
  readonly testMode = false

  createCustomer(): Promise<string> {
    return Promise.reject(paymentsNotConfigured())
  }

  createCheckoutSession(): Promise<NewCheckout> {
    return Promise.reject(paymentsNotConfigured())
  }

  retrieveCheckoutSession(): Promise<ProviderCheckoutSession | undefined> {
    return Promise.reject(paymentsNotConfigured())
  }

  retrieveSubscription(): Promise<ProviderSubscription | undefined> {
    return Promise.reject(paymentsNotConfigured())
  }

  scheduleCancel(): Promise<ProviderSubscription> {
    return Promise.reject(paymentsNotConfigured())
  }

  expireCheckoutSession(): Promise<void> {
    return Promise.reject(paymentsNotConfigured())
  }

  cancelSubscriptionNow(): Promise<void> {
    return Promise.reject(paymentsNotConfigured())
  }

  verifyWebhook(): Stripe.Event {
    throw paymentsNotConfigured()
  }
}

/** Whether billing sells anything: Stripe, or test mode turned on by the operator. */
export function paymentsConfigured(provider: PaymentProvider): boolean {
  return !(provider instanceof NoPaymentsProvider)
}
