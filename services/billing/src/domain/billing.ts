import type { PaymentProvider } from '../provider/types.ts'
import type { StateDeps } from './subscription-state.ts'

/** What billing's domain functions work with: the database, the provider, the clock. */
export interface Billing extends StateDeps {
  provider: PaymentProvider
}
