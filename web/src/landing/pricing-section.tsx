import { CheckIcon } from '../components/icons.tsx'
import { classNames } from '../components/ui/class-names.ts'
import { pricing, SIGN_UP_PATH, type PricingPlan } from './content.ts'
import { CtaLink } from './cta-link.tsx'

function PlanCard({ plan }: { plan: PricingPlan }) {
  const featured = plan.badge !== undefined
  const titleId = `plan-${plan.id}-title`
  return (
    <li
      aria-labelledby={titleId}
      className={classNames(
        'relative flex flex-col rounded-xl border bg-card p-8 text-card-foreground shadow-sm',
        featured && 'border-2 border-primary',
      )}
    >
      {plan.badge !== undefined && (
        <p className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
          {plan.badge}
        </p>
      )}
      <h3 id={titleId} className="text-xl font-semibold">
        {plan.name}
      </h3>
      <p className="mt-4">
        <span className="text-4xl font-extrabold tracking-tight">{plan.price}</span>{' '}
        <span className="text-muted-foreground">{plan.period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <CtaLink
        href={SIGN_UP_PATH}
        variant={featured ? 'default' : 'outline'}
        className="mt-8 w-full"
        {...(plan.amount === undefined ? {} : { conversion: { amount: plan.amount.value, currency: plan.amount.currency } })}
      >
        {plan.cta}
      </CtaLink>
    </li>
  )
}

/** SPEC §1's Free and Pro plans, Pro labelled 'Most Popular' with 'Start Free Trial'. */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
      <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
        {pricing.title}
      </h2>
      <p className="mt-3 text-center text-muted-foreground">{pricing.text}</p>
      <ul className="mx-auto mt-10 grid max-w-4xl gap-8 md:grid-cols-2">
        {pricing.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
    </section>
  )
}
