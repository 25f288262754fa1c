// One error type for every way a model call can fail, with messages a user may read: they name
// the cause and never carry the API key (provider messages are left out or redacted).
import OpenAI from 'openai'

export type AiErrorCode =
  /** The prompt is longer than the model accepts; the message contains 'context length'. */
  | 'context_length'
  /** The provider did not answer within the time limit. */
  | 'timeout'
  /** The provider refused or failed: auth, rate limit, 5xx, network. */
  | 'provider_failed'
  /** The answer was not the JSON asked for, even after the repair attempt. */
  | 'invalid_output'

export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'AiError'
  }
}

export const CONTEXT_LENGTH_MESSAGE =
  "The text is longer than the model's context length allows. Try a shorter excerpt or describe your service in words instead."

/**
 * How providers say the prompt does not fit: OpenAI's code `context_length_exceeded` ("maximum
 * context length is 8192 tokens"), vLLM the same words, llama.cpp `exceed_context_size_error`
 * ("exceeds the available context size"), others "context window" or "too many tokens".
 */
const CONTEXT_LENGTH_WORDING = /context[\s_-]*(length|window|size)|maximum context|too many tokens|exceed_context_size/i

const PROVIDER_DETAIL_LIMIT = 300

export interface AiErrorContext {
  readonly apiKey: string
  readonly model: string
  readonly timeoutMs: number
  /** The caller's signal: an abort from it is a time limit or a caller that went away. */
  readonly signal?: AbortSignal | undefined
}

/** Removes the key (and anything shaped like an OpenAI key) from text that is shown to people. */
export function redactSecrets(text: string, apiKey: string): string {
  const withoutKey = apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text
  return withoutKey.replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, '[redacted]')
}

type ApiError = InstanceType<typeof OpenAI.APIError>

/** `instanceof OpenAI.APIError` narrows to `APIError<any, any, any>`; this keeps the declared defaults. */
function isApiError(error: unknown): error is ApiError {
  return error instanceof OpenAI.APIError
}

function providerDetail(error: ApiError, apiKey: string): string {
  const detail = redactSecrets(error.message, apiKey).replace(/\s+/g, ' ').trim()
  return detail.length > PROVIDER_DETAIL_LIMIT ? `${detail.slice(0, PROVIDER_DETAIL_LIMIT)}…` : detail
}

function isContextLengthError(error: ApiError): boolean {
  if (error.status === 413) return true
  const said = [error.code, error.type, error.message].map((part) => (part === null || part === undefined ? '' : String(part))).join(' ')
  return said.includes('context_length_exceeded') || CONTEXT_LENGTH_WORDING.test(said)
}

function abortError(context: AiErrorContext, cause: unknown): AiError {
  const reason: unknown = context.signal?.reason
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    return new AiError('timeout', 'The time limit ran out before the AI provider answered.', { cause: reason })
  }
  return new AiError('timeout', 'The request was cancelled before the AI provider answered.', { cause })
}

/** Maps whatever a model call threw to an AiError. */
export function toAiError(error: unknown, context: AiErrorContext): AiError {
  if (error instanceof AiError) return error
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiError('timeout', `The AI provider did not answer within ${context.timeoutMs} ms.`, { cause: error })
  }
  if (error instanceof OpenAI.APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return abortError(context, error)
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiError('provider_failed', 'Could not reach the AI provider (network error). Check the base URL and try again later.', {
      cause: error,
    })
  }
  if (isApiError(error)) {
    if (isContextLengthError(error)) return new AiError('context_length', CONTEXT_LENGTH_MESSAGE, { cause: error })
    const status = error.status
    // Auth failures echo (parts of) the key in their message and body: neither is kept.
    if (status === 401) return new AiError('provider_failed', 'The AI provider rejected the API key (HTTP 401). Check the configured key.')
    if (status === 403) return new AiError('provider_failed', 'The AI provider refused access for this API key (HTTP 403).')
    if (status === 429) {
      return new AiError(
        'provider_failed',
        'The AI provider is rate limiting requests or the quota is used up (HTTP 429). Try again later.',
        { cause: error },
      )
    }
    if (status === 404) {
      return new AiError(
        'provider_failed',
        `The AI provider does not know the model '${context.model}' or the endpoint (HTTP 404). Check the configured model and base URL.`,
        { cause: error },
      )
    }
    if (status !== undefined && status >= 500) {
      return new AiError('provider_failed', `The AI provider failed (HTTP ${status}). Try again later.`, { cause: error })
    }
    const shown = status === undefined ? 'no status' : `HTTP ${status}`
    return new AiError('provider_failed', `The AI provider rejected the request (${shown}): ${providerDetail(error, context.apiKey)}`, {
      cause: error,
    })
  }
  return new AiError('provider_failed', 'The AI provider call failed unexpectedly.', { cause: error })
}
