// The figures beside the calculator (issue 36): every figure the analyzer read from the kept
// calculator's own document or description, with its quote, page and role. The seller changes a
// figure's role, or adds, removes and switches value streams, and the calculator is rebuilt at once
// by the analyzer's own composition — no generation, no use of the allowance.
import type { FigureBuild, FigureChoices, FigureReading } from '@valueproof/analyzer'
import type { FigureChoicesKept } from '@valueproof/contracts'
import { validateCalculatorData, type CalculatorData, type CalculatorPriceInput } from '@valueproof/formula'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import {
  hasChoices,
  keptChoices,
  loadAnalyzer,
  readingOf,
  readingSettings,
  rebuiltConfig,
  type Analyzer,
} from '../../calculator/figures.ts'
import { calculatorSourceQuery } from '../../calculator/saved-api.ts'
import { FigureList } from './figure-list.tsx'
import { FigureStreams } from './figure-streams.tsx'
import { YourPrice } from './your-price.tsx'

export interface FiguresPanelProps {
  /** The kept calculator: its own text is read again. */
  calculatorId: string
  config: CalculatorData
  /** The document's file name (a hint to the document's domain, as at generation). */
  fileName?: string | undefined
  /** The seller's choices as the server keeps them with the calculator. */
  kept: FigureChoicesKept | undefined
  /** The rebuilt calculator and the choices that built it: applied and kept like an edit. */
  onRebuilt: (config: CalculatorData, figures: FigureChoicesKept | null) => void
  /** The seller's price: applied and kept like an edit (undefined: no price, SPEC §9's estimate). */
  onPrice: (price: CalculatorPriceInput | undefined) => void
}

export function FiguresPanel(props: FiguresPanelProps) {
  const source = useQuery(calculatorSourceQuery(props.calculatorId))
  const analyzer = useQuery({ queryKey: ['analyzer'], queryFn: loadAnalyzer, staleTime: Infinity })
  const failed = source.error ?? analyzer.error
  // Read once per text and settings (a 52-page document takes a tenth of a second), not on each rebuild.
  const { complexity, language, currency } = readingSettings(props.config)
  const reading = useMemo(
    () =>
      analyzer.data === undefined || source.data === undefined || source.data.kind === 'template'
        ? undefined
        : readingOf(analyzer.data, source.data, { complexity, language, currency }, props.fileName),
    [analyzer.data, source.data, complexity, language, currency, props.fileName],
  )
  return (
    <section
      aria-labelledby="figures-heading"
      className="grid gap-5 rounded-lg border bg-card p-4 shadow-sm sm:p-5"
      data-testid="figures-panel"
    >
      <div className="grid gap-1">
        <h2 id="figures-heading" className="text-lg font-semibold">
          Put this calculator right
        </h2>
        <p className="text-sm text-muted-foreground">
          Set your price, give a figure from your {source.data?.kind === 'document' ? 'document' : 'text'} its role or leave it out, and add
          or remove value streams: the calculator is rebuilt at once, without a new generation.
        </p>
      </div>
      <YourPrice key={JSON.stringify(props.config.price ?? null)} config={props.config} onPrice={props.onPrice} />
      {source.data?.kind === 'template' ? null : failed !== null ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          The figures could not be read: {failed instanceof Error ? failed.message : String(failed)}
        </p>
      ) : source.data === undefined || analyzer.data === undefined ? (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the figures…
        </p>
      ) : reading === undefined ? (
        <p className="text-sm text-muted-foreground">
          The text this calculator was made from is not kept, so there are no figures to show.
        </p>
      ) : (
        <ReadFigures {...props} analyzer={analyzer.data} reading={reading} />
      )}
    </section>
  )
}

/** The calculator a build makes, as the seller's (a price they entered stays), or undefined when it does not validate. */
function sellersCalculator(build: FigureBuild, current: CalculatorData, analyzerNames: readonly string[]): CalculatorData | undefined {
  const rebuilt = validateCalculatorData(rebuiltConfig(build.calculatorData, current, analyzerNames))
  if (rebuilt.ok) return rebuilt.calculatorData
  const plain = validateCalculatorData({ ...build.calculatorData, name: current.name })
  return plain.ok ? plain.calculatorData : undefined
}

function ReadFigures({ kept, config, onRebuilt, analyzer, reading }: FiguresPanelProps & { analyzer: Analyzer; reading: FigureReading }) {
  // Choices made for another build of this calculator (regenerated, edited by hand) start again from the text.
  const [stored] = useState(() => kept ?? { choices: {}, formula: '' })
  // The choices and the build they make, composed once per choice (in its handler), again only for another reading.
  const [shown, setShown] = useState(() => {
    const initial: FigureChoices = stored.formula === config.formula ? stored.choices : {}
    return { reading, choices: initial, build: analyzer.buildFromFigures(reading, initial) }
  })
  if (shown.reading !== reading) setShown({ reading, choices: shown.choices, build: analyzer.buildFromFigures(reading, shown.choices) })
  const { choices, build } = shown
  // The names builds gave this calculator: the first guess's, and the last rebuild's.
  const analyzerNames = useMemo(
    () => [analyzer.buildFromFigures(reading).calculatorData.name, ...(stored.name === undefined ? [] : [stored.name])],
    [analyzer, reading, stored],
  )
  const [problem, setProblem] = useState<string>()
  const lastName = useRef<string | undefined>(undefined)
  // A calculator not made from these figures as they stand (OpenAI's, or edited by hand): "used" is what its inputs quote.
  const ownBuild = build.calculatorData.formula === config.formula
  const quoted = useMemo(() => quotedTexts(config), [config])

  function choose(next: FigureChoices) {
    const nextBuild = analyzer.buildFromFigures(reading, next)
    const rebuilt = sellersCalculator(nextBuild, config, [...analyzerNames, lastName.current ?? ''])
    if (rebuilt === undefined) {
      setProblem('That choice leaves no calculator the figures can make. Choose another role.')
      return
    }
    setProblem(undefined)
    setShown({ reading, choices: next, build: nextBuild })
    lastName.current = nextBuild.calculatorData.name
    onRebuilt(rebuilt, hasChoices(next) ? keptChoices(next, rebuilt.formula, nextBuild.calculatorData.name) : null)
  }

  return (
    <div className="grid gap-5">
      {problem !== undefined && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-400">
          {problem}
        </p>
      )}
      <FigureStreams build={build} choices={choices} currency={config.baseCurrency} onChoose={choose} />
      <FigureList
        figures={build.figures}
        used={(figure) => (ownBuild ? figure.used : quoted.some((quote) => quote.includes(figure.text)))}
        choices={choices}
        onChoose={choose}
      />
    </div>
  )
}

/** The passages a calculator's inputs and price quote. */
function quotedTexts(config: CalculatorData): string[] {
  const sources = [...config.parameters.map((parameter) => parameter.source), config.price?.source]
  return sources.flatMap((source) => (source !== undefined && 'quote' in source && source.quote !== undefined ? [source.quote] : []))
}
