// `npm start`: the one-process product (main.ts) under a supervisor that restarts it when it dies
// unexpectedly and passes SIGINT / SIGTERM on to it (decision 090).
import { fileURLToPath } from 'node:url'
import { supervise } from './supervisor-process.ts'

const supervision = supervise({ entry: fileURLToPath(new URL('./main.ts', import.meta.url)) })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  // A closed terminal (SIGHUP) stops the product the graceful way too.
  process.on(signal, () => supervision.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal))
}
process.exit(await supervision.done)
