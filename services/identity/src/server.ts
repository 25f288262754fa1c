import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-kit'
import type { PrismaClient } from './db.ts'
import type { AccountSettings } from './domain/accounts.ts'
import { defaultLoginThrottlePolicy, type LoginThrottlePolicy } from './domain/login-throttle.ts'
import { deleteExpiredSessions } from './domain/sessions.ts'
import { createUserLoader } from './domain/user-loader.ts'
import { subscribeCalculatorGenerated } from './events/calculator-generated.ts'
import { authRouter } from './routes/auth/index.ts'
import { logosRouter } from './routes/logos/index.ts'
import { sessionsRouter } from './routes/sessions/index.ts'
import { userRouter } from './routes/user/index.ts'

export { PrismaClient } from './db.ts'
export { identityConfigSchema, type IdentityConfig } from './config.ts'

export const SERVICE_NAME = 'identity'

export interface IdentityDeps extends ServiceDeps<PrismaClient> {
  sessionTtlMs: number
  passwordHashCost: number
  loginThrottle?: LoginThrottlePolicy
}

const EXPIRED_SESSION_SWEEP_MS = 60 * 60_000

/** Accounts, sessions, the company profile and logos. */
export function createIdentityService(deps: IdentityDeps): ServiceInstance {
  const settings: AccountSettings = {
    hashing: { cost: deps.passwordHashCost },
    sessionTtlMs: deps.sessionTtlMs,
    throttle: deps.loginThrottle ?? defaultLoginThrottlePolicy,
    dbSchema: deps.dbSchema,
  }
  const sweeper = setInterval(() => {
    deleteExpiredSessions(deps.prisma).catch((error: unknown) => deps.logger.warn({ err: error }, 'expired-session sweep failed'))
  }, EXPIRED_SESSION_SWEEP_MS)
  sweeper.unref()
  return createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      authRouter({ prisma: deps.prisma, settings }),
      sessionsRouter({ prisma: deps.prisma }),
      userRouter({ prisma: deps.prisma, users: createUserLoader(deps.sql, deps.dbSchema) }),
      logosRouter({ prisma: deps.prisma, objectStore: deps.objectStore }),
    ],
    consumers: [subscribeCalculatorGenerated],
    onStop: () => clearInterval(sweeper),
  })
}
