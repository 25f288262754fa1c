import type Koa from 'koa'
import type { EventBus } from '@valueproof/event-bus'
import { sessionRevoked } from '@valueproof/event-bus'
import { createApp, type Logger, type ReadinessCheck } from '@valueproof/http-kit'
import type { ServiceTransport } from './proxy/transport.ts'
import type { ServiceName } from './routes/api-routes.ts'
import { apiRouter, sameOriginOnly } from './routes/api.ts'
import { securityHeaders } from './security-headers.ts'
import { DEFAULT_TIMEOUTS } from './timeouts.ts'
import { identitySessionLookup } from './sessions/identity-sessions.ts'
import { SessionCache } from './sessions/session-cache.ts'
import { webApp } from './web-app.ts'

export { gatewayConfigSchema, type GatewayConfig } from './config.ts'
export { SESSION_COOKIE } from './routes/api.ts'
export { CONTENT_SECURITY_POLICY } from './security-headers.ts'
export { DEFAULT_TIMEOUTS } from './timeouts.ts'
export { httpTransport, inProcessTransport, type ServiceTransport } from './proxy/transport.ts'

export interface GatewayDeps {
  logger: Logger
  bus: EventBus
  /** How each service is reached: over HTTP, or in this process (the embedded stack). */
  services: Record<ServiceName, ServiceTransport>
  webDistDir: string
  sessionCacheTtlMs: number
  publicOrigin?: string
  /** Behind an ingress: trust X-Forwarded-Proto/-For, taking the client's address `trustedProxyHops` entries from the right. */
  trustProxy?: boolean
  /** Proxies in front of the gateway that append to X-Forwarded-For (default 1). */
  trustedProxyHops?: number
  /** GATEWAY_SIGNING_KEY: signs the identity forwarded to services. */
  signingKey: string
  /** How long a service may take to start answering (defaults: SERVICE_TIMEOUT_MS and GENERATION_TIMEOUT_MS's). */
  timeouts?: { serviceMs: number; generationMs: number }
  readiness?: ReadinessCheck[]
}

export interface Gateway {
  app: Koa
  sessions: SessionCache
  /** Subscribes to session revocations; call before serving. */
  start(): Promise<void>
  stop(): Promise<void>
}

export function createGateway(deps: GatewayDeps): Gateway {
  const sessions = new SessionCache({
    ttlMs: deps.sessionCacheTtlMs,
    lookup: identitySessionLookup(deps.services.identity, deps.signingKey),
  })
  const app = createApp({
    name: 'gateway',
    logger: deps.logger,
    proxy: deps.trustProxy ?? false,
    maxIpsCount: deps.trustedProxyHops ?? 1,
    readiness: [{ name: 'bus', check: () => deps.bus.ping() }, ...(deps.readiness ?? [])],
    before: [securityHeaders(), sameOriginOnly(deps.publicOrigin)],
    routers: [
      apiRouter({
        services: deps.services,
        sessions,
        signingKey: deps.signingKey,
        timeouts: deps.timeouts ?? DEFAULT_TIMEOUTS,
        publicOrigin: deps.publicOrigin,
      }),
    ],
    after: [webApp(deps.webDistDir)],
  })
  let subscription: { stop(): Promise<void> } | undefined
  return {
    app,
    sessions,
    async start() {
      // No durable name: every gateway replica receives every revocation.
      subscription = await deps.bus.subscribe({
        type: sessionRevoked,
        handler: (event) => {
          sessions.evict(event.message.sessionId)
          return Promise.resolve()
        },
      })
    },
    async stop() {
      await subscription?.stop()
      for (const transport of Object.values(deps.services)) transport.close()
    },
  }
}
