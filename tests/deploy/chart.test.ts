// The Helm chart (charts/valueproof) under the real tools: `helm lint --strict`, `helm template`, and
// kubeconform -strict against Kubernetes' schemas kept in tests/deploy/kubernetes-schemas; then the
// chart's promises read from what it renders, for each value set: every container locked down with
// limits, long-running ones probed, only the gateway exposed, every pod under default-deny policies.
import { beforeAll, describe, expect, test } from 'vitest'
import {
  chartToolsAvailable,
  helmLint,
  kubeconform,
  renderChart,
  RELEASE,
  type KubeconformReport,
  type ToolResult,
} from './support/chart.ts'
import {
  allContainers,
  byKind,
  component,
  policySpec,
  selects,
  workloads,
  type Manifest,
  type NetworkPolicyPeer,
  type Workload,
} from './support/manifests.ts'
import { DEPLOYABLES } from './support/deployable-env.ts'
import { CHART_CASES } from './support/value-sets.ts'

const available = await chartToolsAvailable()
const RELEASE_LABELS = { 'app.kubernetes.io/name': 'valueproof', 'app.kubernetes.io/instance': RELEASE }

/** Every broken promise of one container, as readable lines (an empty list passes). */
function containerProblems(workload: Workload): string[] {
  const where = `${workload.manifest.kind}/${workload.manifest.metadata.name}`
  const problems: string[] = []
  const pod = workload.pod
  if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod runAsNonRoot is not true`)
  if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${where}: pod seccomp is not RuntimeDefault`)
  if (pod.automountServiceAccountToken !== false) problems.push(`${where}: the ServiceAccount token is mounted`)
  if (pod.hostNetwork || pod.hostPID) problems.push(`${where}: shares the host's network or PIDs`)
  if (pod.volumes?.some((volume) => volume.hostPath)) problems.push(`${where}: mounts a hostPath`)
  for (const container of allContainers(pod)) {
    const at = `${where} ${container.name}`
    const context = container.securityContext ?? {}
    if (context.runAsNonRoot !== true) problems.push(`${at}: runAsNonRoot is not true`)
    if (typeof context.runAsUser !== 'number' || context.runAsUser === 0) problems.push(`${at}: runAsUser is not a non-zero uid`)
    if (context.allowPrivilegeEscalation !== false) problems.push(`${at}: privilege escalation allowed`)
    if (context.readOnlyRootFilesystem !== true) problems.push(`${at}: root file system writable`)
    if (context.privileged === true) problems.push(`${at}: privileged`)
    if (!context.capabilities?.drop?.includes('ALL') || (context.capabilities.add ?? []).length > 0)
      problems.push(`${at}: capabilities not all dropped`)
    const limits = container.resources?.limits ?? {}
    if (limits.cpu === undefined || limits.memory === undefined) problems.push(`${at}: no cpu and memory limits`)
    if (container.resources?.requests?.memory === undefined) problems.push(`${at}: no memory request`)
    if (workload.longRunning && (!container.livenessProbe || !container.readinessProbe))
      problems.push(`${at}: no liveness and readiness probes`)
  }
  return problems
}

const isReleasePeer = (peer: NetworkPolicyPeer) =>
  peer.namespaceSelector === undefined &&
  peer.ipBlock === undefined &&
  peer.podSelector !== undefined &&
  Object.entries(RELEASE_LABELS).every(([key, value]) => peer.podSelector?.matchLabels?.[key] === value)

describe.skipIf(!available).each(CHART_CASES)('chart with $name', (chartCase) => {
  let manifests: Manifest[]
  let lint: ToolResult
  let validation: KubeconformReport
  let running: Workload[]

  beforeAll(async () => {
    const rendered = await renderChart(chartCase.values)
    manifests = rendered.manifests
    running = workloads(manifests)
    ;[lint, validation] = await Promise.all([helmLint(chartCase.values), kubeconform(rendered.yaml)])
  })

  test('helm lint --strict passes', () => {
    expect(lint.stderr + lint.stdout).toContain('1 chart(s) linted, 0 chart(s) failed')
    expect(lint.code).toBe(0)
  })

  test("every rendered resource is valid against Kubernetes' schemas (kubeconform -strict)", () => {
    expect(validation.problems).toEqual([])
    expect(validation.summary).toEqual({ valid: manifests.length, invalid: 0, errors: 0, skipped: 0 })
    expect(validation.code).toBe(0)
  })

  test('every container, init, hook and test ones included, runs locked down with limits; long-running ones are probed', () => {
    expect(running.length).toBeGreaterThanOrEqual(DEPLOYABLES.length)
    expect(running.flatMap(containerProblems)).toEqual([])
  })

  test('the gateway and each service run their bundle from their own image as the node user, probed on /healthz and /readyz', () => {
    for (const name of DEPLOYABLES) {
      const deployment = running.find((w) => w.manifest.kind === 'Deployment' && component(w.manifest) === name)
      expect(deployment, name).toBeDefined()
      const [container] = deployment!.pod.containers
      expect(container!.image).toBe(`ghcr.io/valueproof/valueproof-${name}:0.1.0`)
      expect(container!.command).toEqual(['node', '--max-semi-space-size=32', `dist/${name}/server.mjs`])
      expect(container!.securityContext?.runAsUser).toBe(1000)
      expect(container!.livenessProbe?.httpGet?.path).toBe('/healthz')
      expect(container!.readinessProbe?.httpGet?.path).toBe('/readyz')
      // A read-only root needs a writable /tmp.
      expect(container!.volumeMounts?.map((mount) => mount.mountPath)).toContain('/tmp')
    }
  })

  test('only the gateway is exposed: every other Service is ClusterIP, the Ingress routes to the gateway alone, no host ports', () => {
    for (const service of byKind(manifests, 'Service')) {
      if (component(service) !== 'gateway') expect((service.spec as { type: string }).type, service.metadata.name).toBe('ClusterIP')
    }
    const ingresses = byKind(manifests, 'Ingress')
    expect(ingresses).toHaveLength(chartCase.ingressTls ? 1 : 0)
    for (const ingress of ingresses) {
      const spec = ingress.spec as { tls?: unknown[]; rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] }
      const backends = spec.rules.flatMap((rule) => rule.http.paths.map((path) => path.backend.service.name))
      expect(new Set(backends)).toEqual(new Set([`${RELEASE}-valueproof-gateway`]))
      expect(spec.tls).toHaveLength(1)
    }
    const hostPorts = running.flatMap((w) =>
      allContainers(w.pod).flatMap((c) => ((c as { ports?: { hostPort?: number }[] }).ports ?? []).filter((p) => p.hostPort)),
    )
    expect(hostPorts).toEqual([])
  })

  test('the ServiceAccount mounts no token', () => {
    for (const account of byKind(manifests, 'ServiceAccount')) expect(account.automountServiceAccountToken).toBe(false)
  })

  test(
    chartCase.networkPolicies ? 'a default-deny NetworkPolicy covers every pod of the release' : 'no NetworkPolicy when switched off',
    () => {
      if (!chartCase.networkPolicies) {
        expect(byKind(manifests, 'NetworkPolicy')).toEqual([])
        return
      }
      const policies = byKind(manifests, 'NetworkPolicy').map(policySpec)
      const denyAll = policies.filter(
        (policy) => policy.policyTypes.includes('Ingress') && policy.policyTypes.includes('Egress') && !policy.ingress && !policy.egress,
      )
      expect(denyAll.length).toBeGreaterThanOrEqual(1)
      for (const workload of running) {
        expect(
          denyAll.some((policy) => selects(policy.podSelector, workload.podLabels)),
          workload.manifest.metadata.name,
        ).toBe(true)
      }
    },
  )

  test('only the gateway admits traffic from outside the release; services admit only the gateway', () => {
    const gatewayLabels = running.find((w) => component(w.manifest) === 'gateway')!.podLabels
    let gatewayOpen = false
    for (const manifest of byKind(manifests, 'NetworkPolicy')) {
      const policy = policySpec(manifest)
      const forGateway = selects(policy.podSelector, gatewayLabels)
      for (const rule of policy.ingress ?? []) {
        const fromOutside = !rule.from || rule.from.length === 0 || !rule.from.every(isReleasePeer)
        if (forGateway) gatewayOpen ||= fromOutside
        else expect(fromOutside, `${manifest.metadata.name} admits traffic from outside the release`).toBe(false)
      }
      // A policy that selects a service admits the gateway's pods and nobody else.
      const service = DEPLOYABLES.find(
        (name) => name !== 'gateway' && policy.podSelector.matchLabels?.['app.kubernetes.io/component'] === name,
      )
      if (service) {
        const peers = (policy.ingress ?? []).flatMap((rule) => rule.from ?? [])
        expect(peers.length, manifest.metadata.name).toBeGreaterThan(0)
        for (const peer of peers) expect(selects(peer.podSelector, gatewayLabels), manifest.metadata.name).toBe(true)
      }
    }
    // Without policies the gateway is open by default; with them, one rule must open it.
    expect(gatewayOpen).toBe(chartCase.networkPolicies)
  })
})
