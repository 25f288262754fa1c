// `npm start`: the whole product in one process on embedded defaults.
import { createLogger, handleShutdown, loadConfigOrExit, logUnhandledRejections, shutdownTracing } from '@valueproof/http-kit'
import { embeddedConfigSchema } from './config.ts'
import { seedEmbeddedDatabase } from './seed-database.ts'
import { startEmbeddedStack } from './stack.ts'
import { READY_MESSAGE } from './supervisor-process.ts'

const config = loadConfigOrExit(embeddedConfigSchema)
const logger = createLogger({ name: 'valueproof', level: config.LOG_LEVEL })
logUnhandledRejections(logger)
await seedEmbeddedDatabase(config, logger, import.meta.url)
const stack = await startEmbeddedStack(config, logger)
const seconds = (performance.now() / 1000).toFixed(1)
logger.info({ url: stack.url, dataDir: config.DATA_DIR }, `ValueProof is running at ${stack.url}`)
// The one line a newcomer needs (the log above is JSON, and below warn by default here).
if (config.LOG_LEVEL !== 'silent') console.log(`ValueProof is running at ${stack.url} (ready in ${seconds} s; data in ${config.DATA_DIR})`)
const shutdown = handleShutdown({
  logger,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  steps: [
    { name: 'stack', stop: () => stack.stop() },
    { name: 'tracing', stop: shutdownTracing },
  ],
})
// Under the supervisor (`npm start`, supervisor.ts): say the product is up, and stop when the supervisor is gone.
if (process.send !== undefined) {
  process.send(READY_MESSAGE)
  process.on('disconnect', () => void shutdown())
}
