// The value streams of the figures panel (issue 36): each with its kind and value per year, to
// switch or remove, and a stream of any kind to add, refilled from the figures found.
import type { FigureBuild, FigureChoices, StreamKind } from '@valueproof/analyzer'
import { formatMoney, type Currency } from '@valueproof/formula'
import { useId, useState } from 'react'
import { STREAM_CHOICES, withAddedStream, withoutStream, withStreamKind } from '../../calculator/figures.ts'
import { Button } from '../ui/button.tsx'
import { INLINE_SELECT } from './edit-fields.tsx'

const SELECT = INLINE_SELECT

function kindOf(value: string): StreamKind | undefined {
  return STREAM_CHOICES.find((choice) => choice.value === value)?.value
}

export function FigureStreams({
  build,
  choices,
  currency,
  onChoose,
}: {
  build: FigureBuild
  choices: FigureChoices
  currency: Currency
  onChoose: (choices: FigureChoices) => void
}) {
  const headingId = useId()
  const [adding, setAdding] = useState<StreamKind>('time')
  const added = choices.addedStreams ?? []
  // The added streams come after the text's own, in the order they were added.
  const firstAdded = build.streams.length - added.length
  return (
    <div className="grid gap-2" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold">
        Value streams
      </h3>
      {build.streams.length === 0 ? (
        <p className="text-sm text-muted-foreground">No value stream: give figures their roles, or add a stream.</p>
      ) : (
        <ul className="grid gap-2">
          {build.streams.map((stream, index) => (
            <li key={stream.key} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2" data-stream={stream.kind}>
              <select
                aria-label={`Kind of value stream ${index + 1}`}
                className={SELECT}
                value={stream.kind}
                onChange={(event) => {
                  const kind = kindOf(event.target.value)
                  if (kind !== undefined) onChoose(withStreamKind(choices, stream.key, kind))
                }}
              >
                {STREAM_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <span className="text-sm tabular-nums" data-stream-yearly>
                {formatMoney(stream.yearly, currency)} a year
              </span>
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                aria-label={`Remove value stream ${index + 1}`}
                onClick={() => onChoose(withoutStream(choices, stream.key, index >= firstAdded ? index - firstAdded : undefined))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Kind of value stream to add"
          className={SELECT}
          value={adding}
          onChange={(event) => setAdding(kindOf(event.target.value) ?? 'time')}
        >
          {STREAM_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <Button variant="outline" size="sm" onClick={() => onChoose(withAddedStream(choices, adding))}>
          Add value stream
        </Button>
      </div>
    </div>
  )
}
