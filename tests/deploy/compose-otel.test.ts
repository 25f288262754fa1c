// deploy/otel-collector.yaml, the configuration docker-compose.yml mounts into its collector,
// validated by an OpenTelemetry Collector built from the collector's own modules at the image's
// version (tools/otelcol-check): component names, their settings and the pipeline are checked as
// the collector in the image checks them when it starts.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeCheckAvailable, loadCompose } from './compose-model.ts'
import { repoRoot } from './dockerfile.ts'
import { projectToolAvailable, projectToolBinary } from './project-tools.ts'

const run = promisify(execFile)
const collectorConfig = `${repoRoot}deploy/otel-collector.yaml`

async function validate(config: string) {
  try {
    await run(projectToolBinary('otelcol-check'), ['validate', `--config=${config}`])
    return { code: 0, stderr: '' }
  } catch (error) {
    const failure = error as { code?: number; stderr?: string }
    return { code: failure.code ?? -1, stderr: failure.stderr ?? '' }
  }
}

describe.skipIf(!(projectToolAvailable('otelcol-check') && composeCheckAvailable()))('the collector configuration', () => {
  let tmp = ''
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'vp-otel-'))
  })
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('is valid to the collector version docker-compose.yml runs', async () => {
    const model = await loadCompose()
    const image = model.services['otel-collector']?.image ?? ''
    const built = /go\.opentelemetry\.io\/collector\/otelcol v(\S+)/.exec(
      readFileSync(`${repoRoot}tools/otelcol-check/go.mod`, 'utf8'),
    )?.[1]
    expect(image).toBe(`otel/opentelemetry-collector:${built}`)
    expect(await validate(collectorConfig)).toEqual({ code: 0, stderr: '' })
  })

  it('is refused when it names a component or a setting the collector does not have', async () => {
    const text = readFileSync(collectorConfig, 'utf8')
    writeFileSync(join(tmp, 'unknown-exporter.yaml'), text.replaceAll('otlp_grpc/jaeger', 'jaeger_thrift/jaeger'))
    const exporter = await validate(join(tmp, 'unknown-exporter.yaml'))
    expect([exporter.code, exporter.stderr.includes('unknown type: "jaeger_thrift"')]).toEqual([1, true])
    writeFileSync(join(tmp, 'unknown-setting.yaml'), text.replace('limit_mib:', 'limit_mb:'))
    const setting = await validate(join(tmp, 'unknown-setting.yaml'))
    expect([setting.code, setting.stderr.includes('invalid keys: limit_mb')]).toEqual([1, true])
  })
})
