import { SpanKind } from '@opentelemetry/api'
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { initTracing } from '@valueproof/http-kit'
import { needs } from '@valueproof/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { startTestStack, type StackKind, type TestStack } from './support/stack.ts'

// Before any stack starts: initTracing is first-call-wins, and this file has its own process.
const exporter = new InMemorySpanExporter()
initTracing({ serviceName: 'test', exporter })

const realInfrastructure = await needs('postgres', 'nats', 'minio')

const CONSUMER_SPAN = 'process identity.user.registered'
const PRODUCER_SPAN = 'create identity.user.registered'
const ANALYTICS_CONSUMER = 'analytics.user-registered'

async function eventually<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

function only(spans: ReadableSpan[], what: string, match: (span: ReadableSpan) => boolean): ReadableSpan {
  const found = spans.filter(match)
  expect(found, what).toHaveLength(1)
  const [span] = found
  if (!span) throw new Error(`no ${what}`)
  return span
}

function describeTracing(kind: StackKind): void {
  describe(`one trace from the gateway to an event consumer (${kind})`, () => {
    let stack: TestStack

    beforeAll(async () => {
      stack = await startTestStack(kind)
    })
    afterAll(async () => {
      await stack?.close()
    })

    it('follows POST /api/register through identity, the user-registered event and analytics', async () => {
      exporter.reset()
      const client = new ApiClient(stack.url)
      const response = await client.post('/api/register', { username: uniqueUsername('traced'), password: GOOD_PASSWORD })
      expect(response.status).toBe(201)

      // The gateway span is the trace's root: its id names the trace of this request.
      const gateway = await eventually(
        () =>
          exporter
            .getFinishedSpans()
            .find(
              (span) =>
                span.kind === SpanKind.SERVER && span.attributes['service.name'] === 'gateway' && span.name === 'POST /api/register',
            ),
        'the gateway span',
      )
      const { traceId } = gateway.spanContext()
      const inTrace = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId)
      // Calculator and proposal consume the same event; this test follows analytics' consumer.
      const isAnalyticsConsumer = (span: ReadableSpan): boolean =>
        span.kind === SpanKind.CONSUMER && span.attributes['messaging.consumer.group.name'] === ANALYTICS_CONSUMER
      await eventually(() => inTrace().find(isAnalyticsConsumer), 'the analytics consumer span')
      const spans = inTrace()

      const identity = only(
        spans,
        'identity SERVER span',
        (span) => span.kind === SpanKind.SERVER && span.attributes['service.name'] === 'identity',
      )
      // A registration also publishes the seller's e-mail state (issue 39): this test follows user.registered.
      const producer = only(spans, 'PRODUCER span', (span) => span.kind === SpanKind.PRODUCER && span.name === PRODUCER_SPAN)
      const consumer = only(spans, 'analytics CONSUMER span', isAnalyticsConsumer)

      expect(gateway.parentSpanContext).toBeUndefined()
      expect(gateway.attributes['http.response.status_code']).toBe(201)

      expect(identity.name).toBe('POST /register')
      expect(identity.attributes['http.response.status_code']).toBe(201)
      expect(identity.parentSpanContext?.spanId).toBe(gateway.spanContext().spanId)

      expect(producer.name).toBe(PRODUCER_SPAN)
      expect(producer.parentSpanContext?.spanId).toBe(identity.spanContext().spanId)

      expect(consumer.name).toBe(CONSUMER_SPAN)
      expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId)
      expect(consumer.attributes).toMatchObject({
        'messaging.destination.name': 'identity.user.registered',
        'messaging.system': kind === 'postgres+nats+minio' ? 'nats' : 'in_process',
        'messaging.consumer.group.name': ANALYTICS_CONSUMER,
      })
      expect(consumer.attributes['messaging.message.id']).toBe(producer.attributes['messaging.message.id'])

      for (const span of [gateway, identity, producer, consumer]) expect(span.spanContext().traceId).toBe(traceId)
    })

    it('keeps separate requests in separate traces', async () => {
      exporter.reset()
      const first = await new ApiClient(stack.url).post('/api/register', { username: uniqueUsername('traced'), password: GOOD_PASSWORD })
      const second = await new ApiClient(stack.url).post('/api/register', { username: uniqueUsername('traced'), password: GOOD_PASSWORD })
      expect([first.status, second.status]).toEqual([201, 201])
      const consumers = await eventually(() => {
        const found = exporter
          .getFinishedSpans()
          .filter((span) => span.name === CONSUMER_SPAN && span.attributes['messaging.consumer.group.name'] === ANALYTICS_CONSUMER)
        return found.length >= 2 ? found : undefined
      }, 'two consumer spans')
      const gatewayTraces = exporter
        .getFinishedSpans()
        .filter((span) => span.kind === SpanKind.SERVER && span.attributes['service.name'] === 'gateway')
        .map((span) => span.spanContext().traceId)
      expect(new Set(gatewayTraces).size).toBe(2)
      expect(consumers.map((span) => span.spanContext().traceId).sort()).toEqual([...gatewayTraces].sort())
    })
  })
}

describeTracing('pglite+in-process')
if (realInfrastructure) describeTracing('postgres+nats+minio')
