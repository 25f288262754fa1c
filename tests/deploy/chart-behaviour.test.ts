// What the chart's resources do, read from `helm template` for each value set: every deployable's
// environment passes its own config schema, autoscalers and disruption budgets where promised,
// migrations as hook Jobs (and why their phase depends on where PostgreSQL runs), the `helm test`
// Pod, the in-chart infrastructure and generated secrets.
import { beforeAll, describe, expect, test } from 'vitest'
import { chartToolsAvailable, renderChart, RELEASE } from './support/chart.ts'
import { containerEnvironment, CONFIG_SCHEMAS, DEPLOYABLES, schemaKeys, SERVICES, type Deployable } from './support/deployable-env.ts'
import { byKind, component, named, selects, workloads, type Manifest, type Workload } from './support/manifests.ts'
import { CHART_CASES, EXISTING_SECRET_VALUES } from './support/value-sets.ts'

const available = await chartToolsAvailable()
const fullname = `${RELEASE}-valueproof`
/** The shortest generated or accepted secret (the deployables' MIN_SECRET_LENGTH). */
const MIN_SECRET_LENGTH = 32

describe.skipIf(!available).each(CHART_CASES)('chart with $name', (chartCase) => {
  let manifests: Manifest[]
  let running: Workload[]
  const deploymentOf = (name: Deployable) => running.find((w) => w.manifest.kind === 'Deployment' && component(w.manifest) === name)!
  const environmentOf = (name: Deployable) => containerEnvironment(manifests, deploymentOf(name).pod.containers[0]!, EXISTING_SECRET_VALUES)

  beforeAll(async () => {
    manifests = (await renderChart(chartCase.values)).manifests
    running = workloads(manifests)
  })

  test("each deployable's environment passes its config schema, with no variable it does not read", () => {
    for (const name of DEPLOYABLES) {
      const environment = environmentOf(name)
      const parsed = CONFIG_SCHEMAS[name].safeParse(environment)
      expect(parsed.error?.issues ?? [], name).toEqual([])
      const known = new Set(schemaKeys(CONFIG_SCHEMAS[name]))
      expect(
        Object.keys(environment).filter((key) => !known.has(key)),
        name,
      ).toEqual([])
      // A pod is reached on its pod IP: listening on loopback would make it unreachable.
      expect(environment.HOST, name).toBe('0.0.0.0')
    }
  })

  test('one database per service, one signing key shared by the gateway and every service', () => {
    const urls = SERVICES.map((service) => environmentOf(service).DATABASE_URL)
    expect(new Set(urls).size).toBe(SERVICES.length)
    for (const [index, service] of SERVICES.entries()) expect(new URL(urls[index]!).pathname).toBe(`/${service}`)
    const keys = new Set(DEPLOYABLES.map((name) => environmentOf(name).GATEWAY_SIGNING_KEY))
    expect(keys.size).toBe(1)
    expect([...keys][0]!.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH)
    expect(environmentOf('gateway').DATABASE_URL).toBeUndefined()
  })

  test('the gateway finds every service by its Service name and port', () => {
    const environment = environmentOf('gateway')
    for (const service of SERVICES) {
      const url = new URL(environment[`${service.toUpperCase()}_URL`]!)
      const target = named(manifests, 'Service', url.hostname)
      expect(component(target)).toBe(service)
      const port = (target.spec as { ports: { port: number }[] }).ports[0]!.port
      expect(Number(url.port)).toBe(port)
    }
  })

  test(`HorizontalPodAutoscalers (autoscaling/v2) for ${chartCase.autoscaled.join(', ') || 'nothing'}; fixed replicas elsewhere`, () => {
    const autoscalers = byKind(manifests, 'HorizontalPodAutoscaler')
    expect(autoscalers.every((hpa) => hpa.apiVersion === 'autoscaling/v2')).toBe(true)
    const targets = autoscalers.map((hpa) => (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name)
    expect(targets.sort()).toEqual(chartCase.autoscaled.map((name) => `${fullname}-${name}`).sort())
    for (const name of DEPLOYABLES) {
      const replicas = (deploymentOf(name).manifest.spec as { replicas?: number }).replicas
      // A Deployment's own replicas would fight the autoscaler at every upgrade.
      if (chartCase.autoscaled.includes(name)) expect(replicas, name).toBeUndefined()
      else expect(replicas, name).toBeGreaterThanOrEqual(1)
    }
  })

  test(chartCase.podDisruptionBudgets ? 'a PodDisruptionBudget per deployable' : 'no PodDisruptionBudget', () => {
    const budgets = byKind(manifests, 'PodDisruptionBudget')
    expect(budgets).toHaveLength(chartCase.podDisruptionBudgets ? DEPLOYABLES.length : 0)
    for (const budget of budgets) {
      const selector = (budget.spec as { selector: { matchLabels: Record<string, string> } }).selector
      const covered = running.filter((w) => w.manifest.kind === 'Deployment' && selects(selector, w.podLabels))
      expect(covered.map((w) => component(w.manifest))).toEqual([component(budget)])
    }
  })

  test(`migrations: ${chartCase.migrationHook ? `a ${chartCase.migrationHook} hook Job per service` : 'no Job; the services migrate at start'}`, () => {
    const jobs = byKind(manifests, 'Job')
    if (!chartCase.migrationHook) {
      expect(jobs).toEqual([])
      for (const service of SERVICES) expect(environmentOf(service).MIGRATE_ON_START).toBe('true')
      return
    }
    expect(jobs).toHaveLength(SERVICES.length)
    for (const service of SERVICES) {
      const job = named(manifests, 'Job', `${fullname}-migrate-${service}`)
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe(chartCase.migrationHook)
      expect(job.metadata.annotations?.['helm.sh/hook-delete-policy']).toContain('before-hook-creation')
      const [container] = workloads([job])[0]!.pod.containers
      expect(container!.command).toEqual(['node', `dist/${service}/migrate.mjs`])
      expect(container!.image).toBe(`ghcr.io/valueproof/valueproof-${service}:0.1.0`)
      // The Job migrates the very database the service uses.
      const jobUrl = containerEnvironment(manifests, container!, EXISTING_SECRET_VALUES).DATABASE_URL
      expect(jobUrl).toBe(environmentOf(service).DATABASE_URL)
      // What a pre-install hook reads must exist before the release's ordinary resources do.
      if (chartCase.migrationHook.startsWith('pre-install')) {
        const secretName = container!.env!.find((v) => v.name === 'DATABASE_URL')!.valueFrom!.secretKeyRef!.name
        const secret = named(manifests, 'Secret', secretName)
        expect(secret.metadata.annotations?.['helm.sh/hook']).toBe(chartCase.migrationHook)
        expect(Number(secret.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
          Number(job.metadata.annotations?.['helm.sh/hook-weight']),
        )
        expect(workloads([job])[0]!.pod.serviceAccountName).toBe('default')
      }
    }
    // With the in-chart database the first install has no pre-install migration: the services must migrate at start.
    if (chartCase.inChartInfrastructure) for (const service of SERVICES) expect(environmentOf(service).MIGRATE_ON_START).toBe('true')
  })

  test(chartCase.testPod ? 'a `helm test` Pod asks the gateway Service for /healthz and /readyz' : 'no test Pod', () => {
    const pods = byKind(manifests, 'Pod')
    expect(pods).toHaveLength(chartCase.testPod ? 1 : 0)
    for (const pod of pods) {
      expect(pod.metadata.annotations?.['helm.sh/hook']).toBe('test')
      const script = workloads([pod])[0]!.pod.containers[0]!.command!.join(' ')
      expect(script).toContain(`http://${fullname}-gateway:80`)
      expect(script).toContain("'/healthz', '/readyz'")
      expect(script).toContain('process.exit(1)')
    }
  })

  test(
    chartCase.inChartInfrastructure ? 'in-chart PostgreSQL, NATS and MinIO on volumes, images pinned' : 'no in-chart infrastructure',
    () => {
      const statefulSets = byKind(manifests, 'StatefulSet')
      expect(statefulSets.map(component).sort()).toEqual(chartCase.inChartInfrastructure ? ['minio', 'nats', 'postgresql'] : [])
      for (const statefulSet of statefulSets) {
        const spec = statefulSet.spec as { volumeClaimTemplates: unknown[] }
        expect(spec.volumeClaimTemplates, statefulSet.metadata.name).toHaveLength(1)
        const image = workloads([statefulSet])[0]!.pod.containers[0]!.image
        expect(image, statefulSet.metadata.name).toMatch(/:[\w.-]*\d[\w.-]*$/)
      }
      if (chartCase.inChartInfrastructure) {
        const init = named(manifests, 'ConfigMap', `${fullname}-postgresql-init`).data!['01-databases.sql']
        for (const service of SERVICES) expect(init).toContain(`CREATE DATABASE ${service};`)
        const nats = workloads(statefulSets.filter((s) => component(s) === 'nats'))[0]!.pod.containers[0]!
        expect(nats.args).toContain('--jetstream')
      }
    },
  )

  test(
    chartCase.chartSecret ? 'the Secret holds generated keys of ≥ 32 characters' : 'no Secret of its own: the existing one is read',
    () => {
      const secrets = byKind(manifests, 'Secret').filter((secret) => !secret.metadata.annotations?.['helm.sh/hook'])
      expect(secrets).toHaveLength(chartCase.chartSecret ? 1 : 0)
      for (const secret of secrets) {
        for (const key of ['GATEWAY_SIGNING_KEY', 'ACCESS_CODE_KEY', 'IDENTITY_ADDRESS_HASH_KEY', 'PROPOSAL_ADDRESS_HASH_KEY']) {
          expect(secret.stringData?.[key]?.length, key).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH)
        }
      }
    },
  )
})
