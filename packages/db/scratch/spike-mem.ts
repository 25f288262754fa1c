import { PGlite } from '@electric-sql/pglite'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss', Math.round(process.memoryUsage().external / 1e6), 'ext')
rss('start')
const db = new PGlite('/tmp/spike-pglite'); await db.waitReady
rss('pglite open')
await db.query('select count(*) from "user"')
rss('pglite query')
const db2 = new PGlite('memory://'); await db2.waitReady
rss('second pglite (memory)')
await db.close(); await db2.close()
rss('closed')
global.gc?.()
rss('gc')
