// The gateway in its own process, forwarding to services at their configured URLs.
import { connectEventBus } from '@valueproof/event-bus'
import {
  createLogger,
  handleShutdown,
  initTracing,
  listen,
  loadConfigOrExit,
  logUnhandledRejections,
  resolveSecret,
  shutdownTracing,
} from '@valueproof/http-kit'
import { gatewayConfigSchema } from './config.ts'
import { clientTimeouts, createGateway, httpTransport } from './server.ts'

const config = loadConfigOrExit(gatewayConfigSchema)
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL })
logUnhandledRejections(logger)
initTracing({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT })
const bus = connectEventBus(config, { name: 'gateway', logger })
const gateway = createGateway({
  logger,
  bus,
  services: {
    identity: httpTransport(config.IDENTITY_URL),
    calculator: httpTransport(config.CALCULATOR_URL),
    proposal: httpTransport(config.PROPOSAL_URL),
    billing: httpTransport(config.BILLING_URL),
    analytics: httpTransport(config.ANALYTICS_URL),
    notification: httpTransport(config.NOTIFICATION_URL),
  },
  webDistDir: config.WEB_DIST_DIR,
  sessionCacheTtlMs: config.SESSION_CACHE_TTL_MS,
  publicOrigin: config.PUBLIC_ORIGIN,
  trustProxy: config.TRUST_PROXY,
  trustedProxyHops: config.TRUST_PROXY_HOPS,
  timeouts: { serviceMs: config.SERVICE_TIMEOUT_MS, generationMs: config.GENERATION_TIMEOUT_MS, bodyIdleMs: config.BODY_IDLE_TIMEOUT_MS },
  signingKey: resolveSecret({ name: 'GATEWAY_SIGNING_KEY', configured: config.GATEWAY_SIGNING_KEY, dataDir: config.DATA_DIR, logger }),
})
await gateway.start()
const server = await listen(gateway.app, {
  port: config.PORT,
  host: config.HOST,
  clientTimeouts: clientTimeouts({ headersMs: config.HEADERS_TIMEOUT_MS, requestMs: config.REQUEST_TIMEOUT_MS }),
})
logger.info({ url: server.url }, 'gateway listening')
handleShutdown({
  logger,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  steps: [
    {
      name: 'http',
      stop: () => {
        // Live streams never end by themselves: end them first, or the close waits out its timeout.
        gateway.endLiveStreams()
        return server.close(config.SHUTDOWN_TIMEOUT_MS / 2)
      },
    },
    { name: 'gateway', stop: () => gateway.stop() },
    { name: 'bus', stop: () => bus.drain() },
    // Last: the spans of the requests above are exported before the process ends.
    { name: 'tracing', stop: shutdownTracing },
  ],
})
