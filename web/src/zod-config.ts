import { config } from 'zod'

// Zod compiles object parsers with `new Function` unless told not to; under our CSP (no
// 'unsafe-eval') that probe is refused and reported as a CSP violation. This module is imported
// first in main.tsx so it runs before any schema (they read the setting when they are built).
config({ jitless: true })
