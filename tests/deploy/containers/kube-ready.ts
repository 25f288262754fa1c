// The chart's pods under `podman kube play`, judged by their own probes: for every Deployment of
// the rendered chart, its pod's container must pass the startup, readiness and liveness probes the
// chart declares (HTTP GETs on the pod's address, as the kubelet would send them: podman 4.3 runs no
// readiness probe itself), run as the user, with the read-only root file system, the dropped
// capabilities and no privilege escalation the chart writes, and not have restarted.
//
//   node --import tsx tests/deploy/containers/kube-ready.ts <rendered chart.yaml>
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseAllDocuments } from 'yaml'
import { DEPLOYABLES } from '../support/deployable-env.ts'

const READY_WITHIN_MS = 240_000

interface Probe {
  httpGet?: { path: string; port: string | number }
}
interface Container {
  name: string
  ports?: { name?: string; containerPort: number }[]
  startupProbe?: Probe
  readinessProbe?: Probe
  livenessProbe?: Probe
  securityContext?: {
    runAsUser?: number
    readOnlyRootFilesystem?: boolean
    allowPrivilegeEscalation?: boolean
    capabilities?: { drop?: string[] }
  }
}
interface Deployment {
  kind: string
  metadata: { name: string }
  spec: { template: { spec: { containers: Container[] } } }
}

interface Inspected {
  Name: string
  RestartCount: number
  State: { Status: string }
  Config: { User: string }
  HostConfig: { ReadonlyRootfs: boolean; CapDrop: string[] | null; CapAdd: string[] | null; SecurityOpt: string[] | null }
  EffectiveCaps: string[] | null
  NetworkSettings: { Networks: Record<string, { IPAddress: string }> }
}

function podman(...args: string[]): string {
  return execFileSync('podman', args, { encoding: 'utf8' })
}

function deployments(file: string): Deployment[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as Deployment | null)
    .filter((resource): resource is Deployment => resource?.kind === 'Deployment')
}

/** podman names a Deployment's pod <name>-pod (4.4+) or <name>-pod-0 (4.3) and its containers <pod>-<container>. */
function containerOf(deployment: Deployment, container: Container): Inspected {
  const names = podman('ps', '-a', '--format', '{{.Names}}').split('\n')
  const name = names.find(
    (candidate) => candidate.startsWith(`${deployment.metadata.name}-pod`) && candidate.endsWith(`-${container.name}`),
  )
  if (name === undefined) throw new Error(`no container of Deployment ${deployment.metadata.name} (${container.name}) is running`)
  const [inspected] = JSON.parse(podman('inspect', name)) as Inspected[]
  if (inspected === undefined) throw new Error(`podman inspect ${name} answered nothing`)
  return inspected
}

function addressOf(container: Inspected): string {
  const ip = Object.values(container.NetworkSettings.Networks).find((network) => network.IPAddress !== '')?.IPAddress
  if (ip === undefined) {
    // A pod's containers share the infra container's network: ask the pod.
    const pod = podman('inspect', '--format', '{{.Pod}}', container.Name).trim()
    const infra = podman('pod', 'inspect', '--format', '{{.InfraContainerID}}', pod).trim()
    const [inspected] = JSON.parse(podman('inspect', infra)) as Inspected[]
    const infraIp = Object.values(inspected?.NetworkSettings.Networks ?? {}).find((network) => network.IPAddress !== '')?.IPAddress
    if (infraIp === undefined) throw new Error(`${container.Name} has no address on a podman network`)
    return infraIp
  }
  return ip
}

function probeUrl(address: string, container: Container, probe: Probe | undefined): string | undefined {
  if (probe?.httpGet === undefined) return undefined
  const { path, port } = probe.httpGet
  const number = typeof port === 'number' ? port : container.ports?.find((candidate) => candidate.name === port)?.containerPort
  if (number === undefined) throw new Error(`probe port ${String(port)} of ${container.name} is not a declared port`)
  return `http://${address}:${number}${path}`
}

async function passes(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
    return response.status >= 200 && response.status < 400
  } catch {
    return false
  }
}

function checkSecurity(deployment: Deployment, container: Container, inspected: Inspected): string[] {
  const problems: string[] = []
  const wanted = container.securityContext ?? {}
  const [uid] = inspected.Config.User.split(':')
  if (wanted.runAsUser !== undefined && uid !== String(wanted.runAsUser))
    problems.push(`runs as ${inspected.Config.User}, not ${wanted.runAsUser}`)
  if (wanted.readOnlyRootFilesystem === true && !inspected.HostConfig.ReadonlyRootfs) problems.push('root file system is writable')
  if (wanted.capabilities?.drop?.includes('ALL') === true && (inspected.EffectiveCaps ?? []).length > 0) {
    problems.push(`keeps capabilities ${(inspected.EffectiveCaps ?? []).join(',')}`)
  }
  if (wanted.allowPrivilegeEscalation === false && !(inspected.HostConfig.SecurityOpt ?? []).includes('no-new-privileges')) {
    problems.push('may gain privileges (no no-new-privileges)')
  }
  return problems.map((problem) => `${deployment.metadata.name}: ${problem}`)
}

async function untilReady(deployment: Deployment, container: Container, started: number): Promise<number> {
  const inspected = containerOf(deployment, container)
  const address = addressOf(inspected)
  const urls = [container.startupProbe, container.readinessProbe, container.livenessProbe]
    .map((probe) => probeUrl(address, container, probe))
    .filter((url): url is string => url !== undefined)
  if (urls.length === 0) throw new Error(`${deployment.metadata.name} declares no HTTP probe`)
  while (Date.now() - started < READY_WITHIN_MS) {
    const results = await Promise.all(urls.map(passes))
    if (results.every(Boolean)) return Date.now() - started
    await new Promise((done) => setTimeout(done, 1000))
  }
  const logs = execFileSync('podman', ['logs', '--tail', '30', inspected.Name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  throw new Error(`${deployment.metadata.name} not ready within ${READY_WITHIN_MS / 1000} s (${urls.join(', ')}):\n${logs}`)
}

const file = process.argv[2]
if (file === undefined) throw new Error('usage: kube-ready.ts <rendered chart.yaml>')
const started = Date.now()
const found = deployments(file)
if (found.length !== DEPLOYABLES.length)
  throw new Error(`the rendered chart has ${found.length} Deployments, not ${DEPLOYABLES.length} (${DEPLOYABLES.join(', ')})`)
const problems: string[] = []
for (const deployment of found) {
  for (const container of deployment.spec.template.spec.containers) {
    const readyMs = await untilReady(deployment, container, started)
    const inspected = containerOf(deployment, container)
    problems.push(...checkSecurity(deployment, container, inspected))
    if (inspected.RestartCount > 0) problems.push(`${deployment.metadata.name}: restarted ${inspected.RestartCount} times`)
    console.log(
      `  ${deployment.metadata.name.padEnd(24)} ready by its probes after ${(readyMs / 1000).toFixed(1)} s; user ${inspected.Config.User}, read-only root ${String(inspected.HostConfig.ReadonlyRootfs)}, capabilities [${(inspected.EffectiveCaps ?? []).join(',')}]`,
    )
  }
}
if (problems.length > 0) throw new Error(`the chart's pods differ from what it writes:\n${problems.join('\n')}`)

// The pods serve together: a seller registers through the gateway's pod (gateway → identity).
const gateway = found.find((deployment) => deployment.metadata.name.endsWith('-gateway'))
const gatewayContainer = gateway?.spec.template.spec.containers[0]
if (gateway === undefined || gatewayContainer === undefined) throw new Error('the rendered chart has no gateway Deployment')
const origin = `http://${addressOf(containerOf(gateway, gatewayContainer))}:${gatewayContainer.ports?.[0]?.containerPort ?? 3000}`
const registered = await fetch(`${origin}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: `kube-${Date.now()}`, password: 'Sunny-Day-42' }),
})
const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? ''
const user = await fetch(`${origin}/api/user`, { headers: { cookie } })
if (registered.status !== 201 || user.status !== 200) {
  throw new Error(`registering through the gateway pod answered ${registered.status}, then GET /api/user ${user.status}`)
}
console.log(`  through the gateway pod: POST /api/register ${registered.status}, GET /api/user ${user.status}`)
