// The PDF worker's entry when running from source: the pool starts workers without the parent's
// flags (under vitest there are none), so it registers tsx itself and loads the TypeScript worker.
// The build replaces this file with the compiled pdf-worker-thread.ts.
import { register } from 'tsx/esm/api'

register()
await import('./pdf-worker-thread.ts')
