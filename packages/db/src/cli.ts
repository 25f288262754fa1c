// The database command line: see commands.ts for the commands and their options.
import { runDatabaseCommand } from './commands.ts'

process.exitCode = await runDatabaseCommand(process.argv.slice(2))
// The schema engine may leave timers behind; a finished command should not wait for them.
process.exit()
