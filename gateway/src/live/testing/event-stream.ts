// A test's view of GET /api/live: what a browser's EventSource would read, block by block.

export interface StreamEvent {
  event: string
  data: string
}

export interface OpenedStream {
  status: number
  headers: Headers
  /** The events received so far (comments excluded). */
  events: StreamEvent[]
  /** Comment lines received so far (the first line and the keepalives). */
  comments: number
  /** The last reconnection time the server asked for (`retry:`). */
  retryMs: number | undefined
  /** Resolves with the next event received from now on (or already waiting unread), or rejects after timeoutMs. */
  next(timeoutMs?: number): Promise<StreamEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  /** The client goes away (the tab closes). */
  close(): void
}

/** Opens GET /api/live as the holder of a session cookie (or none) and reads it in the background. */
export async function openEventStream(baseUrl: string, token?: string): Promise<OpenedStream> {
  const abort = new AbortController()
  const response = await fetch(`${baseUrl}/api/live`, {
    headers: token === undefined ? {} : { cookie: `vp_session=${token}` },
    signal: abort.signal,
  })
  const events: StreamEvent[] = []
  let read = 0
  let comments = 0
  let retryMs: number | undefined
  const waiters: Array<() => void> = []
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter()
  }
  const parse = (block: string) => {
    const fields = new Map<string, string>()
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments += 1
      else if (line !== '') {
        const colon = line.indexOf(':')
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''))
      }
    }
    const retry = fields.get('retry')
    if (retry !== undefined) retryMs = Number(retry)
    const data = fields.get('data')
    if (data !== undefined) events.push({ event: fields.get('event') ?? 'message', data })
  }
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel()
      return
    }
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          parse(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
        wake()
      }
    } catch {
      // Aborted by close(): the stream ended on our side.
    }
  })()
  return {
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return comments
    },
    get retryMs() {
      return retryMs
    },
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs
      while (read >= events.length) {
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      const event = events[read]
      read += 1
      if (event === undefined) throw new Error('no event')
      return event
    },
    ended,
    close: () => abort.abort(),
  }
}
