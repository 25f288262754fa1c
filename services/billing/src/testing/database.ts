import { throwAwayServiceDatabase } from '@valueproof/service-runtime/testing'
import { PrismaClient } from '../db.ts'

/** Billing's migrated database in a throw-away PGlite directory, removed by `close()`. */
export function billingTestDatabase() {
  return throwAwayServiceDatabase('billing', PrismaClient)
}
