/** One figure of a benchmark module, as `tests/bench/run.ts` prints it and writes it to bench-results.json. */
export interface BenchResult {
  name: string
  value: number
  unit: string
  /** What the figure is compared with, measured in the same run. */
  baseline?: { name: string; value: number }
  /** value / baseline.value (or whatever the module defines as the comparison). */
  ratio?: number
  /** Human-readable budget, e.g. "≥ 0.30 × baseline"; absent for informational figures. */
  budget?: string
  /** Whether the budget is met; absent means informational (INFO). */
  pass?: boolean
  /** Short remark printed with the figure (a caveat about the measurement, what it counts). */
  note?: string
  /** The part could not run here (e.g. missing infrastructure); value is meaningless (NaN). */
  skipped?: boolean
  /** The part failed; value is meaningless (NaN). The runner reports ERROR and exits non-zero. */
  error?: string
}
