// A model behind the OpenAI Chat Completions API: OpenAI itself or a compatible server
// (llama.cpp, vLLM, Ollama). Nothing here logs prompts, answers or document text.
import OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { AiError, toAiError } from './ai-error.ts'
import { readJsonAnswer } from './json-answer.ts'

export interface AiProviderConfig {
  readonly apiKey: string
  /** e.g. http://127.0.0.1:8080/v1 for a local server; OpenAI's own API when absent. */
  readonly baseUrl?: string
  readonly model: string
  /** Time limit for each request to the provider (a repair attempt is a second request). */
  readonly timeoutMs: number
  /** Upper bound on the answer's tokens, sent as max_completion_tokens; the provider's default when absent. */
  readonly maxOutputTokens?: number
}

export type JsonValidation<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: string[] }

export interface GenerateJsonRequest<T> {
  readonly system: string
  readonly user: string
  /** The structured-output schema's name (letters, digits, _ and -). */
  readonly schemaName: string
  readonly jsonSchema: Record<string, unknown>
  /** Checks the parsed answer; the problems are sent back to the model once for a repair. */
  readonly validate: (value: unknown) => JsonValidation<T>
  readonly signal?: AbortSignal
}

export interface AiProvider {
  readonly model: string
  /**
   * Asks for JSON matching `jsonSchema` and returns what `validate` made of it. A malformed or
   * invalid answer gets exactly one repair attempt. Throws AiError.
   */
  generateJson<T>(request: GenerateJsonRequest<T>): Promise<T>
}

/** At most this many problems go back to the model and into the error message. */
const PROBLEMS_LISTED = 20

function listProblems(problems: readonly string[]): string {
  const listed = problems.slice(0, PROBLEMS_LISTED).map((problem) => `- ${problem}`)
  if (problems.length > PROBLEMS_LISTED) listed.push(`- … and ${problems.length - PROBLEMS_LISTED} more`)
  return listed.join('\n')
}

export function repairInstruction(problems: readonly string[]): string {
  return `Your previous answer had these problems:\n${listProblems(problems)}\nAnswer again with corrected JSON only.`
}

interface Attempt<T> {
  readonly answer: string
  readonly outcome: JsonValidation<T>
}

export function createAiProvider(config: AiProviderConfig): AiProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: 0,
    // The client's debug log prints request bodies; OPENAI_LOG must not turn that on.
    logLevel: 'off',
  })

  async function ask<T>(request: GenerateJsonRequest<T>, messages: ChatCompletionMessageParam[]): Promise<Attempt<T>> {
    const completion = await client.chat.completions.create(
      {
        model: config.model,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: false } },
        ...(config.maxOutputTokens === undefined ? {} : { max_completion_tokens: config.maxOutputTokens }),
      },
      request.signal === undefined ? {} : { signal: request.signal },
    )
    const choice = completion.choices[0]
    const message = choice?.message
    const answer = message?.content ?? ''
    if (message?.refusal) return { answer, outcome: { ok: false, problems: [`the model refused: ${message.refusal}`] } }
    const read = readJsonAnswer(answer)
    if (!read.ok) {
      const cutOff = choice?.finish_reason === 'length' ? ' — it was cut off at the output limit; answer more briefly' : ''
      return { answer, outcome: { ok: false, problems: [`${read.problem}${cutOff}`] } }
    }
    return { answer, outcome: request.validate(read.value) }
  }

  return {
    model: config.model,
    async generateJson<T>(request: GenerateJsonRequest<T>): Promise<T> {
      const context = { apiKey: config.apiKey, model: config.model, timeoutMs: config.timeoutMs, signal: request.signal }
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ]
      try {
        const first = await ask(request, messages)
        if (first.outcome.ok) return first.outcome.value
        const repaired = await ask(request, [
          ...messages,
          { role: 'assistant', content: first.answer },
          { role: 'user', content: repairInstruction(first.outcome.problems) },
        ])
        if (repaired.outcome.ok) return repaired.outcome.value
        throw new AiError(
          'invalid_output',
          `The AI answer was not valid even after a repair attempt:\n${listProblems(repaired.outcome.problems)}`,
        )
      } catch (error) {
        throw toAiError(error, context)
      }
    },
  }
}
