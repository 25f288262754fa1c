import type Koa from 'koa'
import { LIVE_KEEPALIVE_MS, LIVE_STREAMS_PER_USER, LIVE_VIEW_TOAST_INTERVAL_MS } from '@valueproof/contracts'
import type { EventBus } from '@valueproof/event-bus'
import { proposalAgreed, proposalViewed, sessionRevoked } from '@valueproof/event-bus'
import { createApp, DependencyWatch, type Logger, type ReadinessCheck } from '@valueproof/http-kit'
import { liveRouter } from './live/live-route.ts'
import { LiveStreams } from './live/live-streams.ts'
import { pushProposalAgreed } from './live/proposal-agreed.ts'
import { pushProposalViewed } from './live/proposal-viewed.ts'
import { ViewToasts } from './live/view-toasts.ts'
import type { ServiceTransport } from './proxy/transport.ts'
import type { ServiceName } from './routes/api-routes.ts'
import { apiRouter, sameOriginOnly } from './routes/api.ts'
import { securityHeaders } from './security-headers.ts'
import { cutStalledLeftovers, DEFAULT_TIMEOUTS } from './timeouts.ts'
import { identitySessionLookup } from './sessions/identity-sessions.ts'
import { SessionCache } from './sessions/session-cache.ts'
import { webApp } from './web-app.ts'

export { clientTimeoutEnv, gatewayConfigSchema, type GatewayConfig } from './config.ts'
export { SESSION_COOKIE } from './routes/api.ts'
export { CONTENT_SECURITY_POLICY } from './security-headers.ts'
export { clientTimeouts, DEFAULT_TIMEOUTS } from './timeouts.ts'
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
  /** How long a service may take to start answering, and a request body may stall (defaults: DEFAULT_TIMEOUTS). */
  timeouts?: { serviceMs: number; generationMs: number; bodyIdleMs?: number }
  readiness?: ReadinessCheck[]
  /** GET /api/live's keepalive comment interval (LIVE_KEEPALIVE_MS; tests shorten it). */
  liveKeepaliveMs?: number
  /** How often the bus is checked for /healthz and the log (5 s; tests shorten it). */
  dependencyCheckMs?: number
  /** At most one proposal-viewed event a proposal this often (LIVE_VIEW_TOAST_INTERVAL_MS; tests shorten it). */
  liveViewToastMs?: number
}

export interface Gateway {
  app: Koa
  sessions: SessionCache
  /** The open GET /api/live streams of this replica. */
  live: LiveStreams
  /** Subscribes to session revocations and to the events pushed to live streams; call before serving. */
  start(): Promise<void>
  /**
   * Ends the live streams and refuses new ones. Call as HTTP shutdown begins, before the server's
   * close: that waits for every answer to finish, and a live stream never does by itself.
   */
  endLiveStreams(): void
  /** Ends the live streams, stops the subscriptions and closes the transports; waits for no client. */
  stop(): Promise<void>
}

export function createGateway(deps: GatewayDeps): Gateway {
  const sessions = new SessionCache({
    ttlMs: deps.sessionCacheTtlMs,
    lookup: identitySessionLookup(deps.services.identity, deps.signingKey),
  })
  const bodyIdleMs = deps.timeouts?.bodyIdleMs ?? DEFAULT_TIMEOUTS.bodyIdleMs
  const live = new LiveStreams({ keepaliveMs: deps.liveKeepaliveMs ?? LIVE_KEEPALIVE_MS, perUser: LIVE_STREAMS_PER_USER })
  const viewToasts = new ViewToasts({ streams: live, intervalMs: deps.liveViewToastMs ?? LIVE_VIEW_TOAST_INTERVAL_MS })
  // Ready while started and not shutting down (docs/decisions/118). The bus only feeds session
  // evictions and live toasts: it is watched for /healthz and the log, never a reason to leave the Service.
  let serving = false
  const watch = new DependencyWatch({
    dependencies: [{ name: 'bus', check: () => deps.bus.ping() }],
    logger: deps.logger,
    ...(deps.dependencyCheckMs === undefined ? {} : { intervalMs: deps.dependencyCheckMs }),
  })
  const app = createApp({
    name: 'gateway',
    logger: deps.logger,
    proxy: deps.trustProxy ?? false,
    maxIpsCount: deps.trustedProxyHops ?? 1,
    readiness: [
      { name: 'serving', check: () => (serving ? Promise.resolve() : Promise.reject(new Error('not started, or shutting down'))) },
      ...(deps.readiness ?? []),
    ],
    degraded: () => watch.degraded(),
    before: [cutStalledLeftovers(bodyIdleMs), securityHeaders(), sameOriginOnly(deps.publicOrigin)],
    routers: [
      // Before apiRouter, whose /api catch-all answers 404.
      liveRouter({ sessions, streams: live }),
      apiRouter({
        services: deps.services,
        sessions,
        signingKey: deps.signingKey,
        timeouts: {
          serviceMs: deps.timeouts?.serviceMs ?? DEFAULT_TIMEOUTS.serviceMs,
          generationMs: deps.timeouts?.generationMs ?? DEFAULT_TIMEOUTS.generationMs,
          bodyIdleMs,
        },
        publicOrigin: deps.publicOrigin,
      }),
    ],
    after: [webApp(deps.webDistDir)],
  })
  let subscriptions: Array<{ stop(): Promise<void> }> = []
  return {
    app,
    sessions,
    live,
    async start() {
      // No durable names: every gateway replica receives every revocation, view and agreement, as
      // each holds its own session cache and its own users' live streams.
      subscriptions = await Promise.all([
        deps.bus.subscribe({
          type: sessionRevoked,
          handler: (event) => {
            sessions.evict(event.message.sessionId)
            live.endSession(event.message.sessionId)
            return Promise.resolve()
          },
        }),
        deps.bus.subscribe({
          type: proposalViewed,
          handler: (event) => {
            pushProposalViewed(viewToasts, event)
            return Promise.resolve()
          },
        }),
        deps.bus.subscribe({
          type: proposalAgreed,
          handler: (event) => {
            pushProposalAgreed(live, event)
            return Promise.resolve()
          },
        }),
      ])
      serving = true
      watch.start()
    },
    endLiveStreams() {
      serving = false
      live.close()
    },
    async stop() {
      serving = false
      watch.stop()
      live.close()
      viewToasts.stop()
      await Promise.all(subscriptions.map((subscription) => subscription.stop()))
      for (const transport of Object.values(deps.services)) transport.close()
    },
  }
}
