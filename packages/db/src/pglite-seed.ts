// Child-process entry: unpack a PGlite template into a new data directory, then exit, taking the
// unpacking's memory with it (pglite-template.ts).   node pglite-seed.mjs <dataDir> <template>
import { unpackPGliteTemplate } from './pglite-template.ts'

const [dataDir, template] = process.argv.slice(2)
if (dataDir === undefined || template === undefined) {
  console.error('usage: pglite-seed <dataDir> <template>')
  process.exit(2)
}
await unpackPGliteTemplate(dataDir, template)
