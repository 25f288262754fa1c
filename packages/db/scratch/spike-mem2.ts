import { PGlite } from '@electric-sql/pglite'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss')
const mode = process.argv[2]
const dir = process.argv[3] ?? '/tmp/spike-pglite'
rss('start')
const opts = mode === 'small' ? { initialMemory: 16 * 1024 * 1024, postgresqlconf: 'shared_buffers=8MB\n' } : {}
const db = await PGlite.create(dir, opts); 
rss('open')
await db.query('select 1')
rss('query')
await db.close()
global.gc?.(); rss('closed+gc')
