// podman 4.3's kube play stores a Secret document as it is but reads a secret back only as JSON
// (`secret … is not valid JSON`), so the chart's Secret goes to podman another way: this takes the
// rendered chart, writes it again without its Secret documents, and creates each Secret as a podman
// secret holding {key: base64 value} (the shape podman reads for secretKeyRef).
//
//   node --import tsx tests/deploy/containers/kube-secret.ts <rendered chart.yaml> <without secrets.yaml>
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseAllDocuments } from 'yaml'

interface Secret {
  kind: 'Secret'
  metadata: { name: string }
  data?: Record<string, string>
  stringData?: Record<string, string>
}

const [input, output] = process.argv.slice(2)
if (input === undefined || output === undefined) throw new Error('usage: kube-secret.ts <rendered chart.yaml> <without secrets.yaml>')
const documents = parseAllDocuments(readFileSync(input, 'utf8'))
const kept: string[] = []
for (const document of documents) {
  const resource = document.toJS() as { kind?: string } | null
  if (resource?.kind !== 'Secret') {
    if (resource !== null) kept.push(document.toString())
    continue
  }
  const secret = resource as Secret
  const values: Record<string, string> = { ...secret.data }
  for (const [key, value] of Object.entries(secret.stringData ?? {})) values[key] = Buffer.from(value, 'utf8').toString('base64')
  try {
    execFileSync('podman', ['secret', 'rm', secret.metadata.name], { stdio: 'ignore' })
  } catch {
    // None yet.
  }
  // From a file: podman wants a FIFO or a file on stdin, and Node's pipes are sockets.
  const file = join(dirname(output), `${secret.metadata.name}.secret.json`)
  writeFileSync(file, JSON.stringify(values), { mode: 0o600 })
  try {
    execFileSync('podman', ['secret', 'create', secret.metadata.name, file], { stdio: ['ignore', 'ignore', 'inherit'] })
  } finally {
    rmSync(file)
  }
  console.log(`  Secret ${secret.metadata.name}: ${Object.keys(values).length} keys, as a podman secret`)
}
writeFileSync(output, kept.join('---\n'))
