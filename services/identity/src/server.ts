import { resolveSecret } from '@valueproof/http-kit'
import { createOutboundClient } from '@valueproof/outbound-http'
import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import type { IdentitySettings } from './config.ts'
import type { PrismaClient } from './db.ts'
import type { AccountSettings } from './domain/accounts.ts'
import { deleteEndedRateLimits, type ThrottleStore } from './domain/throttle-store.ts'
import { deleteStaleLoginRows, loginPolicy } from './domain/login-throttle.ts'
import { deleteExpiredSessions } from './domain/sessions.ts'
import { throttleKeyOf } from './domain/throttle-keys.ts'
import { createUserLoader } from './domain/user-loader.ts'
import { subscribeCalculatorGenerated } from './events/calculator-generated.ts'
import { subscribeSubscriptionChanged } from './events/subscription-changed.ts'
import { authRouter } from './routes/auth/index.ts'
import { sellerEmailRouter } from './routes/email/index.ts'
import { logosRouter } from './routes/logos/index.ts'
import { sessionsRouter } from './routes/sessions/index.ts'
import { userRouter } from './routes/user/index.ts'

export { PrismaClient } from './db.ts'
export { identityConfigSchema, identityEnv, type IdentityConfig, type IdentitySettings } from './config.ts'

export const SERVICE_NAME = 'identity'

const SWEEP_MS = 60 * 60_000

/** Accounts, sessions, the company profile and logos; the plan as billing reports it. */
export function createIdentityService(deps: ServiceDeps<PrismaClient>, config: IdentitySettings): ServiceInstance {
  const addressHashKey = resolveSecret({
    name: 'ADDRESS_HASH_KEY',
    configured: config.ADDRESS_HASH_KEY,
    dataDir: config.DATA_DIR,
    logger: deps.logger,
  })
  const throttles: ThrottleStore = { prisma: deps.prisma, dbSchema: deps.dbSchema, keyOf: throttleKeyOf(addressHashKey) }
  const settings: AccountSettings = {
    hashing: { cost: config.PASSWORD_HASH_COST },
    sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000,
    login: loginPolicy(config),
    registrationsPerHour: config.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    throttles,
  }
  const sweep = async () => {
    const now = new Date()
    await deleteExpiredSessions(deps.prisma)
    await deleteStaleLoginRows(throttles, { policy: settings.login, now })
    await deleteEndedRateLimits(throttles, now)
  }
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => deps.logger.warn({ err: error }, 'expired-session and throttle sweep failed'))
  }, SWEEP_MS)
  sweeper.unref()
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      authRouter({ prisma: deps.prisma, settings }),
      sessionsRouter({ prisma: deps.prisma }),
      userRouter({
        prisma: deps.prisma,
        users: createUserLoader(deps.sql, deps.dbSchema),
        objectStore: deps.objectStore,
        outbound: createOutboundClient({ allowedTargets: config.OUTBOUND_ALLOWED_TARGETS }),
      }),
      logosRouter({ prisma: deps.prisma, objectStore: deps.objectStore }),
      sellerEmailRouter({ prisma: deps.prisma, throttles }),
    ],
    consumers: [subscribeCalculatorGenerated, subscribeSubscriptionChanged],
    onStop: () => clearInterval(sweeper),
  })
}
