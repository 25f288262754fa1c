import { Brand } from './brand.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { ButtonLink } from './ui/button-link.tsx'

/** The signed-out header: logo, theme toggle and a Login button to /auth. */
export function PublicHeader() {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Brand />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <ButtonLink to="/auth">Login</ButtonLink>
        </div>
      </div>
    </header>
  )
}
