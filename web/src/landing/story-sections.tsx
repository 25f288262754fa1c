import { CheckIcon } from '../components/icons.tsx'
import { howItWorks, problem, results, steps } from './content.ts'

// The landing page's argument, in SPEC §2's order: the problem, how ValueProof answers it, the three
// steps, and the results customers report. All words come from content.ts.

const sectionClassName = 'mx-auto max-w-6xl px-4 py-16'
const titleClassName = 'text-3xl font-bold tracking-tight'

export function ProblemSection() {
  return (
    <section aria-labelledby="problem-title" className={sectionClassName}>
      <h2 id="problem-title" className={titleClassName}>
        {problem.title}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {problem.points.map((point) => (
          <li key={point.title} className="rounded-lg border bg-card p-6 text-card-foreground">
            <h3 className="font-semibold">{point.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{point.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" className="border-y bg-muted/40">
      <div className={sectionClassName}>
        <h2 id="how-title" className={titleClassName}>
          {howItWorks.title}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{howItWorks.text}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {howItWorks.points.map((point) => (
            <li key={point.title} className="flex gap-3">
              <CheckIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{point.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function StepsSection() {
  return (
    <section aria-labelledby="steps-title" className={sectionClassName}>
      <h2 id="steps-title" className={titleClassName}>
        {steps.title}
      </h2>
      <ol className="mt-8 grid gap-6 md:grid-cols-3">
        {steps.items.map((step, index) => (
          <li key={step.title} className="rounded-lg border bg-card p-6 text-card-foreground">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

export function ResultsSection() {
  return (
    <section aria-labelledby="results-title" className="bg-primary text-primary-foreground">
      <div className={sectionClassName}>
        <h2 id="results-title" className={titleClassName}>
          {results.title}
        </h2>
        <dl className="mt-8 grid gap-8 sm:grid-cols-2">
          {results.items.map((item) => (
            // The figure reads first on screen; the term (its label) still comes first in the markup.
            <div key={item.label} className="flex flex-col-reverse">
              <dt className="mt-2 text-lg">{item.label}</dt>
              <dd className="text-5xl font-extrabold tracking-tight">{item.figure}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
