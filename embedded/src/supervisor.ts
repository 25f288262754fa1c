// `npm start`: the one-process product (main.ts) under a supervisor that restarts it when it dies
// unexpectedly and passes SIGINT / SIGTERM on to it (decision 090).
import { fileURLToPath } from 'node:url'
import { supervise } from './supervisor-process.ts'

// Beside this file: main.ts from source, main.mjs in the build (dist/embedded, scripts/build.ts).
const main = new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.mjs', import.meta.url)
const supervision = supervise({ entry: fileURLToPath(main) })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // A closed terminal (SIGHUP) stops the product the graceful way too.
  process.on(signal, () => supervision.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal))
}
process.exit(await supervision.done)
