// Requests with every header under the test's control (Host, Origin, Referer, Sec-Fetch-*), which
// fetch does not allow: node:http straight to the gateway's socket.
import { request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  setCookies: string[]
}

export interface RawRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Buffer | string
}

/** Sends one request to `baseUrl`'s socket, whatever Host the headers name. */
export function rawRequest(baseUrl: string, options: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  // Node frames a body only for methods it expects one with; DELETE's must say its length itself.
  const framed = Object.keys(options.headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name))
  const headers =
    options.body === undefined || framed
      ? options.headers
      : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) }
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
            setCookies: response.headers['set-cookie'] ?? [],
          }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** A multipart/form-data body built by hand, so names and file names go out byte for byte. */
export function multipartBody(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Uint8Array }>,
): {
  body: Buffer
  contentType: string
} {
  const boundary = `----valueproof-security-${Math.random().toString(36).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          'utf8',
        ),
        Buffer.from(part.data),
        Buffer.from('\r\n'),
      )
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`, 'utf8'))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
