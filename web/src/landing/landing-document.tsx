import { PublicFooter } from '../components/public-footer.tsx'
import { PublicHeader } from '../components/public-header.tsx'
import { LandingPage } from './landing-page.tsx'

/** The whole light landing entry (landing.html): the application's signed-out layout around the landing page. */
export function LandingDocument() {
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:px-4 focus:py-2 focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <PublicHeader />
        <main id="main" className="flex flex-1 flex-col">
          <LandingPage />
        </main>
        <PublicFooter />
      </div>
    </>
  )
}
