import { useCallback, useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

/** Keep in step with public/theme-init.js, which applies the saved theme before first paint. */
const STORAGE_KEY = 'valueproof-theme'

const listeners = new Set<() => void>()

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  document.documentElement.style.colorScheme = theme
  for (const listener of listeners) listener()
}

export function setTheme(theme: Theme): void {
  applyTheme(theme)
  try {
    window.localStorage.setItem(STORAGE_KEY, theme)
  } catch (error) {
    console.warn('Could not save the theme.', error)
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Another tab changed the theme: follow it. (No window when the landing page is prerendered at build time.)
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
      applyTheme(event.newValue)
    }
  })
}

/** The prerendered page is light; a dark visitor's page switches when it hydrates (theme-init.js sets the colours first). */
const serverTheme = (): Theme => 'light'

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, serverTheme)
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), [])
  return { theme, toggleTheme }
}
