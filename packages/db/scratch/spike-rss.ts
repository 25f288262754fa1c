import { createPrismaClient, migrate, servicePrismaPaths } from '../src/index.ts'
import { PrismaClient } from '../../../services/identity/src/generated/prisma/client.ts'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss')
rss('start')
const database = { kind: 'pglite' as const, dataDir: process.argv[2] ?? '/tmp/spike-data/identity' }
const db = await createPrismaClient(PrismaClient, database)
rss('client open')
let t = performance.now()
const r = await migrate({ ...servicePrismaPaths('identity'), database })
console.log('migrate', r, Math.round(performance.now() - t), 'ms')
rss('after migrate')
t = performance.now()
await db.prisma.user.create({ data: { username: 'Ann' + Date.now(), usernameKey: 'ann' + Date.now(), passwordHash: 'x' } })
console.log('users', await db.prisma.user.count(), Math.round(performance.now() - t), 'ms')
await db.ping()
global.gc?.()
rss('after queries + gc')
await db.close()
