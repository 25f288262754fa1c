import { it } from 'vitest'
import { startTestStack } from './support/stack.ts'
it('times', async () => {
  for (const kind of ['pglite+in-process', 'postgres+nats'] as const) {
    let t = performance.now()
    const s = await startTestStack(kind)
    console.log(kind, 'start', Math.round(performance.now() - t))
    t = performance.now()
    await s.close()
    console.log(kind, 'close', Math.round(performance.now() - t))
  }
}, 60000)
