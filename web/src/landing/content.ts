// The landing page's marketing content (issue 18): every claim, testimonial and pricing line in one
// place, so an operator replaces the copy without touching a component. Plan facts (limits, price)
// come from packages/contracts, so the page cannot promise what billing does not sell.
//
// The testimonials below are SAMPLE content shipped with the product: replace them with your own
// customers' words (and their consent) before the page goes live. The portraits are drawn by the
// project (web/src/assets/portraits/, kept self-contained by portraits.test.ts); import your
// customers' photos here instead. `?no-inline` keeps each a file of its own (cached, loaded lazily)
// rather than a data: URL inside the page's script.
import { CALCULATOR_LIMITS, PRO_PRICE } from '@valueproof/contracts/plans'
import davidChen from '../assets/portraits/david-chen.svg?no-inline'
import erikJohansson from '../assets/portraits/erik-johansson.svg?no-inline'
import jamesOkafor from '../assets/portraits/james-okafor.svg?no-inline'
import mariaLindqvist from '../assets/portraits/maria-lindqvist.svg?no-inline'
import priyaRaman from '../assets/portraits/priya-raman.svg?no-inline'
import sofiaAlvarez from '../assets/portraits/sofia-alvarez.svg?no-inline'

export interface Testimonial {
  quote: string
  name: string
  role: string
  company: string
  /** The portrait's URL: a file the product serves itself, never a hot-linked image. */
  portrait: string
}

export interface PricingPlan {
  id: 'free' | 'pro'
  name: string
  price: string
  period: string
  features: readonly string[]
  cta: string
  /** 'Most Popular' on Pro (SPEC §1). */
  badge?: string
  /** What the CTA_CLICK conversion reports for this plan's button. */
  amount?: { value: number; currency: string }
}

export interface Step {
  title: string
  text: string
}

/** Where every call to action leads: the Register tab of /auth. */
export const SIGN_UP_PATH = '/auth?tab=register'

export const hero = {
  eyebrow: 'ROI calculators for B2B sales',
  title: 'Prove ROI instantly',
  text: 'Upload a proposal, get an interactive calculator, share it with prospects.',
  detail: 'Every figure your prospect sees is traced to your document or your words, or clearly marked as an estimate to adjust.',
  primaryCta: 'Create your first calculator',
  secondaryCta: 'Try the live demo',
} as const

export const demo = {
  title: 'See what better proposals are worth',
  text: 'Move the sliders: the figures follow, as they will in the calculators you send.',
  dealsLabel: 'Deals per month',
  dealSizeLabel: 'Average deal size',
  additionalDealsLabel: 'Additional deals per month',
  monthlyRevenueLabel: 'Additional revenue per month',
  annualRevenueLabel: 'Additional revenue per year',
  /** The demo's one assumption, shown under its result (SPEC §9: additional deals = 25% of deals). */
  assumption: 'Illustration: assumes 25% more deals closed at the same deal size, the low end of the close-rate gains below.',
} as const

export const problem = {
  title: 'Prospects do not believe vendor ROI math',
  points: [
    {
      title: 'Spreadsheets nobody opens',
      text: 'A static ROI sheet attached to an e-mail gets forwarded, not read. Buyers want to try their own numbers.',
    },
    {
      title: 'Figures without a source',
      text: 'When a saving cannot be traced to anything the buyer recognises, finance discounts it to zero.',
    },
    {
      title: 'Hours lost per proposal',
      text: 'Sales people rebuild the same business case for every deal instead of talking to customers.',
    },
  ],
} as const

export const howItWorks = {
  title: 'How it works',
  text: 'ValueProof reads what you already have — a proposal, a contract, a few sentences about your service — and builds the business case from it.',
  points: [
    { title: 'Your figures, traced', text: 'Each value in the calculator quotes the line of your document it came from.' },
    { title: 'Estimates marked', text: 'Where a figure is missing, the calculator says it is an estimate for the prospect to adjust.' },
    { title: 'Your prospect’s language', text: 'Calculators and proposals in English or Swedish, in USD, EUR or SEK.' },
  ],
} as const

export const steps = {
  title: 'Three steps to a proposal that sells',
  items: [
    { title: 'Upload or describe', text: 'Drop in a PDF or Word proposal, or describe your service in your own words.' },
    { title: 'Get a live calculator', text: 'Sliders for your prospect’s volumes and a formula you can read and edit.' },
    { title: 'Share with prospects', text: 'Send a link — with an access code if you like — to a proposal built around the numbers.' },
  ] satisfies readonly Step[],
} as const

export const results = {
  title: 'Results sales teams report',
  items: [
    { figure: '75%', label: 'less time building proposals' },
    { figure: '25-40%', label: 'higher close rates' },
  ],
} as const

export const pricing = {
  title: 'Simple pricing',
  text: 'Start free. Upgrade when your pipeline grows.',
  plans: [
    {
      id: 'free',
      name: 'Free',
      price: '$0',
      period: 'free forever',
      features: [`${CALCULATOR_LIMITS.free} calculators per month`, 'ValueProof branding', 'Email support'],
      cta: 'Get Started',
    },
    {
      id: 'pro',
      name: 'Pro',
      price: `$${(PRO_PRICE.amountMinor / 100).toFixed(2)}`,
      period: `per ${PRO_PRICE.interval}`,
      features: [
        `${CALCULATOR_LIMITS.pro} calculators per month`,
        'Custom branding',
        'Analytics dashboard',
        'Priority support',
        'Calculator templates',
      ],
      cta: 'Start Free Trial',
      badge: 'Most Popular',
      amount: { value: PRO_PRICE.amountMinor / 100, currency: PRO_PRICE.currency.toUpperCase() },
    },
  ] satisfies readonly PricingPlan[],
} as const

export const testimonialsSection = {
  title: 'Sales teams that prove their value',
  items: [
    {
      quote: 'Our buyers used to challenge every saving we claimed. Now they move the sliders themselves and sign off on the numbers.',
      name: 'Maria Lindqvist',
      role: 'Head of Sales',
      company: 'Nordhavn Logistics',
      portrait: mariaLindqvist,
    },
    {
      quote: 'I turned a twelve-page proposal into a calculator in a minute, and every figure pointed back to the page it came from.',
      name: 'James Okafor',
      role: 'Account Executive',
      company: 'Brightline Software',
      portrait: jamesOkafor,
    },
    {
      quote: 'The estimates are marked as estimates. That honesty is exactly why our prospects’ finance teams trust the rest.',
      name: 'Priya Raman',
      role: 'VP Revenue',
      company: 'Cloudmesh Analytics',
      portrait: priyaRaman,
    },
    {
      quote: 'Our customers get the calculator in Swedish and in kronor. That makes the difference when their CFO signs off on the deal.',
      name: 'Erik Johansson',
      role: 'Sales Director',
      company: 'Skärgård Energi',
      portrait: erikJohansson,
    },
    {
      quote: 'As a one-person consultancy I finally send proposals that look like they came from a big firm.',
      name: 'Sofia Alvarez',
      role: 'Founder',
      company: 'Alvarez Consulting',
      portrait: sofiaAlvarez,
    },
    {
      quote: 'Security is a hard ROI story. A live calculator made the cost of an incident concrete for the board.',
      name: 'David Chen',
      role: 'Enterprise Account Executive',
      company: 'Helix Security',
      portrait: davidChen,
    },
  ] satisfies readonly Testimonial[],
} as const

export const finalCta = {
  title: 'Send your next proposal with the numbers built in',
  text: `Free for ${CALCULATOR_LIMITS.free} calculators a month. No credit card needed.`,
  cta: 'Create your free account',
} as const
