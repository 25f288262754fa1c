// `npm run eval:analyzer`: the built-in analyzer over the labelled set (336 descriptions, 26 sample
// documents), a row per case, the totals for DEV and HELD-OUT apart, per language and for the cases
// quoting another currency, and issue 35's aims. A report: missed aims do not change the exit code
// (the vitest test holds the held-out floors); a crash does.
//
//   node --import tsx tests/analysis-eval/run.ts               every case
//   node --import tsx tests/analysis-eval/run.ts -sv w1-       only cases whose id contains "-sv" or "w1-"
//   node --import tsx tests/analysis-eval/run.ts --dev         the DEV side only, while a change is under way
import { missingDescriptionSources } from './cases/index.ts'
import { runEvaluation } from './evaluate.ts'
import { formatRun } from './report.ts'

const devOnly = process.argv.includes('--dev')
const filters = process.argv.slice(2).filter((argument) => argument !== '--dev')
const missing = missingDescriptionSources()
if (missing.length > 0) console.warn(`Missing description files (../shared is beside the repository): ${missing.join(', ')}`)

runEvaluation({ filters, ...(devOnly ? { splits: ['dev' as const] } : {}) }).then(
  (run) => {
    console.log(formatRun(run))
    console.log(`\n(${run.seconds.toFixed(1)} s)`)
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
