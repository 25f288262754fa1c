// The trace of a document upload in Jaeger, asked through its query API (JAEGER_URL): one trace
// holds the gateway's span of POST /api/calculator/analyze-document… and the calculator service's
// span of the call it forwarded, so a request is followed across the hop through the collector.
// Run by scripts/deploy-test.sh after the browser smoke test uploaded its PDF.
import { setTimeout as sleep } from 'node:timers/promises'

const JAEGER_URL = process.env.JAEGER_URL
if (JAEGER_URL === undefined) throw new Error('JAEGER_URL is not set')
/** The collector batches for 2 s and Jaeger indexes after: the test's patience. */
const WITHIN_MS = 30_000

interface Span {
  operationName: string
  processID: string
}
interface Trace {
  traceID: string
  spans: Span[]
  processes: Record<string, { serviceName: string }>
}

async function uploadTraces(): Promise<Trace[]> {
  const query = new URLSearchParams({ service: 'gateway', lookback: '1h', limit: '200' })
  const response = await fetch(`${JAEGER_URL}/api/traces?${query}`)
  if (!response.ok) throw new Error(`Jaeger answered ${response.status} to GET /api/traces`)
  const { data } = (await response.json()) as { data: Trace[] | null }
  return (data ?? []).filter((trace) => trace.spans.some((span) => /^POST \/api\/calculator\/analyze-document/.test(span.operationName)))
}

function servicesOf(trace: Trace): Set<string> {
  return new Set(trace.spans.map((span) => trace.processes[span.processID]?.serviceName ?? '?'))
}

const started = Date.now()
let found: Trace | undefined
let seen: Trace[] = []
while (found === undefined && Date.now() - started < WITHIN_MS) {
  seen = await uploadTraces()
  found = seen.find((trace) => servicesOf(trace).has('calculator'))
  if (found === undefined) await sleep(1000)
}
if (found === undefined) {
  throw new Error(
    `no upload trace with a calculator span in Jaeger within ${WITHIN_MS / 1000} s (${seen.length} gateway-only upload traces: ${seen
      .map((trace) => [...servicesOf(trace)].join('+'))
      .join(', ')})`,
  )
}
const trace: Trace = found
const operations = trace.spans.map((span) => `${trace.processes[span.processID]?.serviceName ?? '?'}: ${span.operationName}`)
console.log(`  Jaeger trace ${trace.traceID}: ${trace.spans.length} spans (${operations.join('; ')})`)
