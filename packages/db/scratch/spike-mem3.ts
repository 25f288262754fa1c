import { PGlite } from '@electric-sql/pglite'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss')
for (let i = 0; i < 4; i++) {
  const t = Date.now()
  const db = await PGlite.create(process.argv[2] === 'dir' ? `/tmp/spike-m-${i}` : 'memory://')
  await db.query('select 1')
  rss(`open ${i} ${Date.now() - t}ms`)
  await db.close()
  global.gc?.()
  await new Promise((r) => setTimeout(r, 100))
  global.gc?.()
  rss(`closed ${i}`)
}
