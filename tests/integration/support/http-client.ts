let clients = 0

/**
 * A tiny browser stand-in for API tests: keeps the cookie jar and sends same-origin headers. Each
 * client is a browser of its own (its own User-Agent): the product tells people apart by address
 * and browser when cookies are dropped (decision 119), and every test client comes from 127.0.0.1.
 */
export class ApiClient {
  private cookies = new Map<string, string>()
  readonly userAgent: string

  constructor(readonly baseUrl: string) {
    clients += 1
    this.userAgent = `ValueProof-test-client/${process.pid}.${clients}`
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('vp_session')
  }

  cookieValue(name: string): string | undefined {
    return this.cookies.get(name)
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value)
  }

  clearCookies(): void {
    this.cookies.clear()
  }

  async request(
    method: string,
    path: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string>; duplex?: 'half' } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: new URL(this.baseUrl).origin, 'user-agent': this.userAgent, ...init.headers }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    let body = init.body
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.json)
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
      ...(init.duplex ? { duplex: init.duplex } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers })
  }

  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { json, headers })
  }

  patch(path: string, json: unknown) {
    return this.request('PATCH', path, { json })
  }
}

let counter = 0
/** A username no other test uses. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`
}

export const GOOD_PASSWORD = 'Sunny-Day-42'
