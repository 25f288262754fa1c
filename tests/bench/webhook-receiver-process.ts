// The webhook benchmark's endpoints, in a process of their own as a real receiver is: an HTTPS
// server (the certificate from WEBHOOK_CERT / WEBHOOK_KEY) that answers 200 to every POST and keeps
// when each (path, delivery id) first arrived, read back with GET /__arrivals. It prints
// `listening <port>` once it accepts connections.
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'

const arrivals: Record<string, number> = {}
let posts = 0
const server = createServer({ key: process.env.WEBHOOK_KEY ?? '', cert: process.env.WEBHOOK_CERT ?? '' }, (request, response) => {
  if (request.method === 'GET' && request.url === '/__arrivals') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ posts, arrivals }))
    return
  }
  let body = ''
  request.setEncoding('utf8')
  request.on('data', (chunk: string) => (body += chunk))
  request.on('end', () => {
    posts += 1
    const { id } = JSON.parse(body) as { id: string }
    const key = `${request.url ?? ''} ${id}`
    arrivals[key] ??= Date.now()
    response.writeHead(200).end('ok')
  })
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
