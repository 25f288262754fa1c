import type { PrismaClient, User } from '../db.ts'

/** Most ids one query asks for; a longer queue is split. */
const MAX_BATCH = 200

export interface UserLoader {
  /** The user with this id as the database has it now, or null. */
  load(userId: number): Promise<User | null>
}

interface Waiting {
  userId: number
  resolve(user: User | null): void
  reject(error: unknown): void
}

/**
 * Reads users by id with one query for all the lookups that arrive in the same turn of the event
 * loop (DataLoader's batching, without its cache). Every page load asks GET /api/user, so under
 * load N concurrent lookups become one database round trip instead of N (decision 005). Nothing is
 * cached: a lookup always sees what was committed before it was asked.
 */
export function createUserLoader(prisma: PrismaClient): UserLoader {
  let waiting: Waiting[] = []

  async function flush(): Promise<void> {
    const batch = waiting.splice(0, MAX_BATCH)
    if (waiting.length > 0) setImmediate(() => void flush())
    const [first] = batch
    if (first === undefined) return
    try {
      const users =
        batch.length === 1
          ? [await prisma.user.findUnique({ where: { id: first.userId } })].filter((user) => user !== null)
          : await prisma.user.findMany({ where: { id: { in: [...new Set(batch.map((entry) => entry.userId))] } } })
      const byId = new Map(users.map((user) => [user.id, user]))
      for (const entry of batch) entry.resolve(byId.get(entry.userId) ?? null)
    } catch (error) {
      for (const entry of batch) entry.reject(error)
    }
  }

  return {
    load(userId) {
      return new Promise<User | null>((resolve, reject) => {
        waiting.push({ userId, resolve, reject })
        if (waiting.length === 1) setImmediate(() => void flush())
      })
    },
  }
}
