export {
  createRateLimiter,
  deleteEndedWindows,
  tooManyAttempts,
  waitInWords,
  type RateLimit,
  type RateLimiter,
  type RateLimitRows,
  type RateLimitStore,
  type TakenSlot,
} from './rate-limiter.ts'
