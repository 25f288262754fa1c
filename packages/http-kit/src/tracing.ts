import { context, propagation, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import type { Middleware } from 'koa'

let provider: NodeTracerProvider | undefined
let initialized = false

export interface TracingOptions {
  serviceName: string
  /** OTLP/HTTP traces endpoint (e.g. http://collector:4318/v1/traces); no exporter when absent. */
  otlpEndpoint?: string
  /** For tests: spans go here synchronously. */
  exporter?: SpanExporter
}

/**
 * Registers the process-wide tracer provider once (the first call decides): AsyncLocalStorage
 * context and W3C trace context propagation through headers and events. Only when an endpoint or
 * exporter takes the spans: without one, the context manager's promise hooks and a span per
 * request would cost every request CPU for traces nobody receives (decision 005).
 */
export function initTracing(options: TracingOptions): void {
  if (initialized) return
  initialized = true
  const spanProcessors: SpanProcessor[] = []
  if (options.exporter) spanProcessors.push(new SimpleSpanProcessor(options.exporter))
  if (options.otlpEndpoint) spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: options.otlpEndpoint })))
  if (spanProcessors.length === 0) return
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors,
    sampler: new ParentBasedSampler({ root: spanProcessors.length > 0 ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
  })
  provider.register()
}

export async function shutdownTracing(): Promise<void> {
  await provider?.shutdown()
  provider = undefined
  initialized = false
}

export function tracerFor(serviceName: string): Tracer {
  return trace.getTracer(serviceName)
}

/** Writes the active trace context into outgoing HTTP headers. */
export function injectTraceHeaders(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers)
  return headers
}

/**
 * One SERVER span per request, continuing the caller's trace from its headers. Without a tracer
 * provider it hands over at once, with no async frame of its own (decision 005).
 */
export function tracingMiddleware(serviceName: string): Middleware {
  const tracer = tracerFor(serviceName)
  const traced: Middleware = async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers)
    const span = tracer.startSpan(
      `${ctx.method} ${ctx.path}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'service.name': serviceName },
      },
      parent,
    )
    ctx.state.traceId = span.spanContext().traceId
    try {
      await context.with(trace.setSpan(parent, span), next)
    } finally {
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined
      if (route) span.updateName(`${ctx.method} ${route}`)
      span.setAttribute('http.response.status_code', ctx.status)
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
  }
  // `unknown`: Koa types a middleware's and next()'s answers as `any`; compose only awaits them.
  return (ctx, next): unknown => (provider ? traced(ctx, next) : next())
}
