import { throwAwayServiceDatabase } from '@valueproof/service-runtime/testing'
import { PrismaClient } from '../db.ts'

/** The proposal service's migrated database in a throw-away PGlite directory, removed by `close()`. */
export function proposalTestDatabase() {
  return throwAwayServiceDatabase('proposal', PrismaClient)
}
