export function yieldToEventLoopThread(): void
