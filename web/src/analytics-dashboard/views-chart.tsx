// Views per day on the dashboard, drawn by uPlot (a small canvas chart, ~22 KB gzip, loaded with
// this module only). The colours are the theme's, read from its CSS variables, and the chart is
// drawn again when the theme changes. The line above it tells the day under the pointer (else the
// latest); screen readers get the figures as a table.
import type { AnalyticsDay } from '@valueproof/contracts'
import { useEffect, useRef, useState } from 'react'
import uPlot, { type AlignedData, type Options } from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTheme } from '../theme.ts'
import { formatCount, formatDay, plural } from './format.ts'

const HEIGHT = 200
const DAY_SECONDS = 86_400

function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim()
  return value === '' ? fallback : value
}

/** The answer's UTC day ('2026-01-05') of a point on the chart's axis (seconds since the epoch). */
const dayOf = (seconds: number): string => new Date(seconds * 1_000).toISOString().slice(0, 10)

function chartOptions(width: number, onHover: (index: number | undefined) => void): Options {
  const primary = themeColor('--primary', '#1d4ed8')
  const text = themeColor('--muted-foreground', '#475569')
  const grid = themeColor('--border', '#e2e8f0')
  return {
    width,
    height: HEIGHT,
    // Days are UTC days: shown as such, whatever the seller's time zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1_000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { points: { show: false }, drag: { x: false, y: false }, y: false },
    scales: {
      // Half a day either side, so the first and last bars are whole.
      x: { time: true, range: (_chart, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
      y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
    },
    series: [
      {},
      {
        label: 'Views',
        stroke: primary,
        fill: primary,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({ size: [0.7, 40], align: 0 }),
      },
    ],
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { stroke: grid, width: 1 },
        incrs: [DAY_SECONDS, 2 * DAY_SECONDS, 7 * DAY_SECONDS, 14 * DAY_SECONDS, 28 * DAY_SECONDS, 56 * DAY_SECONDS],
        values: (_chart, splits) => splits.map((seconds) => formatDay(dayOf(seconds))),
      },
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000],
        values: (_chart, splits) => splits.map((count) => formatCount(count)),
        size: 44,
      },
    ],
    hooks: { setCursor: [(chart) => onHover(chart.cursor.idx ?? undefined)] },
  }
}

export default function ViewsChart({ days, caption }: { days: AnalyticsDay[]; caption: string }) {
  const box = useRef<HTMLDivElement>(null)
  const { theme } = useTheme()
  const [hovered, setHovered] = useState<number | undefined>(undefined)
  const shown = days[hovered ?? days.length - 1]

  useEffect(() => {
    const element = box.current
    if (element === null) return
    const data: AlignedData = [days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1_000), days.map((day) => day.views)]
    const chart = new uPlot(chartOptions(element.clientWidth, setHovered), data, element)
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [days, theme])

  return (
    <figure className="grid min-w-0 gap-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">{caption}</span>
        {shown !== undefined && (
          <span className="text-sm text-muted-foreground tabular-nums" aria-hidden="true" data-testid="views-chart-day">
            {formatDay(shown.day, true)}: <span className="font-medium text-foreground">{plural(shown.views, 'view')}</span>
            {' · '}
            {plural(shown.uniqueVisitors, 'unique visitor')}
          </span>
        )}
      </figcaption>
      <div ref={box} aria-hidden="true" data-testid="views-chart" className="min-h-[200px] w-full min-w-0 overflow-hidden" />
      {/* A table is as wide as its cells whatever its own width: the clipping box around it keeps it off the page's width. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Unique visitors</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((day) => day.views > 0)
              .map((day) => (
                <tr key={day.day}>
                  <th scope="row">{formatDay(day.day, true)}</th>
                  <td>{formatCount(day.views)}</td>
                  <td>{formatCount(day.uniqueVisitors)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
