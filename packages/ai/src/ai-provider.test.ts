import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AiError, createAiProvider, type AiProvider, type JsonValidation } from './index.ts'
import { apiError, completion, hang, jsonCompletion, startFakeOpenAiServer, type FakeOpenAiServer } from './testing/fake-openai-server.ts'

const API_KEY = 'sk-test-SECRET-key-0123456789'

interface Answer {
  readonly answer: number
}

function validateAnswer(value: unknown): JsonValidation<Answer> {
  if (typeof value !== 'object' || value === null) return { ok: false, problems: ['the answer must be an object'] }
  const answer: unknown = Reflect.get(value, 'answer')
  if (typeof answer !== 'number') return { ok: false, problems: ['answer: must be a number'] }
  return { ok: true, value: { answer } }
}

const jsonSchema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] }

const request = {
  system: 'You answer with JSON.',
  user: 'What is six times seven?',
  schemaName: 'answer',
  jsonSchema,
  validate: validateAnswer,
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof AiError)) throw new Error(`expected an AiError, got ${String(outcome)}`)
  return outcome
}

describe('createAiProvider().generateJson', () => {
  let server: FakeOpenAiServer
  let provider: AiProvider

  beforeEach(async () => {
    server = await startFakeOpenAiServer()
    provider = createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 5_000, maxOutputTokens: 800 })
  })

  afterEach(async () => {
    await server.close()
  })

  it('returns the validated answer of one Chat Completions request with a JSON schema format', async () => {
    server.respondWith(jsonCompletion({ answer: 42 }))

    await expect(provider.generateJson(request)).resolves.toEqual({ answer: 42 })

    expect(server.requests).toHaveLength(1)
    const [sent] = server.requests
    expect(sent?.method).toBe('POST')
    expect(sent?.path).toBe('/v1/chat/completions')
    expect(sent?.authorization).toBe(`Bearer ${API_KEY}`)
    expect(sent?.chat?.model).toBe('test-model')
    expect(sent?.chat?.max_completion_tokens).toBe(800)
    expect(sent?.chat?.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema: jsonSchema, strict: false } })
    expect(sent?.chat?.messages).toEqual([
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ])
  })

  it('reads JSON wrapped in a Markdown fence without a repair', async () => {
    server.respondWith(completion('Here it is:\n```json\n{ "answer": 42 }\n```'))

    await expect(provider.generateJson(request)).resolves.toEqual({ answer: 42 })
    expect(server.requests).toHaveLength(1)
  })

  it('repairs malformed JSON once, sending the previous answer and the problem back', async () => {
    server.respondWith(completion('{ "answer": 42'), jsonCompletion({ answer: 42 }))

    await expect(provider.generateJson(request)).resolves.toEqual({ answer: 42 })

    expect(server.requests).toHaveLength(2)
    const messages = server.requests[1]?.chat?.messages ?? []
    expect(messages.slice(0, 3)).toEqual([
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
      { role: 'assistant', content: '{ "answer": 42' },
    ])
    expect(messages[3]?.role).toBe('user')
    expect(messages[3]?.content).toContain('Your previous answer had these problems:')
    expect(messages[3]?.content).toContain('not valid JSON')
    expect(messages[3]?.content).toContain('Answer again with corrected JSON only.')
  })

  it('says an answer was cut off at the output limit', async () => {
    server.respondWith(completion('{ "answer": ', 'length'), jsonCompletion({ answer: 42 }))

    await expect(provider.generateJson(request)).resolves.toEqual({ answer: 42 })
    expect(server.requests[1]?.chat?.messages.at(-1)?.content).toContain('cut off at the output limit')
  })

  it('fails with invalid_output after exactly one repair, listing the problems', async () => {
    server.respondWith(jsonCompletion({ answer: 'forty-two' }), jsonCompletion({ answer: 'still words' }), jsonCompletion({ answer: 42 }))

    const error = await failure(provider.generateJson(request))

    expect(error.code).toBe('invalid_output')
    expect(error.message).toContain('answer: must be a number')
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]?.chat?.messages.at(-1)?.content).toContain('- answer: must be a number')
  })

  it.each([
    [
      'OpenAI',
      400,
      {
        message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        code: 'context_length_exceeded',
      },
    ],
    [
      'vLLM',
      400,
      {
        message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
        type: 'BadRequestError',
        code: 400,
      },
    ],
    [
      'llama.cpp',
      400,
      { message: 'the request exceeds the available context size, try increasing it', type: 'exceed_context_size_error', code: 400 },
    ],
    [
      'an older llama.cpp',
      500,
      {
        message: 'the request exceeds the available context size. try increasing the context size or enable context shift',
        type: 'exceed_context_size_error',
        code: 500,
      },
    ],
    ['another server', 400, { message: 'Prompt has too many tokens for this model' }],
  ])('maps the context length error of %s to context_length', async (_, status, body) => {
    server.respondWith(apiError(status, body))

    const error = await failure(provider.generateJson(request))

    expect(error.code).toBe('context_length')
    expect(error.message).toContain('context length')
    expect(server.requests).toHaveLength(1)
  })

  it('maps a provider that does not answer in time to timeout', async () => {
    const impatient = createAiProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, model: 'test-model', timeoutMs: 100 })
    server.respondWith(hang())

    const error = await failure(impatient.generateJson(request))

    expect(error.code).toBe('timeout')
    expect(server.requests).toHaveLength(1)
  })

  it("maps an abort by the caller's time limit to timeout", async () => {
    server.respondWith(hang())

    const error = await failure(provider.generateJson({ ...request, signal: AbortSignal.timeout(50) }))

    expect(error.code).toBe('timeout')
    expect(error.message).toContain('time limit')
  })

  it.each([
    [
      401,
      {
        message: `Incorrect API key provided: ${API_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        code: 'invalid_api_key',
      },
      'API key',
    ],
    [403, { message: `Key ${API_KEY} may not use this model` }, 'refused'],
    [429, { message: `Rate limit reached for ${API_KEY}`, type: 'rate_limit_error' }, 'rate limiting'],
    [500, { message: `Internal error while serving ${API_KEY}`, type: 'server_error' }, 'HTTP 500'],
    [400, { message: `response_format is not supported (key ${API_KEY})` }, 'response_format is not supported'],
  ])('maps HTTP %i to provider_failed without the key in the message', async (status, body, said) => {
    server.respondWith(apiError(status, body))

    const error = await failure(provider.generateJson(request))

    expect(error.code).toBe('provider_failed')
    expect(error.message).toContain(said)
    expect(error.message).not.toContain(API_KEY)
    expect(error.message).not.toContain('SECRET')
  })

  it('maps an unreachable server to provider_failed', async () => {
    const baseUrl = server.baseUrl
    await server.close()
    server = await startFakeOpenAiServer()
    const unreachable = createAiProvider({ apiKey: API_KEY, baseUrl, model: 'test-model', timeoutMs: 5_000 })

    const error = await failure(unreachable.generateJson(request))

    expect(error.code).toBe('provider_failed')
    expect(error.message).toContain('Could not reach the AI provider')
    expect(error.message).not.toContain(API_KEY)
  })
})
