/** How long a service may take to start answering: SERVICE_TIMEOUT_MS and GENERATION_TIMEOUT_MS's defaults. */
export const DEFAULT_TIMEOUTS = { serviceMs: 30_000, generationMs: 180_000 }
