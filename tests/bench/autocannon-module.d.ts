// Types for the part of autocannon 9's programmatic API the benchmarks use (the package ships none).
// Named autocannon-module.d.ts, not autocannon.d.ts: next to autocannon.ts, TypeScript would skip a
// same-named .d.ts when it expands the tsconfig include globs.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface AutocannonOptions {
    url: string
    /** Concurrent connections (default 10). */
    connections?: number
    /** Seconds to run (default 10). */
    duration?: number
    /** Worker threads firing the requests; connections are divided among them. */
    workers?: number
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
    headers?: Record<string, string>
    body?: string | Buffer
    /** Seconds to wait for a response (default 10). */
    timeout?: number
    pipelining?: number
    title?: string
    /** Every response body that differs from this string counts as a mismatch. */
    expectBody?: string
    /** Milliseconds between samples of the requests and throughput histograms (default 1000). */
    sampleInt?: number
    bailout?: number
    /** Stop after this many requests instead of after `duration`. */
    amount?: number
    /** A sequence of requests each connection cycles through (plain objects, so workers can take them). */
    requests?: AutocannonRequest[]
  }

  export interface AutocannonRequest {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }

  /** hdr-histogram-percentiles-obj: the statistics and percentiles autocannon reports. */
  export interface AutocannonHistogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    /** Present for requests (completed requests) and throughput (bytes). */
    total?: number
    p0_001: number
    p0_01: number
    p0_1: number
    p1: number
    p2_5: number
    p10: number
    p25: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
    p99_99: number
    p99_999: number
  }

  export interface AutocannonResult {
    title?: string
    url: string
    connections: number
    pipelining: number
    workers?: number
    /** Seconds. */
    duration: number
    samples: number
    start: Date
    finish: Date
    /** Connection errors, timeouts included. */
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    /** Milliseconds, 2xx responses only. */
    latency: AutocannonHistogram & { totalCount: number }
    /** Completed requests per sample interval. */
    requests: AutocannonHistogram & { sent: number }
    /** Bytes per sample interval. */
    throughput: AutocannonHistogram
  }

  /** The running instance: an event emitter that is also awaitable (when no callback is given). */
  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void
  }

  export default function autocannon(options: AutocannonOptions): AutocannonInstance
}
