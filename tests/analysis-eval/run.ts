// `npm run eval:analyzer`: the built-in analyzer over the labelled set (descriptions and the sample
// documents), a row per case, the totals and issue 14's aims with the cases that miss them. A
// report: missed aims do not change the exit code (the vitest test asserts them); a crash does.
//
//   node --import tsx tests/analysis-eval/run.ts            every case
//   node --import tsx tests/analysis-eval/run.ts sv- doc-   only cases whose id contains "sv-" or "doc-"
import { ALL_CASES } from './cases/index.ts'
import { runEvaluation } from './evaluate.ts'
import { formatRun } from './report.ts'

const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'))
const cases = ALL_CASES.filter((evalCase) => filters.length === 0 || filters.some((filter) => evalCase.id.includes(filter)))
const started = performance.now()
runEvaluation({ cases }).then(
  (run) => {
    console.log(formatRun(run))
    if (!run.samplesAvailable) console.log('\nThe sample documents were not found: document cases skipped.')
    console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`)
    process.exit(0)
  },
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
