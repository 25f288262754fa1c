// A Pro seller's brand colour (issue 37) is used for the page's accents and the call-to-action
// button with white text, in light and dark themes: it must read as text on white and carry white
// text (WCAG 2.1 contrast ≥ 4.5:1), and stand out on the dark theme's background (≥ 3:1, a UI part).

export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/i
/** The dark theme's page background (web/src/styles.css --background in .dark). */
export const DARK_BACKGROUND = '#0a0a0a'
export const BRAND_CONTRAST_ON_WHITE = 4.5
export const BRAND_CONTRAST_ON_DARK = 3

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of #rrggbb. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)
}

export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number]
  return (lighter + 0.05) / (darker + 0.05)
}

export type BrandColorProblem = 'format' | 'light' | 'dark'

/** What keeps a colour from being a brand colour: not #rrggbb, too light against white, or too dark against the dark theme. */
export function brandColorProblem(color: string): BrandColorProblem | undefined {
  if (!BRAND_COLOR_PATTERN.test(color)) return 'format'
  if (contrastRatio(color, '#ffffff') < BRAND_CONTRAST_ON_WHITE) return 'light'
  if (contrastRatio(color, DARK_BACKGROUND) < BRAND_CONTRAST_ON_DARK) return 'dark'
  return undefined
}

export const BRAND_COLOR_MESSAGES: Readonly<Record<BrandColorProblem, string>> = {
  format: 'brandColor must be a colour as #rrggbb',
  light: `This colour is too light to read on white (contrast below ${BRAND_CONTRAST_ON_WHITE}:1). Choose a darker shade.`,
  dark: `This colour is too dark to see on the dark theme (contrast below ${BRAND_CONTRAST_ON_DARK}:1). Choose a lighter shade.`,
}
