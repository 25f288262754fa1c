// The chart's values: a wrong value fails at install (values.schema.json, checked by helm itself),
// value combinations that would install a broken system fail with the fix in the message, optional
// integrations open exactly their own egress, and README.md documents every value.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { chartDir, chartToolsAvailable, helmLint, helmTemplate, renderChart, RELEASE, type ValueSet } from './support/chart.ts'
import { DEPLOYABLES } from './support/deployable-env.ts'
import { byKind, component, named, policySpec, workloads, type Manifest } from './support/manifests.ts'

const available = await chartToolsAvailable()
const fullname = `${RELEASE}-valueproof`
const SCHEMA_FAILURE = "values don't meet the specifications of the schema"

const WRONG_VALUES: { what: string; set: Record<string, string>; says: string }[] = [
  { what: 'replicas "three"', set: { 'gateway.replicas': 'three' }, says: "at '/gateway/replicas': got string, want integer" },
  { what: 'an unknown deployable', set: { 'billingg.replicas': '3' }, says: "additional properties 'billingg' not allowed" },
  { what: 'an unknown key in a service block', set: { 'identity.replicaz': '3' }, says: "additional properties 'replicaz' not allowed" },
  { what: 'a container without limits', set: { 'calculator.resources.limits': 'null' }, says: "missing property 'limits'" },
  { what: 'a Service type that is not for the gateway', set: { 'gateway.service.type': 'ExternalName' }, says: '/gateway/service/type' },
  { what: 'a signing key shorter than 32 characters', set: { 'secrets.gatewaySigningKey': 'short' }, says: '/secrets/gatewaySigningKey' },
  { what: 'an in-chart image tagged latest', set: { 'postgresql.image.tag': 'latest' }, says: '/postgresql/image/tag' },
  { what: 'a Stripe publishable key as the secret key', set: { 'stripe.secretKey': 'pk_live_123' }, says: '/stripe/secretKey' },
  { what: 'an OTLP endpoint that is not a URL', set: { 'otel.endpoint': 'collector:4318' }, says: '/otel/endpoint' },
  {
    what: 'an SMTP server without smtp:// or smtps://',
    set: { 'notification.smtpUrl': 'mail.example.com:587' },
    says: '/notification/smtpUrl',
  },
  { what: 'a sender without an address', set: { 'notification.mailFrom': 'ValueProof' }, says: '/notification/mailFrom' },
]

const REFUSED_COMBINATIONS: { what: string; values: ValueSet; says: string }[] = [
  {
    what: 'no start-up migration with the in-chart database',
    values: { set: { 'migrations.onStart': 'false' } },
    says: 'migrations.onStart=false needs an external database',
  },
  {
    what: 'an external database without its URLs',
    values: { set: { 'postgresql.enabled': 'false' } },
    says: 'externalDatabase.urls.identity is required',
  },
  {
    what: 'OpenAI without a key',
    values: { set: { 'openai.enabled': 'true' } },
    says: 'openai.apiKey is required',
  },
  {
    what: 'Stripe without a public origin for its return URLs',
    values: { set: { 'stripe.enabled': 'true', 'stripe.secretKey': 'sk_test_1', 'stripe.webhookSecret': 'whsec_1' } },
    says: 'stripe.enabled needs a public origin',
  },
  {
    what: 'an SMTP server without a public origin for the links in e-mails',
    values: { set: { 'notification.smtpUrl': 'smtp://mail.example.com:587' } },
    says: 'notification.smtpUrl needs a public origin',
  },
]

/** The ports a deployable's NetworkPolicy lets it reach outside the release. */
function externalEgressPorts(manifests: Manifest[], name: string): number[] {
  const policy = policySpec(named(manifests, 'NetworkPolicy', `${fullname}-netpol-${name}`))
  return (policy.egress ?? [])
    .filter((rule) => !rule.to?.some((peer) => peer.podSelector))
    .flatMap((rule) => (rule.ports ?? []).map((p) => p.port))
}

describe.skipIf(!available)('chart values', () => {
  test.each(WRONG_VALUES)('$what fails schema validation at install', async ({ set, says }) => {
    const result = await helmTemplate({ set })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(SCHEMA_FAILURE)
    expect(result.stderr).toContain(says)
  })

  test('helm lint --strict fails on a wrong value too', async () => {
    const result = await helmLint({ set: { 'gateway.replicas': 'three' } })
    expect(result.code).not.toBe(0)
    expect(result.stdout + result.stderr).toContain('got string, want integer')
  })

  test.each(REFUSED_COMBINATIONS)('$what is refused with the fix in the message', async ({ values, says }) => {
    const result = await helmTemplate(values)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain(says)
  })

  test('configured secrets are used as given; unset ones differ at every fresh render (generated, never committed)', async () => {
    const key = 'k'.repeat(40)
    const [configured, first, second] = await Promise.all([
      renderChart({ set: { 'secrets.gatewaySigningKey': key } }),
      renderChart(),
      renderChart(),
    ])
    const signingKey = (manifests: Manifest[]) => named(manifests, 'Secret', fullname).stringData?.GATEWAY_SIGNING_KEY
    expect(signingKey(configured.manifests)).toBe(key)
    expect(signingKey(first.manifests)).not.toBe(signingKey(second.manifests))
  })

  test('OpenAI opens 443 for the calculator and proposal only; Stripe for billing only; the OTLP port for everyone', async () => {
    const byPort = (a: number, b: number) => a - b
    const { manifests } = await renderChart({
      set: {
        'openai.enabled': 'true',
        'openai.apiKey': 'sk-test',
        'stripe.enabled': 'true',
        'stripe.secretKey': 'sk_test_1',
        'stripe.webhookSecret': 'whsec_1',
        'config.publicOrigin': 'https://app.example.com',
        'otel.endpoint': 'http://collector.observability:4318/v1/traces',
      },
    })
    expect(externalEgressPorts(manifests, 'calculator').sort(byPort)).toEqual([443, 4318])
    expect(externalEgressPorts(manifests, 'proposal').sort(byPort)).toEqual([443, 4318])
    expect(externalEgressPorts(manifests, 'billing').sort(byPort)).toEqual([443, 4318])
    expect(externalEgressPorts(manifests, 'notification').sort(byPort)).toEqual([25, 443, 465, 587, 4318])
    for (const name of ['gateway', 'identity', 'analytics']) expect(externalEgressPorts(manifests, name), name).toEqual([4318])
    const { manifests: plain } = await renderChart()
    for (const name of DEPLOYABLES.filter((name) => name !== 'notification')) expect(externalEgressPorts(plain, name), name).toEqual([])
  })

  test('only the notification pods reach the outside without any option: the SMTP ports and HTTPS, both configurable', async () => {
    const byPort = (a: number, b: number) => a - b
    const { manifests: plain } = await renderChart()
    expect(externalEgressPorts(plain, 'notification').sort(byPort)).toEqual([25, 443, 465, 587])
    const { manifests: narrowed } = await renderChart({
      set: { 'networkPolicy.smtpPorts': '{2525}', 'networkPolicy.webhookPorts': '{443,8443}' },
    })
    expect(externalEgressPorts(narrowed, 'notification').sort(byPort)).toEqual([443, 2525, 8443])
    // Towards networkPolicy.externalTo's peers when given (e.g. everything but the metadata address).
    const peers = [{ ipBlock: { cidr: '0.0.0.0/0', except: ['169.254.169.254/32'] } }]
    const { manifests: fenced } = await renderChart({ files: ['external-values.yaml'] })
    const policy = policySpec(named(fenced, 'NetworkPolicy', `${fullname}-netpol-notification`))
    const outside = (policy.egress ?? []).filter((rule) => !rule.to?.some((peer) => peer.podSelector))
    expect(outside.flatMap((rule) => (rule.ports ?? []).map((p) => p.port))).toEqual(expect.arrayContaining([587, 443]))
    for (const rule of outside) expect(rule.to).toEqual(expect.arrayContaining(peers))
  })

  test("the SMTP URL is a secret only the notification service reads; its e-mails link to the release's origin or its own", async () => {
    const smtpUrl = 'smtp://valueproof:s3cret@smtp.example.com:587'
    const { manifests } = await renderChart({ set: { 'notification.smtpUrl': smtpUrl, 'config.publicOrigin': 'https://app.example.com' } })
    expect(named(manifests, 'Secret', fullname).stringData?.SMTP_URL).toBe(smtpUrl)
    for (const configMap of byKind(manifests, 'ConfigMap')) expect(JSON.stringify(configMap.data ?? {})).not.toContain('s3cret')
    const readers = workloads(manifests).filter((w) =>
      w.pod.containers.some((c) => c.env?.some((v) => v.valueFrom?.secretKeyRef?.key === 'SMTP_URL')),
    )
    expect(readers.map((w) => component(w.manifest))).toEqual(['notification'])
    const originOf = async (set: Record<string, string>) =>
      named((await renderChart({ set })).manifests, 'ConfigMap', `${fullname}-notification`).data?.PUBLIC_ORIGIN
    expect(await originOf({ 'config.publicOrigin': 'https://app.example.com' })).toBe('https://app.example.com')
    expect(
      await originOf({ 'config.publicOrigin': 'https://app.example.com', 'notification.publicOrigin': 'https://mail-links.example.com' }),
    ).toBe('https://mail-links.example.com')
    expect(await originOf({})).toBeUndefined()
  })

  test('billing sells nothing by default: test-mode payments only when stripe.testMode says so, and never beside Stripe', async () => {
    const testModeOf = async (set: Record<string, string>) =>
      named((await renderChart({ set })).manifests, 'ConfigMap', `${fullname}-billing`).data?.PAYMENTS_TEST_MODE
    expect(await testModeOf({})).toBe('false')
    expect(await testModeOf({ 'stripe.testMode': 'true' })).toBe('true')
    const stripe = { 'stripe.enabled': 'true', 'stripe.secretKey': 'sk_test_1', 'stripe.webhookSecret': 'whsec_1' }
    expect(await testModeOf({ ...stripe, 'stripe.testMode': 'true', 'config.publicOrigin': 'https://app.example.com' })).toBe('false')
  })

  test("a NodePort or LoadBalancer is only ever the gateway's", async () => {
    const { manifests } = await renderChart({ set: { 'gateway.service.type': 'NodePort', 'gateway.service.nodePort': '30080' } })
    for (const service of byKind(manifests, 'Service')) {
      const spec = service.spec as { type: string; ports: { nodePort?: number }[] }
      if (component(service) === 'gateway') {
        expect(spec.type).toBe('NodePort')
        expect(spec.ports[0]!.nodePort).toBe(30080)
      } else expect(spec.type, service.metadata.name).toBe('ClusterIP')
    }
  })
})

/** Every leaf of values.yaml as a dotted path (empty maps like env: {} and resources blocks are leaves). */
function valuePaths(value: unknown, prefix = ''): string[] {
  const leaf = value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0
  if (leaf || prefix.endsWith('resources')) return [prefix]
  return Object.entries(value).flatMap(([key, inner]) => valuePaths(inner, prefix ? `${prefix}.${key}` : key))
}

test('README.md documents every value of values.yaml', () => {
  const values: unknown = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8'))
  const readme = readFileSync(join(chartDir, 'README.md'), 'utf8')
  const deployables = new Set<string>(DEPLOYABLES)
  const missing = valuePaths(values).filter((path) => {
    const [head = '', ...rest] = path.split('.')
    // The seven deployable blocks share one set of rows: `<deployable>.replicas` and so on.
    const generic = deployables.has(head) ? `\`<deployable>.${rest.join('.')}\`` : undefined
    return !readme.includes(`\`${path}\``) && !(generic && readme.includes(generic))
  })
  expect(missing).toEqual([])
})
