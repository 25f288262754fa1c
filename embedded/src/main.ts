// `npm start`: the whole product in one process on embedded defaults.
import { createLogger, handleShutdown, loadConfigOrExit } from '@valueproof/service-kit'
import { embeddedConfigSchema } from './config.ts'
import { startEmbeddedStack } from './stack.ts'

const config = loadConfigOrExit(embeddedConfigSchema)
const logger = createLogger({ name: 'valueproof', level: config.LOG_LEVEL })
const stack = await startEmbeddedStack(config, logger)
logger.info({ url: stack.url, dataDir: config.DATA_DIR }, `ValueProof is running at ${stack.url}`)
if (config.LOG_LEVEL !== 'silent') console.log(`ValueProof is running at ${stack.url}`)
handleShutdown({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, steps: [{ name: 'stack', stop: () => stack.stop() }] })
