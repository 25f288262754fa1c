import { throwAwayServiceDatabase } from '@valueproof/service-runtime/testing'
import { PrismaClient } from '../db.ts'

/** Calculator generation's migrated database in a throw-away PGlite directory, removed by `close()`. */
export function calculatorTestDatabase() {
  return throwAwayServiceDatabase('calculator', PrismaClient)
}
