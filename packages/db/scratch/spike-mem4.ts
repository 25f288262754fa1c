import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
const rss = (l: string) => console.log(l, Math.round(process.memoryUsage().rss / 1e6), 'MB rss')
const mode = process.argv[2]
let opts = {}
if (mode === 'sbonly') opts = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }
if (mode !== 'default' && mode !== 'sbonly') {
  const pgliteWasmModule = await WebAssembly.compile(await readFile('node_modules/@electric-sql/pglite/dist/pglite.wasm'))
  opts = { pgliteWasmModule }
  if (mode === 'tuned') opts = { ...opts, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB', '-c', 'temp_buffers=2MB', '-c', 'wal_buffers=1MB'] }
}
rss('start')
const dbs = []
for (let i = 0; i < 5; i++) {
  const db = await PGlite.create(`/tmp/spike-m-${i}`, opts)
  await db.exec('create table if not exists t (id int primary key, v text); insert into t select g, repeat(\'x\', 100) from generate_series(1, 2000) g on conflict do nothing; select count(*) from t')
  dbs.push(db)
  rss(`open ${i}`)
}
global.gc?.(); rss('all open gc')
