import { finalCta, hero, SIGN_UP_PATH } from './content.ts'
import { CtaLink } from './cta-link.tsx'
import { DemoCalculator } from './demo-calculator.tsx'
import { PricingSection } from './pricing-section.tsx'
import { HowItWorksSection, ProblemSection, ResultsSection, StepsSection } from './story-sections.tsx'
import { TestimonialsSection } from './testimonials-section.tsx'

function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="mx-auto w-full max-w-4xl px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{hero.eyebrow}</p>
      <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-6xl">
        {hero.title}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg sm:text-xl">{hero.text}</p>
      <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{hero.detail}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <CtaLink href={SIGN_UP_PATH}>{hero.primaryCta}</CtaLink>
        <CtaLink href="#demo" variant="outline">
          {hero.secondaryCta}
        </CtaLink>
      </div>
    </section>
  )
}

function FinalCtaSection() {
  return (
    <section aria-labelledby="final-cta-title" className="mx-auto max-w-4xl px-4 py-20 text-center">
      <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight">
        {finalCta.title}
      </h2>
      <p className="mt-3 text-muted-foreground">{finalCta.text}</p>
      <CtaLink href={SIGN_UP_PATH} className="mt-8">
        {finalCta.cta}
      </CtaLink>
    </section>
  )
}

/**
 * The signed-out landing page's body (SPEC §2), in order: hero, live demo, problem, how it works,
 * three steps, results, pricing, testimonials, final call to action. It uses no router, so the light
 * landing entry (landing-main.tsx) and the application's / route render the same page.
 */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <DemoCalculator />
      <ProblemSection />
      <HowItWorksSection />
      <StepsSection />
      <ResultsSection />
      <PricingSection />
      <TestimonialsSection />
      <FinalCtaSection />
    </>
  )
}
