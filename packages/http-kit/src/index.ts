// The HTTP kit every deployable shares, the gateway included: the Koa app with health and
// readiness, errors, request bodies, configuration, logging, tracing, start and shutdown, and the
// identity the gateway signs. It knows no database, bus or object store (@valueproof/service-runtime
// wires those), so the gateway's image carries none of them.
export { createBatchLoader, type BatchLoader, type BatchLoaderOptions } from './batch-loader.ts'
export { createApp, healthRouter, type CreateAppOptions, type ReadinessCheck } from './app.ts'
export { DependencyWatch, type DependencyWatchOptions } from './dependency-watch.ts'
export { loadConfig, loadConfigOrExit, ConfigError, env } from './config.ts'
export { HttpError, errors } from './errors.ts'
export {
  requestContext,
  errorMiddleware,
  jsonBody,
  validateBody,
  requireUser,
  currentUserId,
  clientIp,
  optionalUserId,
  visitorIdOf,
  clientGone,
  REQUEST_ID_HEADER,
  type Unavailability,
  type UnavailabilityOf,
} from './http.ts'
export {
  gatewayOnly,
  signIdentity,
  verifyIdentity,
  IDENTITY_HEADER,
  IDENTITY_TTL_MS,
  IN_PROCESS_IDENTITY,
  UNSIGNED_CALLER_MESSAGE,
  type WithInProcessIdentity,
  type ForwardedIdentity,
} from './forwarded-identity.ts'
export { listen, handleShutdown, logUnhandledRejections, type ClientTimeouts, type RunningServer, type Stoppable } from './lifecycle.ts'
export { createLogger, type Logger } from './logger.ts'
export { initTracing, shutdownTracing, tracerFor, injectTraceHeaders, tracingMiddleware, type TracingOptions } from './tracing.ts'
export { MIN_SECRET_LENGTH, resolveSecret, secretEnv, type SecretName } from './secrets.ts'
export { default as Router, type RouterMiddleware } from '@koa/router'
export { multipartBody, uploadedFile, type UploadedFile } from './multipart.ts'
export { beaconBody, asksNotToBeTracked, type BeaconBodyOptions } from './beacon-body.ts'
export { beaconTokenKey, signBeaconToken, verifyBeaconToken, type BeaconClaims } from './beacon-token.ts'
export { operatorGate, operatorTokenMessage } from './operator-gate.ts'
