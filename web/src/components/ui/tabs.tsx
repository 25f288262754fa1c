import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { classNames } from './class-names.ts'

export interface TabItem<Value extends string> {
  value: Value
  label: string
}

/**
 * WAI-ARIA tabs (automatic activation: arrow keys, Home and End move and select). Only the active
 * panel is rendered.
 */
export function Tabs<Value extends string>({
  label,
  items,
  value,
  onValueChange,
  children,
  className,
}: {
  label: string
  items: readonly TabItem<Value>[]
  value: Value
  onValueChange: (value: Value) => void
  children: ReactNode
  className?: string
}) {
  const baseId = useId()
  const tabRefs = useRef(new Map<Value, HTMLButtonElement>())
  const tabId = (item: Value) => `${baseId}-tab-${item}`
  const panelId = (item: Value) => `${baseId}-panel-${item}`

  function select(index: number) {
    const item = items[(index + items.length) % items.length]
    if (item === undefined) return
    onValueChange(item.value)
    tabRefs.current.get(item.value)?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.value === value)
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: items.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid w-full grid-cols-2 items-center gap-1 rounded-md bg-muted p-1 text-muted-foreground sm:grid-flow-col sm:grid-cols-none"
      >
        {items.map((item) => {
          const selected = item.value === value
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element)
                else tabRefs.current.delete(item.value)
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={classNames(
                'inline-flex min-h-11 items-center justify-center rounded-sm px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                selected ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} tabIndex={0} className="mt-4 focus-visible:outline-none">
        {children}
      </div>
    </div>
  )
}
