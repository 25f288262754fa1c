export { PrismaClient, Prisma } from './generated/prisma/client.ts'
import type { Prisma } from './generated/prisma/client.ts'

/** A client inside `prisma.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient
