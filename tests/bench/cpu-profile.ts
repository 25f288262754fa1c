// Where a process spends its CPU: the self time of a V8 CPU profile (`node --cpu-prof`), summed by
// npm package (or "node:" internals, "(program)", "(garbage collector)", "valueproof" for bundled
// workspace code) and by function. Printed by benchmarks that fall short of their budget.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  startTime: number
  endTime: number
}

export interface ProfileShare {
  name: string
  percent: number
}

function packageOf(frame: ProfileNode['callFrame']): string {
  if (frame.url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native)'
  if (frame.url.startsWith('node:')) return 'node: internals'
  const inModules = frame.url.split('node_modules/').at(-1)
  if (inModules !== undefined && frame.url.includes('node_modules/')) {
    const parts = inModules.split('/')
    return inModules.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? inModules)
  }
  return 'valueproof (bundled workspace code)'
}

function top(totals: Map<string, number>, all: number, count: number): ProfileShare[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, percent: Number(((100 * hits) / all).toFixed(1)) }))
}

/** Self-time shares of every profile in `dir` (one process each, summed). */
export async function summarizeProfiles(dir: string, count = 10): Promise<{ byPackage: ProfileShare[]; byFunction: ProfileShare[] }> {
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let all = 0
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0
      if (hits === 0) continue
      all += hits
      const where = packageOf(node.callFrame)
      byPackage.set(where, (byPackage.get(where) ?? 0) + hits)
      const file = node.callFrame.url.split('/').at(-1) ?? ''
      const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1} [${where}]`
      byFunction.set(name, (byFunction.get(name) ?? 0) + hits)
    }
  }
  return { byPackage: top(byPackage, all, count), byFunction: top(byFunction, all, count) }
}
