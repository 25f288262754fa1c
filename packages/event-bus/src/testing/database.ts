import { PrismaPg } from '@prisma/adapter-pg'
import { createTestDatabase, type TestDatabase } from '@valueproof/testing'
import { PrismaClient } from './generated/prisma/client.ts'

// The tables Prisma creates for src/testing/prisma/schema.prisma (what `migrate diff` prints).
const schemaSql = [
  `CREATE TABLE "account" ("id" SERIAL NOT NULL, "username" TEXT NOT NULL, CONSTRAINT "account_pkey" PRIMARY KEY ("id"))`,
  `CREATE TABLE "welcome" ("id" SERIAL NOT NULL, "user_id" INTEGER NOT NULL, "username" TEXT NOT NULL,
     CONSTRAINT "welcome_pkey" PRIMARY KEY ("id"))`,
  `CREATE TABLE "outbox_event" ("id" UUID NOT NULL, "subject" TEXT NOT NULL, "payload" BYTEA NOT NULL,
     "headers" JSONB NOT NULL, "occurred_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
     "published_at" TIMESTAMP(3), "attempts" INTEGER NOT NULL DEFAULT 0,
     CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id"))`,
  `CREATE INDEX "outbox_event_published_at_occurred_at_idx" ON "outbox_event"("published_at", "occurred_at")`,
  `CREATE TABLE "processed_event" ("consumer" TEXT NOT NULL, "event_id" UUID NOT NULL,
     "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
     CONSTRAINT "processed_event_pkey" PRIMARY KEY ("consumer", "event_id"))`,
]

export interface OutboxTestDatabase {
  prisma: PrismaClient
  database: TestDatabase
  close(): Promise<void>
}

/** A fresh PostgreSQL database with the test schema, and a Prisma 7 client on it. */
export async function createOutboxTestDatabase(prefix: string): Promise<OutboxTestDatabase> {
  const database = await createTestDatabase(prefix)
  const setup = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) })
  // A server far from UTC: the outbox SQL must store UTC like Prisma does, whatever the zone.
  await setup.$executeRawUnsafe(`ALTER DATABASE "${database.name}" SET timezone TO 'Pacific/Auckland'`)
  await setup.$disconnect()
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) })
  for (const statement of schemaSql) await prisma.$executeRawUnsafe(statement)
  return {
    prisma,
    database,
    async close() {
      await prisma.$disconnect()
      await database.drop()
    },
  }
}
