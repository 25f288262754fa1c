// The parts of rendered Kubernetes manifests the chart tests read (kubeconform has already checked
// their shape against Kubernetes' schemas, so these types only name what is used).

export interface Metadata {
  name: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}

export interface Probe {
  httpGet?: { path: string; port: string | number }
  exec?: { command: string[] }
}

export interface SecurityContext {
  runAsNonRoot?: boolean
  runAsUser?: number
  allowPrivilegeEscalation?: boolean
  readOnlyRootFilesystem?: boolean
  privileged?: boolean
  capabilities?: { drop?: string[]; add?: string[] }
  seccompProfile?: { type: string }
}

export interface EnvVar {
  name: string
  value?: string
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } }
}

export interface Container {
  name: string
  image: string
  command?: string[]
  args?: string[]
  env?: EnvVar[]
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[]
  securityContext?: SecurityContext
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> }
  livenessProbe?: Probe
  readinessProbe?: Probe
  startupProbe?: Probe
  volumeMounts?: { name: string; mountPath: string }[]
}

export interface PodSpec {
  serviceAccountName?: string
  automountServiceAccountToken?: boolean
  securityContext?: SecurityContext & { fsGroup?: number }
  containers: Container[]
  initContainers?: Container[]
  hostNetwork?: boolean
  hostPID?: boolean
  volumes?: { name: string; emptyDir?: object; hostPath?: object }[]
}

export interface NetworkPolicyPeer {
  podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values: string[] }[] }
  namespaceSelector?: object
  ipBlock?: { cidr: string }
}

export interface NetworkPolicyRule {
  from?: NetworkPolicyPeer[]
  to?: NetworkPolicyPeer[]
  ports?: { port: number; protocol?: string }[]
}

export interface Manifest {
  apiVersion: string
  kind: string
  metadata: Metadata
  // Shapes vary by kind; the helpers below narrow them.
  spec?: Record<string, unknown>
  data?: Record<string, string>
  stringData?: Record<string, string>
  automountServiceAccountToken?: boolean
}

export const byKind = (manifests: Manifest[], kind: string) => manifests.filter((manifest) => manifest.kind === kind)

export function named(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name)
  if (!found) throw new Error(`no ${kind} ${name} among: ${manifests.map((m) => `${m.kind}/${m.metadata.name}`).join(', ')}`)
  return found
}

export const component = (manifest: Manifest) => manifest.metadata.labels?.['app.kubernetes.io/component']

/** What runs pods: their pod spec and pod labels. */
export interface Workload {
  manifest: Manifest
  pod: PodSpec
  podLabels: Record<string, string>
  /** Runs until stopped (Deployment, StatefulSet), as opposed to a Job or a test Pod. */
  longRunning: boolean
}

const TEMPLATED = ['Deployment', 'StatefulSet', 'Job', 'DaemonSet', 'ReplicaSet']

export function workloads(manifests: Manifest[]): Workload[] {
  const found: Workload[] = []
  for (const manifest of manifests) {
    if (manifest.kind === 'Pod') {
      found.push({ manifest, pod: manifest.spec as unknown as PodSpec, podLabels: manifest.metadata.labels ?? {}, longRunning: false })
    } else if (TEMPLATED.includes(manifest.kind)) {
      const template = (manifest.spec as { template: { metadata?: Metadata; spec: PodSpec } }).template
      found.push({
        manifest,
        pod: template.spec,
        podLabels: template.metadata?.labels ?? {},
        longRunning: manifest.kind !== 'Job',
      })
    }
  }
  return found
}

export const allContainers = (pod: PodSpec) => [...(pod.initContainers ?? []), ...pod.containers]

/** Whether a label selector (matchLabels and In/NotIn/Exists expressions) selects these labels. */
export function selects(selector: NetworkPolicyPeer['podSelector'], labels: Record<string, string>): boolean {
  if (!selector) return false
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false
  for (const expression of selector.matchExpressions ?? []) {
    const value = labels[expression.key]
    if (expression.operator === 'In' && (value === undefined || !expression.values.includes(value))) return false
    if (expression.operator === 'NotIn' && value !== undefined && expression.values.includes(value)) return false
    if (expression.operator === 'Exists' && value === undefined) return false
    if (expression.operator === 'DoesNotExist' && value !== undefined) return false
  }
  return true
}

export interface NetworkPolicySpec {
  podSelector: NonNullable<NetworkPolicyPeer['podSelector']>
  policyTypes: string[]
  ingress?: NetworkPolicyRule[]
  egress?: NetworkPolicyRule[]
}

export const policySpec = (manifest: Manifest) => manifest.spec as unknown as NetworkPolicySpec
