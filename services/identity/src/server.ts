import type { EventBus } from '@valueproof/event-bus'
import type { ObjectStore } from '@valueproof/object-store'
import { createApp, type Logger, type ReadinessCheck, type ServiceInstance, startOutboxRelay } from '@valueproof/service-kit'
import type { PrismaClient } from './db.ts'
import type { AccountSettings } from './domain/accounts.ts'
import { defaultLoginThrottlePolicy, type LoginThrottlePolicy } from './domain/login-throttle.ts'
import { deleteExpiredSessions } from './domain/sessions.ts'
import { authRouter } from './routes/auth/index.ts'
import { logosRouter } from './routes/logos/index.ts'
import { sessionsRouter } from './routes/sessions/index.ts'
import { userRouter } from './routes/user/index.ts'

export { PrismaClient } from './db.ts'
export { identityConfigSchema, type IdentityConfig } from './config.ts'

export const SERVICE_NAME = 'identity'

export interface IdentityDeps {
  logger: Logger
  prisma: PrismaClient
  bus: EventBus
  objectStore: ObjectStore
  readiness: ReadinessCheck[]
  sessionTtlMs: number
  passwordHashCost: number
  loginThrottle?: LoginThrottlePolicy
}

const EXPIRED_SESSION_SWEEP_MS = 60 * 60_000

/** Builds identity without listening: the app, its outbox relay and a session sweeper. */
export function createIdentityService(deps: IdentityDeps): ServiceInstance {
  const settings: AccountSettings = {
    hashing: { cost: deps.passwordHashCost },
    sessionTtlMs: deps.sessionTtlMs,
    throttle: deps.loginThrottle ?? defaultLoginThrottlePolicy,
  }
  const app = createApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness: deps.readiness,
    routers: [
      authRouter({ prisma: deps.prisma, settings }),
      sessionsRouter({ prisma: deps.prisma }),
      userRouter({ prisma: deps.prisma }),
      logosRouter({ prisma: deps.prisma, objectStore: deps.objectStore }),
    ],
  })
  const relay = startOutboxRelay({ prisma: deps.prisma, bus: deps.bus, logger: deps.logger })
  // Requests that write events nudge the relay so delivery does not wait for the next poll.
  app.use(async (ctx, next) => {
    await next()
    if (ctx.method !== 'GET') relay.nudge()
  })
  const sweeper = setInterval(() => {
    deleteExpiredSessions(deps.prisma).catch((error: unknown) => deps.logger.warn({ err: error }, 'expired-session sweep failed'))
  }, EXPIRED_SESSION_SWEEP_MS)
  sweeper.unref()
  return {
    name: SERVICE_NAME,
    app,
    async stop() {
      clearInterval(sweeper)
      await relay.stop()
    },
  }
}
