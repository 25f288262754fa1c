import {
  assumptionNoteOf,
  createCalculator,
  calculatorTexts,
  sliderSettings,
  valueFieldSlider,
  type CalculatorData,
  type CalculatorParameter,
  type CalculatorTexts,
  type Currency,
  type ParameterSource,
  type CalculatorResult,
  type SliderSettings,
  moneyDisplayOf,
  numberLocaleOf,
} from '@valueproof/formula'
import { useId, useMemo, useState, type ChangeEvent, type ReactNode } from 'react'
import { Results } from './calculator-results.tsx'
import { FixedInput, FoldedText } from './live-calculator-parts.tsx'

/** One input of the calculator: a parameter, or a value calculator's input field. */
export interface CalculatorInput {
  name: string
  label: string
  description: string | undefined
  unit: string | undefined
  slider: SliderSettings
  source: ParameterSource | undefined
  /** A parameter (with a source); false for a value calculator's own input field. */
  isParameter: boolean
  /** How the prospect meets it (issue 36): a slider with its number, a number field, or a fixed figure. */
  type: CalculatorParameter['type']
}

/** The inputs a prospect can move, in the order the card shows them. */
export function calculatorInputs(calculatorData: CalculatorData): CalculatorInput[] {
  const inputs: CalculatorInput[] = calculatorData.parameters.map((parameter) => ({
    name: parameter.name,
    label: parameter.label,
    description: parameter.description,
    unit: parameter.unit,
    slider: sliderSettings(parameter),
    source: parameter.source,
    isParameter: true,
    type: parameter.type,
  }))
  if (calculatorData.calculatorType === 'value') {
    for (const field of calculatorData.valueFields) {
      if (field.calculated) continue
      inputs.push({
        name: field.name,
        label: field.label,
        description: field.description,
        unit: field.unit,
        slider: valueFieldSlider(field),
        source: undefined,
        isParameter: false,
        type: 'slider',
      })
    }
  }
  return inputs
}

/** Whether a calculator has anything to show: at least one input or value field. */
export function hasCalculatorContent(calculatorData: CalculatorData): boolean {
  return calculatorData.parameters.length > 0 || calculatorData.valueFields.length > 0
}

export interface LiveCalculatorProps {
  calculatorData: CalculatorData
  /**
   * The inputs' values when the caller keeps them (the generator screen stores them, SPEC §3); the
   * calculator keeps its own, starting from the defaults, when absent.
   */
  values?: Record<string, number> | undefined
  onValuesChange?: ((values: Record<string, number>) => void) | undefined
  /** Money in this currency, converted from the calculator's baseCurrency at SPEC §9's rates; default baseCurrency. */
  displayCurrency?: Currency | undefined
  /** The locale a screen fixes for an English calculator's numbers (SPEC §9's generator screen); default the currency's own. A Swedish calculator is always written in sv-SE. */
  moneyLocale?: string | undefined
  /** Show under each input where its default came from (a quoted passage and page, or an assumption). */
  showSources?: boolean
  /** Told each change of an input with the result then shown (the prospect's page reports it, issue 19). */
  onInputChange?: ((name: string, value: number, result: CalculatorResult) => void) | undefined
  /** The seller's tools under each input (issue 36: shape it, confirm its figure). */
  inputTools?: ((input: CalculatorInput) => ReactNode) | undefined
  /** Drawn instead of the calculator's name as its heading (the seller renames it in place); given the heading's id. */
  renderTitle?: ((headingId: string) => ReactNode) | undefined
}

/**
 * The live calculator: a slider and a number input per input, and every figure recomputed by
 * @valueproof/formula on each change (SPEC §9). Used by the proposal page and the generator screen.
 */
export function LiveCalculator({
  calculatorData,
  values: givenValues,
  onValuesChange,
  displayCurrency,
  moneyLocale,
  showSources = false,
  onInputChange,
  inputTools,
  renderTitle,
}: LiveCalculatorProps) {
  const calculator = useMemo(() => createCalculator(calculatorData), [calculatorData])
  const inputs = useMemo(() => calculatorInputs(calculatorData), [calculatorData])
  const [ownValues, setOwnValues] = useState<Record<string, number>>(() => calculator.initialValues())
  const values = givenValues ?? ownValues
  const result = useMemo(() => calculator.compute(values), [calculator, values])
  const texts = calculatorTexts(calculatorData.language)
  const money = moneyDisplayOf(calculatorData, displayCurrency, moneyLocale)
  const numberLocale = numberLocaleOf(money)
  const headingId = useId()

  function change(name: string, value: number) {
    const next = { ...values, [name]: value }
    if (givenValues === undefined) setOwnValues(next)
    onValuesChange?.(next)
    // Computed once more for the listener (a formula is microseconds): it is told what the page shows.
    onInputChange?.(name, value, calculator.compute(next))
  }

  return (
    <div className="rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6" aria-labelledby={headingId} role="group">
      {renderTitle === undefined ? (
        <h3 id={headingId} className="text-lg font-semibold">
          {calculatorData.name}
        </h3>
      ) : (
        renderTitle(headingId)
      )}
      {calculatorData.description.trim() !== '' && <p className="mt-1 text-sm text-muted-foreground">{calculatorData.description}</p>}
      {inputs.length > 0 && (
        <div className="mt-6 grid gap-6">
          {inputs.map((input) =>
            // The seller's own card keeps a fixed input editable: the seller sets the figure the prospect sees.
            input.type === 'fixed' && !showSources ? (
              <FixedInput
                key={input.name}
                name={input.name}
                label={input.label}
                value={values[input.name] ?? input.slider.initialValue}
                unit={input.unit}
                source={shownDescription(input, false, texts)}
                locale={numberLocale}
              />
            ) : (
              <InputControl
                key={input.name}
                input={input}
                value={values[input.name] ?? input.slider.initialValue}
                onChange={(value) => change(input.name, value)}
                showSource={showSources}
                texts={texts}
                locale={numberLocale}
                tools={inputTools?.(input)}
              />
            ),
          )}
        </div>
      )}
      <Results result={result} calculatorData={calculatorData} money={money} texts={texts} showSources={showSources} />
      {calculatorData.explanation.trim() !== '' && (
        <FoldedText
          text={calculatorData.explanation}
          language={calculatorData.language}
          className="mt-6 grid gap-1 text-sm text-muted-foreground"
        />
      )}
    </div>
  )
}

/** Where an input's default came from, in words (issue 4's parameter sources), for the seller. */
function SourceNote({ source, texts }: { source: ParameterSource | undefined; texts: CalculatorTexts }) {
  if (source === undefined || source.kind === 'assumption') {
    const checked = source?.confirmed === true
    return (
      <p data-source="assumption" data-checked={checked ? '' : undefined} className="text-xs text-muted-foreground">
        <span className="font-medium">{checked ? texts.checkedAssumption : texts.assumption}</span> {assumptionNoteOf(source?.note, texts)}
      </p>
    )
  }
  const ocr = source.kind === 'document' && source.ocr === true
  return (
    <p data-source={source.kind} data-ocr={ocr ? 'true' : undefined} className="text-xs text-muted-foreground">
      <span className="font-medium">{source.kind === 'document' ? texts.fromDocument(source.page, ocr) : texts.fromDescription}</span>{' '}
      <q className="italic">{source.quote}</q>
    </p>
  )
}

/**
 * What the prospect reads under an input instead of the seller's notes: one neutral source line in
 * the calculator's language ("From the proposal, p. 3", "Estimate — adjust to your situation").
 * A value calculator's own input fields keep their description: it says what the input is.
 */
function shownDescription(input: CalculatorInput, showSource: boolean, texts: CalculatorTexts): string | undefined {
  const source = input.source
  // The seller's screen says an assumption's note once, in the source line under the input.
  if (showSource && source?.kind === 'assumption' && input.description?.trim() === source.note?.trim()) return undefined
  if (showSource || !input.isParameter) return input.description
  if (source?.kind === 'assumption' && source.confirmed === true) return texts.prospectSource({ kind: 'checked' })
  if (source === undefined || source.kind === 'assumption') return texts.prospectSource({ kind: 'assumption' })
  return source.kind === 'document'
    ? texts.prospectSource({ kind: 'document', page: source.page })
    : texts.prospectSource({ kind: 'description' })
}

const plainNumber = (value: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 10 }).format(value)

function InputControl({
  input,
  value,
  onChange,
  showSource,
  texts,
  locale,
  tools,
}: {
  input: CalculatorInput
  value: number
  onChange: (value: number) => void
  showSource: boolean
  texts: CalculatorTexts
  locale: string
  tools?: ReactNode
}) {
  const id = useId()
  const { min, max, step } = input.slider
  // What the visitor typed, kept as typed so half-finished numbers ('1.', '-') are not overwritten.
  const [text, setText] = useState(String(value))
  // A value set from outside (reset to the defaults, restored) replaces the typed text.
  const [seenValue, setSeenValue] = useState(value)
  if (seenValue !== value) {
    setSeenValue(value)
    if (Number(text) !== value) setText(String(value))
  }
  const typed = text.trim() === '' ? Number.NaN : Number(text)
  const problem =
    !Number.isFinite(typed) || typed < min || typed > max
      ? texts.enterBetween(plainNumber(min, locale), plainNumber(max, locale))
      : undefined
  const description = shownDescription(input, showSource, texts)

  function onSlider(event: ChangeEvent<HTMLInputElement>) {
    const next = Number(event.target.value)
    setText(event.target.value)
    onChange(next)
  }

  function onNumber(event: ChangeEvent<HTMLInputElement>) {
    setText(event.target.value)
    const next = event.target.value.trim() === '' ? Number.NaN : Number(event.target.value)
    // Out-of-range numbers still count, clamped by the formula package (SPEC §5), and are flagged.
    if (Number.isFinite(next)) onChange(next)
  }

  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const sliderValue = Math.min(max, Math.max(min, value))
  return (
    <div className="grid gap-2" data-input={input.name} data-input-type={input.type}>
      <div className="flex items-baseline justify-between gap-4">
        <label id={labelId} htmlFor={`${id}-number`} className="text-sm font-medium">
          {input.label}
        </label>
        {input.unit !== undefined && input.unit.trim() !== '' && <span className="text-xs text-muted-foreground">{input.unit}</span>}
      </div>
      {description !== undefined && description.trim() !== '' && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div className="flex items-center gap-4">
        {input.type === 'slider' && (
          <input
            type="range"
            aria-labelledby={labelId}
            min={min}
            max={max}
            step={step}
            value={sliderValue}
            onChange={onSlider}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
          />
        )}
        <input
          id={`${id}-number`}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={text}
          onChange={onNumber}
          onBlur={() => {
            if (problem !== undefined) setText(String(sliderValue))
          }}
          aria-invalid={problem === undefined ? undefined : true}
          aria-describedby={
            [problem === undefined ? undefined : errorId, description === undefined ? undefined : descriptionId]
              .filter(Boolean)
              .join(' ') || undefined
          }
          className="h-10 w-32 rounded-md border border-input bg-background px-3 py-2 text-right text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none aria-invalid:border-destructive sm:text-sm"
        />
      </div>
      {showSource && input.isParameter && <SourceNote source={input.source} texts={texts} />}
      {tools}
      {problem !== undefined && (
        <p id={errorId} className="text-xs font-medium text-destructive dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  )
}
