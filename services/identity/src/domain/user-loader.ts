import { createBatchLoader, type BatchLoader } from '@valueproof/service-kit'
import type { PrismaClient, User } from '../db.ts'

export type UserLoader = BatchLoader<number, User>

/**
 * Reads users by id with one query for all the lookups of one turn of the event loop, nothing
 * cached (decision 005): every page load asks GET /api/user, so under load N concurrent lookups
 * become one database round trip instead of N, each answer still read after it was asked for.
 */
export function createUserLoader(prisma: PrismaClient): UserLoader {
  return createBatchLoader<number, User>({
    async loadMany(ids) {
      const [only] = ids
      // One id alone is the common case off-peak: findUnique is the cheaper query for it.
      const users =
        ids.length === 1 && only !== undefined
          ? [await prisma.user.findUnique({ where: { id: only } })].filter((user) => user !== null)
          : await prisma.user.findMany({ where: { id: { in: ids } } })
      return new Map(users.map((user) => [user.id, user]))
    },
  })
}
