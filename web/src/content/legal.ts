// The texts of /legal (SPEC §2, issue 18): every word of the terms in one place, so an operator edits
// them without touching a component. Numbers the product enforces (refund window, support hours,
// reply target, price, plan limits) come from packages/contracts, so the terms cannot promise
// something billing does not do; the support address and phone come from the server's configuration
// (GET /api/support) and are not written here.
//
// Change `lastUpdated` whenever the terms change.
import { CALCULATOR_LIMITS, PRO_PRICE, REFUND_WINDOW_DAYS, SUPPORT_HOURS, SUPPORT_REPLY_HOURS } from '@valueproof/contracts'
import type { LegalTab } from '../components/legal/legal-search.ts'
import { PRODUCT_NAME } from '../config.ts'

/** A titled part of a tab: paragraphs, then an optional list. */
export interface LegalSection {
  heading: string
  paragraphs?: readonly string[]
  points?: readonly string[]
}

export interface TermsTab {
  /** The tab's name (issue 18 fixes them). */
  label: string
  heading: string
  /** The tab in one or two sentences, shown first. */
  summary: string
  sections: readonly LegalSection[]
}

const proPrice = `$${(PRO_PRICE.amountMinor / 100).toFixed(2)}`
const freeLimit = CALCULATOR_LIMITS.free
const refundDays = REFUND_WINDOW_DAYS

export const legalPage = {
  title: 'Legal Information',
  intro: `The terms for using ${PRODUCT_NAME}, in plain language: how to reach us, refunds, cancelling, and where we offer the service. If anything here is unclear, ask us — we would rather explain than have you guess.`,
  /** ISO date (YYYY-MM-DD) of the last change to these terms. */
  lastUpdated: '2026-11-24',
  lastUpdatedLabel: 'Last updated',
  tabsLabel: 'Legal topics',
} as const

/**
 * Who sells the service. EU e-commerce rules ask for the seller's legal name, postal address and
 * company registration number on this page: fill them in before going live. An empty field is not shown.
 */
export const company = {
  heading: 'Who we are',
  fields: [
    { label: 'Company', value: PRODUCT_NAME },
    { label: 'Registration number', value: '' },
    { label: 'VAT number', value: '' },
    { label: 'Postal address', value: '' },
    { label: 'Country', value: 'Sweden' },
  ],
} as const

export const contactTab = {
  label: 'Contact',
  heading: 'Contact us',
  summary:
    'Questions about your account, a payment or these terms? Write to us. A person on our support team reads and answers every message.',
  detailsLabel: 'Support contact details',
  emailLabel: 'E-mail',
  phoneLabel: 'Phone',
  /** Shown in place of a number when no SUPPORT_PHONE is configured. */
  noPhone: 'Support is by e-mail only: we do not have a phone line.',
  hoursLabel: 'Support hours',
  hours: `${SUPPORT_HOURS.days} ${SUPPORT_HOURS.opens}-${SUPPORT_HOURS.closes} ${SUPPORT_HOURS.timeZone}`,
  hoursNote: 'Closed on Swedish public holidays.',
  replyLabel: 'Response target',
  reply: `${SUPPORT_REPLY_HOURS} hours on business days`,
  /** For a Pro account, whose address above is the priority one (GET /api/support). */
  priority: (replyWithin: string) =>
    `Your account is on Pro, so the address above is your priority support line: we aim to reply ${replyWithin}.`,
  sections: [
    {
      heading: 'When you write to us',
      points: [
        'Tell us your username, so we can find your account.',
        'For a question about a payment, include its date and amount.',
        'Never send your password. We will never ask for it.',
      ],
    },
  ],
} as const

export const refundTab: TermsTab = {
  label: 'Refund Policy',
  heading: 'Refund Policy',
  summary: `Try Pro without risk: if it is not for you, ask within ${refundDays} days of your first payment and you get all of it back.`,
  sections: [
    {
      heading: `${refundDays}-day money-back guarantee`,
      paragraphs: [
        `Your first Pro payment (${proPrice}) comes with a ${refundDays}-day money-back guarantee. If you ask for a refund within ${refundDays} days of that payment, we refund it in full. You do not need to give a reason.`,
        'To ask, write to support with your username. We confirm by e-mail, end the subscription, and your account returns to the Free plan. The money goes back to the card you paid with; depending on your bank it can take 5–10 business days to show.',
        'The guarantee covers your first purchase of Pro only. It does not cover renewals, or a new subscription after you have cancelled one.',
      ],
    },
    {
      heading: `After the first ${refundDays} days`,
      paragraphs: [
        'Later payments are not refunded, and we do not refund unused time. When you cancel, Pro stays on until the end of the period you have paid for and you are not charged again: you get what you paid for, but no money back for the rest of the period.',
        'If we charged you by mistake — twice for the same month, or after you cancelled — tell us and we refund the mistaken charge in full, whenever you notice it.',
      ],
    },
    {
      heading: 'Your right of withdrawal under EU law',
      paragraphs: [
        // 14 here is the law's number (Directive 2011/83/EU), not our refund window.
        `${PRODUCT_NAME} is a tool for sales teams, and we sell it to businesses. When you buy Pro for a business, the law gives no right of withdrawal: the money-back guarantee above is what applies.`,
        'If you nevertheless buy as a consumer in the EU, you also have a legal right to withdraw from an online purchase within 14 days (in Sweden under the Distance and Off-Premises Contracts Act, 2005:59). That right is separate from our guarantee, and nothing in these terms limits it. Because Pro starts as soon as you pay, the law would let us keep a share for the days you used; our guarantee refunds your first payment in full anyway.',
      ],
    },
    {
      heading: 'If we disagree',
      paragraphs: [
        'Tell us first: most problems are solved with a reply. If you are not happy with our answer, ask for a review and someone who was not involved will look at it again.',
        'If we still cannot agree, a business customer and we may take the dispute to arbitration under the Rules for Expedited Arbitrations of the SCC Arbitration Institute in Stockholm, or, for small amounts, to the small-claims procedure of a Swedish district court.',
        'If you are a consumer, you can instead turn to the National Board for Consumer Disputes (Allmänna reklamationsnämnden, ARN), which is free, or to a court.',
      ],
    },
  ],
}

export const cancellationTab: TermsTab = {
  label: 'Cancellation',
  heading: 'Cancelling your subscription',
  summary:
    'You can cancel Pro at any time. Pro stays on until the end of the period you have paid for; then your account reverts to the Free plan. Nothing is deleted.',
  sections: [
    {
      heading: 'How to cancel',
      paragraphs: [
        'In the app: open Settings and choose Cancel Subscription under Subscription Plan. You are not charged again from that moment.',
        'Through support: write to us with your username and we cancel for you and confirm by e-mail.',
        'There is no notice period, and you do not need to give a reason.',
      ],
    },
    {
      heading: 'What happens next',
      points: [
        'Pro stays on until the end of the period you have paid for. Settings shows the date.',
        `Then your account reverts to the Free plan: ${freeLimit} new calculators a month, shown with ${PRODUCT_NAME} branding.`,
        `Calculators you made on Pro beyond the Free plan's ${freeLimit} a month become inaccessible, but they are not deleted: they stay in your list, and they open again when you resubscribe.`,
        `Proposals you have shared keep working for your prospects; while you are on Free they show ${PRODUCT_NAME} branding instead of yours. Your company profile is kept for when you come back.`,
      ],
    },
    {
      heading: 'Coming back',
      paragraphs: [
        `Upgrade to Pro again (${proPrice} a month) whenever you like: everything you made on Pro opens again, as you left it. The money-back guarantee applies to your first purchase only.`,
      ],
    },
  ],
}

export const restrictionsTab: TermsTab = {
  label: 'Restrictions',
  heading: `Where and how you may use ${PRODUCT_NAME}`,
  summary: `${PRODUCT_NAME} is offered to businesses in Sweden and the rest of the EU, under Swedish law.`,
  sections: [
    {
      heading: 'Who the service is for',
      paragraphs: [
        `We aim ${PRODUCT_NAME} at businesses and sales professionals in Sweden and the other EU member states. You may use it from elsewhere, but we do not promise that it meets the rules of other countries, and it is your responsibility to follow the laws that apply where you are.`,
      ],
    },
    {
      heading: 'Export control',
      paragraphs: [
        `You may not use ${PRODUCT_NAME}, or let anyone else use it through your account, in breach of the export-control rules of the EU, Sweden or any other country whose rules apply to you or to us.`,
      ],
    },
    {
      heading: 'Sanctions',
      paragraphs: [
        `You may not use ${PRODUCT_NAME} if you are, or act for, a person or organisation on a sanctions list of the EU, the UN or Sweden, or from a country or region under comprehensive EU sanctions. When we learn that an account breaks this rule, we close it, as the law requires.`,
      ],
    },
    {
      heading: 'Fair use',
      points: [
        'Upload only documents and text you have the right to use.',
        'Do not use the calculators or proposals to mislead your prospects.',
        'Do not try to get into accounts or data that are not yours, or to overload the service.',
      ],
    },
    {
      heading: 'Governing law and courts',
      paragraphs: [
        'These terms are governed by Swedish law. Disputes are decided by the Swedish courts, with Stockholm District Court (Stockholms tingsrätt) as the first instance, unless they go to arbitration or small claims as the Refund Policy describes.',
        'If you are a consumer, you keep the protection of the law of the country where you live, and you may also bring a claim there.',
      ],
    },
  ],
}

/** The tabs in order, Contact first (the default). */
export const legalTabLabels = {
  contact: contactTab.label,
  refund: refundTab.label,
  cancellation: cancellationTab.label,
  restrictions: restrictionsTab.label,
} as const satisfies Record<LegalTab, string>
