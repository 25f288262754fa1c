// Chooses the ROI story from the roles the figures play, not from keywords alone: the improvement
// the text claims decides what it is about (time, cost, a loss rate, conversion or revenue); without
// a claim, what the customer pays today against the seller's price is a price comparison; a
// document that claims nothing (a request for quotation, a tender, a grant, a price list) is
// modelled as what it contains.
import type { DocumentReading } from './document-reading.ts'
import { assignRoles, type RoledFigure } from './roles.ts'
import { ASKS_FOR_OFFERS, CAPACITY_WORDS, LOSS_WORDS, NO_CLAIM_DOCUMENT_WORDS, REDUCE_WORDS } from './role-words.ts'
import { capacityStory } from './story-capacity.ts'
import { costStory, fewerUnitsStory, handOverStory, priceComparisonStory } from './story-cost.ts'
import type { Design } from './story-kit.ts'
import { noClaimStory } from './story-no-claim.ts'
import { withAvoidedCost } from './story-avoided.ts'
import { withOneOff } from './story-one-off.ts'
import { lossStory, revenueStory } from './story-rates.ts'
import { timeStory } from './story-time.ts'
import type { DesignContext } from './terms.ts'

export interface StoryChoice {
  readonly roled: readonly RoledFigure[]
  readonly design: Design
  /** The claim that drives the formula, when the text states one. */
  readonly claim: RoledFigure | undefined
}

/** The distinct lower-case words of the whole text, read once per analysis. */
function distinctWords(reading: DocumentReading): ReadonlySet<string> {
  const words = new Set<string>()
  for (const page of reading.pages) for (const word of page.text.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(word)
  return words
}

/** A document asking for offers or funding (an RFQ, a call-off, a tender, a grant). */
const asksForOffers = (words: ReadonlySet<string>): boolean => NO_CLAIM_DOCUMENT_WORDS.countIn(words) >= 2

/** A description that opens as a price list ("Pricing:", "Prislista 2025:"). */
const PRICE_LIST = /^\s*(?:pricing|price list|prices|prislista|priser|prisuppgift)\b/iu

/** Freed capacity, when the text speaks of it and states no cost of an hour to value the time at. */
function capacityText(words: ReadonlySet<string>, roled: readonly RoledFigure[]): boolean {
  const statedHourlyCost = roled.some((entry) => entry.role === 'baseline' && entry.figure.kind === 'money' && entry.figure.per === 'hour')
  // "time they can bill to clients at $180 an hour": the rate values freed, billable capacity.
  const billable = roled.some(
    (entry) => entry.figure.per === 'hour' && /\b(?:bill|billable|invoice|fakturera\p{L}*|debitera\p{L}*)\b/iu.test(entry.clause),
  )
  if (statedHourlyCost && !billable) return false
  return roled.some((entry) => entry.role === 'improvement' && entry.capacity) || CAPACITY_WORDS.countIn(words) >= 2
}

/** A story told with assumed values always exists. */
function must(design: Design | undefined): Design {
  if (design === undefined) throw new Error('a story with assumed values always exists')
  return design
}

function storyForClaim(claim: RoledFigure, roled: readonly RoledFigure[], context: DesignContext, capacity: boolean): Design {
  switch (claim.target) {
    case 'time':
      return (
        handOverStory(roled, context) ??
        (capacity ? capacityStory(roled, context) : undefined) ??
        timeStory(roled, context, capacity) ??
        costStory(roled, context) ??
        must(timeStory(roled, context, capacity, { assume: true }))
      )
    case 'cost':
      return costStory(roled, context) ?? timeStory(roled, context, capacity) ?? must(costStory(roled, context, { assume: true }))
    case 'loss':
      return lossStory(roled, context)
    case 'conversion':
    case 'revenue':
      return revenueStory(roled, context)
    case 'volume':
    case undefined:
      // A reduction of the units the customer pays for is a cost reduced; of other units, a loss avoided.
      return claim.direction === 'reduce'
        ? (fewerUnitsStory(claim, roled, context) ?? lossStory(roled, context))
        : revenueStory(roled, context)
  }
}

/** "reduce no-shows", "färre uteblivna besök": a loss named without a figure. */
const speaksOfLosses = (words: ReadonlySet<string>): boolean => LOSS_WORDS.countIn(words) > 0 && REDUCE_WORDS.countIn(words) > 0

export function chooseStory(reading: DocumentReading, context: DesignContext): StoryChoice {
  const choice = chooseDesign(reading, context)
  const design = withOneOff(withAvoidedCost(choice.design, choice.roled, context), choice.roled, context)
  return { ...choice, roled: withPricesOf(design, choice.roled), design }
}

/** The roles as the story took them: a fee-table row it models is the seller's price. */
function withPricesOf(design: Design, roled: readonly RoledFigure[]): readonly RoledFigure[] {
  const priced = new Set(design.priced ?? [])
  if (priced.size === 0) return roled
  return roled.map((entry) => (priced.has(entry.figure) && entry.role !== 'price' ? { ...entry, role: 'price' } : entry))
}

function chooseDesign(reading: DocumentReading, context: DesignContext): StoryChoice {
  const roled = assignRoles(reading)
  const words = distinctWords(reading)
  const capacity = capacityText(words, roled)
  const claims = roled.filter((entry) => entry.role === 'improvement')
  // The first claim in reading order that its story can carry (relevance order breaks ties).
  const claim = claims[0]
  // A request for quotation, a call-off, a tender or a grant asks for offers: whatever it says it
  // wants to improve is not the seller's claim.
  if (context.inputKind === 'document' && asksForOffers(words)) return { roled, claim: undefined, design: noClaimStory(roled, context) }
  if (claim !== undefined) return { roled, claim, design: storyForClaim(claim, roled, context, capacity) }
  const baseline = roled.some((entry) => entry.role === 'baseline')
  const noClaimDocument =
    context.inputKind === 'document'
      ? reading.template.dominated || asksForOffers(words) || roled.some((entry) => entry.role === 'contractValue') || !baseline
      : // A description that only prices the seller's work, asks for offers or funding, or names a
        // contract value claims nothing either.
        (!baseline && roled.some((entry) => entry.role === 'price')) ||
        ASKS_FOR_OFFERS.test(reading.pages[0]?.text ?? '') ||
        PRICE_LIST.test(reading.pages[0]?.text ?? '') ||
        roled.some((entry) => entry.role === 'contractValue')
  if (noClaimDocument) return { roled, claim, design: noClaimStory(roled, context) }
  const design =
    handOverStory(roled, context) ??
    priceComparisonStory(roled, context) ??
    // An uplift nobody claimed is not told of a document (a revenue-share schedule states revenue, not a lift).
    (context.inputKind === 'description' && roled.some((entry) => entry.role === 'volume' && entry.target === 'revenue')
      ? revenueStory(roled, context)
      : undefined) ??
    timeStory(roled, context, capacity) ??
    costStory(roled, context) ??
    (context.inputKind === 'document'
      ? noClaimStory(roled, context)
      : speaksOfLosses(words)
        ? lossStory(roled, context)
        : timeStory(roled, context, capacity, { assume: true }))
  return { roled, claim, design: must(design) }
}
