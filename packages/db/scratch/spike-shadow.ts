import { PGlite } from '@electric-sql/pglite'
import { PGLITE_START_PARAMS } from '../src/pglite-instances.ts'
const a = await PGlite.create('memory://a', { startParams: PGLITE_START_PARAMS })
console.log('a ok')
try { const b = await PGlite.create('memory://', { startParams: PGLITE_START_PARAMS }); console.log('b ok') } catch (e) { console.log('b failed', e) }
process.exit(0)
