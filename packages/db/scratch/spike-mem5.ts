import { PGlite } from '@electric-sql/pglite'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss')
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
rss('start')
for (let i = 0; i < 3; i++) {
  const t = Date.now()
  const db = await PGlite.create(process.argv[2] === 'dir' ? `/tmp/spike-f-${i}` : 'memory://', { startParams, ...(process.argv[3] ? { initDbStartParams: process.argv[3].split(' ') } : {}) })
  await db.query('select 1')
  rss(`fresh ${i} ${Date.now() - t}ms`)
  await db.close()
  global.gc?.()
}
process.exit(0)
