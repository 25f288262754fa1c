import { PRODUCT_NAME } from '../config.ts'
import { LogoMark } from './icons.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { buttonClassName } from './ui/button.tsx'

/**
 * The signed-out header: logo, theme toggle and a Login button to /auth. Plain links, so the light
 * landing entry (no router) and the application show the same header.
 */
export function PublicHeader() {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a
          href="/"
          className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md text-lg font-bold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <LogoMark className="size-8" />
          <span>{PRODUCT_NAME}</span>
        </a>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <a href="/auth" className={buttonClassName('default', 'default', 'min-h-11')}>
            Login
          </a>
        </div>
      </div>
    </header>
  )
}
