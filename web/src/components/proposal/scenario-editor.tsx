// The seller's conservative / expected / optimistic values per input (issue 20): a small table the
// owner edits, derived at ±N % on the improvement claims on request, saved with PATCH (or reset to
// the derived ones). Part of the owner's lazily loaded panel: prospects never download it.
import { deriveScenarios, formatMoney, SCENARIO_SPREAD_PERCENT, scenarioSet, type CalculatorData, type Scenario } from '@valueproof/formula'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { ApiError } from '../../api.ts'
import { saveProposalScenarios } from '../../queries/proposal-versions.ts'
import { Button } from '../ui/button.tsx'
import { classNames } from '../ui/class-names.ts'
import { Input } from '../ui/input.tsx'
import { toast } from '../ui/use-toast.ts'
import {
  cellText,
  checkDraft,
  draftOf,
  orderNote,
  scenarioRows,
  yearlyValues,
  type DraftProblem,
  type EditedScenario,
  type ScenarioDraft,
  type ScenarioRow,
} from './scenario-editor-rows.ts'

const SCENARIO_NAMES: Record<Scenario, string> = { conservative: 'Conservative', expected: 'Expected', optimistic: 'Optimistic' }
const cell = 'px-3 py-2 align-middle'
/** The derive spread the seller may ask for, in percent. */
const SPREAD_LIMITS = { min: 1, max: 100 } as const

function spreadProblem(text: string): string | undefined {
  const value = Number(text.trim())
  if (text.trim() === '' || !Number.isFinite(value) || value < SPREAD_LIMITS.min || value > SPREAD_LIMITS.max) {
    return `The spread must be a number from ${SPREAD_LIMITS.min} to ${SPREAD_LIMITS.max} (percent)`
  }
  return undefined
}

function InputName({ row }: { row: ScenarioRow }) {
  return (
    <>
      <span className="block">{row.label}</span>
      <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
        {row.claim ? 'Improvement claim' : "Prospect's own figure"}
        {row.unit !== undefined && row.unit.trim() !== '' ? ` · ${row.unit}` : ''}
      </span>
    </>
  )
}

function ValueCell({
  row,
  scenario,
  text,
  readOnly,
  problem,
  rowHeaderId,
  onChange,
}: {
  row: ScenarioRow
  scenario: EditedScenario
  text: string
  readOnly: boolean
  problem: DraftProblem | undefined
  /** The row's header: which input this cell is (its name is the scenario's, as the column says). */
  rowHeaderId: string
  onChange: (text: string) => void
}) {
  if (readOnly) return <td className={classNames(cell, 'text-right tabular-nums')}>{text}</td>
  return (
    <td className={cell}>
      <Input
        type="number"
        inputMode="decimal"
        step="any"
        min={row.min}
        max={row.max}
        value={text}
        aria-label={SCENARIO_NAMES[scenario]}
        aria-describedby={rowHeaderId}
        aria-invalid={problem === undefined ? undefined : true}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 min-w-20 text-right tabular-nums"
      />
    </td>
  )
}

function YearlyRow({ calculatorData, values }: { calculatorData: CalculatorData; values: Record<Scenario, number | undefined> }) {
  const money = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value, calculatorData.baseCurrency))
  return (
    <tr className="bg-muted/40 font-semibold">
      <th scope="row" className={cell}>
        Value per year
      </th>
      <td className={classNames(cell, 'text-right tabular-nums')} data-testid="scenario-yearly-conservative">
        {money(values.conservative)}
      </td>
      <td className={classNames(cell, 'text-right tabular-nums')} data-testid="scenario-yearly-expected">
        {money(values.expected)}
      </td>
      <td className={classNames(cell, 'text-right tabular-nums')} data-testid="scenario-yearly-optimistic">
        {money(values.optimistic)}
      </td>
    </tr>
  )
}

/** PATCH the scenarios (null: back to derived), then tell the page to load the proposal again. */
function useSave(proposalId: string, onSaved: () => void) {
  const [busy, setBusy] = useState<'save' | 'reset' | undefined>()
  const [failure, setFailure] = useState<string>()
  const run = async (kind: 'save' | 'reset', scenarios: Parameters<typeof saveProposalScenarios>[1]) => {
    setBusy(kind)
    setFailure(undefined)
    try {
      await saveProposalScenarios(proposalId, scenarios)
      toast({
        title: kind === 'save' ? 'Scenarios saved' : 'Scenarios reset to derived',
        description: 'Prospects get them on their next visit.',
      })
      onSaved()
    } catch (error) {
      const detail = error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined
      setFailure(detail ?? 'The scenarios could not be saved. Check your connection and try again.')
    } finally {
      setBusy(undefined)
    }
  }
  return { busy, failure, run }
}

/** Spread (%) and the derive button: fills the table with ±spread on the improvement claims (nothing is saved yet). */
function DeriveControl({ disabled, onDerive }: { disabled: boolean; onDerive: (spreadPercent: number) => void }) {
  const [spread, setSpread] = useState(String(SCENARIO_SPREAD_PERCENT))
  const spreadError = spreadProblem(spread)
  const spreadId = useId()
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={spreadId} className="text-xs font-medium text-muted-foreground">
            Spread (%)
          </label>
          <Input
            id={spreadId}
            type="number"
            inputMode="decimal"
            min={SPREAD_LIMITS.min}
            max={SPREAD_LIMITS.max}
            value={spread}
            aria-invalid={spreadError === undefined ? undefined : true}
            aria-describedby={spreadError === undefined ? undefined : `${spreadId}-error`}
            onChange={(event) => setSpread(event.target.value)}
            className="h-11 w-20 tabular-nums"
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          onClick={() => onDerive(Number(spread.trim()))}
          disabled={spreadError !== undefined || disabled}
        >
          Derive ±{spreadError === undefined ? Number(spread.trim()) : '…'}% on the improvement claims
        </Button>
      </div>
      {spreadError !== undefined && (
        <p id={`${spreadId}-error`} className="text-xs font-medium text-destructive dark:text-red-400">
          {spreadError}
        </p>
      )}
    </div>
  )
}

/** Conservative / expected / optimistic per input, and what each is worth per year. */
function ScenarioTable({
  calculatorData,
  rows,
  draft,
  readOnly,
  problems,
  onEdit,
}: {
  calculatorData: CalculatorData
  rows: readonly ScenarioRow[]
  draft: ScenarioDraft
  readOnly: boolean
  problems: readonly DraftProblem[]
  onEdit: (scenario: EditedScenario, name: string, text: string) => void
}) {
  const tableId = useId()
  const values = useMemo(() => yearlyValues(calculatorData, rows, draft), [calculatorData, rows, draft])
  const note = orderNote(values)
  const problemOf = (scenario: EditedScenario, name: string) =>
    problems.find((problem) => problem.scenario === scenario && problem.name === name)
  const valueCell = (row: ScenarioRow, scenario: EditedScenario) => (
    <ValueCell
      row={row}
      scenario={scenario}
      text={draft[scenario][row.name] ?? ''}
      readOnly={readOnly}
      problem={problemOf(scenario, row.name)}
      rowHeaderId={`${tableId}-${row.name}`}
      onChange={(text) => onEdit(scenario, row.name, text)}
    />
  )
  return (
    <>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className={classNames(cell, 'font-medium')}>
                Input
              </th>
              {(['conservative', 'expected', 'optimistic'] as const).map((scenario) => (
                <th key={scenario} scope="col" className={classNames(cell, 'text-right font-medium')}>
                  {SCENARIO_NAMES[scenario]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.name} data-input={row.name}>
                <th id={`${tableId}-${row.name}`} scope="row" className={classNames(cell, 'min-w-32 font-medium')}>
                  <InputName row={row} />
                </th>
                {valueCell(row, 'conservative')}
                <td className={classNames(cell, 'text-right tabular-nums')}>{cellText(row.expected)}</td>
                {valueCell(row, 'optimistic')}
              </tr>
            ))}
          </tbody>
          {values.expected !== undefined && (
            <tfoot>
              <YearlyRow calculatorData={calculatorData} values={values} />
            </tfoot>
          )}
        </table>
      </div>
      {note !== undefined && !readOnly && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{note}</p>}
    </>
  )
}

export function ScenarioEditor({
  proposalId,
  calculatorData,
  readOnly,
  onSaved,
}: {
  proposalId: string
  calculatorData: CalculatorData
  /** An agreed proposal: its scenarios are shown, not edited. */
  readOnly: boolean
  onSaved: () => void
}) {
  const rows = useMemo(() => scenarioRows(calculatorData), [calculatorData])
  const [draft, setDraft] = useState<ScenarioDraft>(() => draftOf(rows, scenarioSet(calculatorData)))
  const [problems, setProblems] = useState<DraftProblem[]>([])
  const save = useSave(proposalId, onSaved)
  const stored = calculatorData.scenarios !== undefined

  const edit = (scenario: EditedScenario, name: string, text: string) => {
    setDraft((current) => ({ ...current, [scenario]: { ...current[scenario], [name]: text } }))
    setProblems((current) => current.filter((problem) => problem.scenario !== scenario || problem.name !== name))
  }

  const derive = (spreadPercent: number) => {
    setDraft(draftOf(rows, deriveScenarios(calculatorData, spreadPercent)))
    setProblems([])
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const check = checkDraft(rows, draft)
    if (!check.ok) {
      setProblems(check.problems)
      return
    }
    setProblems([])
    void save.run('save', check.scenarios)
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <p className="text-sm text-muted-foreground">
        {stored ? 'You set these scenarios.' : `These scenarios are derived: ±${SCENARIO_SPREAD_PERCENT}% on the improvement claims.`}{' '}
        Expected is your own values, where the prospect&apos;s page starts; deriving never moves the prospect&apos;s own figures.
      </p>
      <ScenarioTable calculatorData={calculatorData} rows={rows} draft={draft} readOnly={readOnly} problems={problems} onEdit={edit} />
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive dark:text-red-400">
          {problems.map((problem) => (
            <li key={`${problem.scenario}-${problem.name}`}>{problem.message}</li>
          ))}
        </ul>
      )}
      {save.failure !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {save.failure}
        </p>
      )}
      {!readOnly && (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <DeriveControl disabled={save.busy !== undefined} onDerive={derive} />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              disabled={!stored || save.busy !== undefined}
              title={stored ? undefined : 'These scenarios are already the derived ones'}
              onClick={() => void save.run('reset', null)}
            >
              {save.busy === 'reset' ? 'Resetting...' : 'Reset to derived'}
            </Button>
            <Button type="submit" size="sm" className="min-h-11" disabled={save.busy !== undefined}>
              {save.busy === 'save' ? 'Saving...' : 'Save scenarios'}
            </Button>
          </div>
        </div>
      )}
    </form>
  )
}
