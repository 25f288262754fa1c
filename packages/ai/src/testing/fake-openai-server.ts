// A local stand-in for an OpenAI-compatible server, for tests: the real `openai` client talks to it
// through baseURL. It records every request and answers from a script, one entry per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { z } from 'zod'

const chatMessageSchema = z.object({ role: z.string(), content: z.string() })

/** The parts of a Chat Completions request the tests look at; the rest is kept in `body`. */
const chatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(chatMessageSchema),
  response_format: z.unknown().optional(),
  max_completion_tokens: z.number().optional(),
})
export type RecordedChatRequest = z.infer<typeof chatRequestSchema>

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  readonly body: unknown
  /** The body read as a Chat Completions request, or undefined when it is not one. */
  readonly chat: RecordedChatRequest | undefined
}

export type ScriptedResponse =
  | { readonly kind: 'completion'; readonly content: string; readonly finishReason: 'stop' | 'length' }
  | { readonly kind: 'error'; readonly status: number; readonly body: unknown }
  /** Never answers: the request stays open until the client gives up or the server closes. */
  | { readonly kind: 'hang' }

export function completion(content: string, finishReason: 'stop' | 'length' = 'stop'): ScriptedResponse {
  return { kind: 'completion', content, finishReason }
}

/** An answer whose content is `value` as JSON. */
export function jsonCompletion(value: unknown): ScriptedResponse {
  return completion(JSON.stringify(value))
}

/** An error in OpenAI's shape: `{ error: { message, type, code } }`. */
export function apiError(status: number, error: { message: string; type?: string; code?: string | number | null }): ScriptedResponse {
  return {
    kind: 'error',
    status,
    body: { error: { message: error.message, type: error.type ?? 'invalid_request_error', param: null, code: error.code ?? null } },
  }
}

export function hang(): ScriptedResponse {
  return { kind: 'hang' }
}

export interface FakeOpenAiServer {
  /** The base URL for the client, ending in /v1. */
  readonly baseUrl: string
  readonly requests: readonly RecordedRequest[]
  /** Queues answers for the next requests, in order; an unscripted request gets a 500. */
  respondWith(...responses: ScriptedResponse[]): void
  /** Closes the server and every open connection, hanging ones included. */
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)))
  return Buffer.concat(chunks).toString('utf8')
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = []
  const script: ScriptedResponse[] = []
  let answered = 0

  const server = createServer((request, response) => {
    void (async () => {
      const body = parseJson(await readBody(request))
      const chat = chatRequestSchema.safeParse(body)
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
        chat: chat.success ? chat.data : undefined,
      })
      const next = script.shift()
      if (next === undefined) {
        sendJson(response, 500, {
          error: { message: 'the fake server has no scripted response for this request', type: 'server_error', code: null },
        })
        return
      }
      switch (next.kind) {
        case 'hang':
          return
        case 'error':
          sendJson(response, next.status, next.body)
          return
        case 'completion':
          answered += 1
          sendJson(response, 200, {
            id: `chatcmpl-fake-${answered}`,
            object: 'chat.completion',
            created: 0,
            model: chat.success ? chat.data.model : 'unknown',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: next.content, refusal: null },
                finish_reason: next.finishReason,
                logprobs: null,
              },
            ],
            usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
          })
      }
    })()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the fake OpenAI server is not listening on a TCP port')
  const { port } = address

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(...responses) {
      script.push(...responses)
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
