import { useTheme } from '../theme.ts'
import { MoonIcon, SunIcon } from './icons.tsx'
import { Button } from './ui/button.tsx'

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <Button variant="ghost" size="icon" className="size-11 shrink-0" onClick={toggleTheme} aria-label={label} title={label}>
      {theme === 'dark' ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </Button>
  )
}
