// Which calculator the figures support. Each recipe is a formula with three roles (the advanced
// calculator's three sliders); a role is filled by the most relevant figure that fits it, or by an
// assumption. The recipe whose roles the text backs best wins. A stated total, budget, contract
// value or price (./stated-amounts.ts) can be the cost-reduction calculator's cost: beside a
// reduction the text states, or alone when no recipe is backed at all. Without any of these, the
// text's theme decides, and every value is an assumption.
import type { DocumentReading, ScoredFigure } from './document-reading.ts'
import { statedAmounts, type StatedAmount } from './stated-amounts.ts'
import {
  CONVERSION_WORDS,
  COST_WORDS,
  ENTITIES,
  ENTITY_WORDS,
  INCREASE_WORDS,
  REDUCTION_WORDS,
  REVENUE_WORDS,
  SHARE_WORDS,
  type EntityGroup,
  type EntityId,
} from './vocabulary.ts'

export const RECIPE_IDS = ['timeSavings', 'volumeTime', 'revenueUplift', 'audienceConversion', 'unitValue', 'costReduction'] as const
export type RecipeId = (typeof RECIPE_IDS)[number]

export const ROLE_IDS = [
  'hours',
  'hourlyRate',
  'people',
  'units',
  'minutesPerUnit',
  'revenue',
  'uplift',
  'keep',
  'audience',
  'conversion',
  'dealValue',
  'quantity',
  'unitPrice',
  'groups',
  'currentCost',
  'reduction',
] as const
export type RoleId = (typeof ROLE_IDS)[number]

/** Each recipe's roles, in the order its formula and its sliders use them. */
export const RECIPE_ROLES: Readonly<Record<RecipeId, readonly [RoleId, RoleId, RoleId]>> = {
  timeSavings: ['hours', 'hourlyRate', 'people'],
  volumeTime: ['units', 'minutesPerUnit', 'hourlyRate'],
  revenueUplift: ['revenue', 'uplift', 'keep'],
  audienceConversion: ['audience', 'conversion', 'dealValue'],
  unitValue: ['quantity', 'unitPrice', 'groups'],
  costReduction: ['currentCost', 'reduction', 'groups'],
}

/** How much a role's figure counts towards choosing its recipe. */
const ROLE_WEIGHTS: Readonly<Record<RoleId, number>> = {
  hours: 3,
  hourlyRate: 3,
  people: 2,
  units: 2,
  minutesPerUnit: 1.5,
  revenue: 3,
  uplift: 1.5,
  keep: 1,
  audience: 2,
  conversion: 1.5,
  dealValue: 2,
  quantity: 1.5,
  unitPrice: 2.5,
  groups: 0,
  currentCost: 3,
  reduction: 2,
}

/** "average deal size", "order value", "customer lifetime value", "genomsnittligt ordervärde". */
const DEAL_VALUE =
  /(?:deal|order|contract|customer|client|basket|sale)s?[\s-]+(?:size|value)|average\s+(?:deal|order|sale|contract|purchase)|lifetime\s+value|(?:^|[^\p{L}])ltv(?![\p{L}])|ordervärde|affärsvärde|kundvärde|snittorder|genomsnittlig[a-z]*\s+(?:order|affär|försäljning)/iu

function groupOf(entity: EntityId | 'thousand' | undefined): EntityGroup | 'thousand' | undefined {
  if (entity === undefined) return undefined
  if (entity === 'thousand') return 'thousand'
  return ENTITIES[entity].group
}

const isCountable = (figure: ScoredFigure): boolean => !figure.flags.includes('threshold') && !figure.flags.includes('thresholdWord')

/** Whether a figure can fill a role (recipe-level constraints, such as matching units, come later). */
export function fitsRole(role: RoleId, figure: ScoredFigure, reading: DocumentReading): boolean {
  if (figure.flags.includes('threshold')) return false
  const words = figure.nearWords
  switch (role) {
    case 'hours':
      return figure.kind === 'hours' && figure.per !== undefined && figure.per !== 'hour' && isCountable(figure)
    case 'hourlyRate': {
      const group = groupOf(figure.perEntity)
      return figure.kind === 'money' && figure.per === 'hour' && (group === undefined || group === 'staff' || group === 'user')
    }
    case 'people': {
      const group = groupOf(figure.entity)
      return (
        figure.kind === 'count' &&
        (group === 'staff' || group === 'user') &&
        figure.per === undefined &&
        figure.value >= 1 &&
        figure.value <= 100_000 &&
        isCountable(figure)
      )
    }
    case 'units': {
      const group = groupOf(figure.entity)
      return (
        figure.kind === 'count' &&
        figure.per !== undefined &&
        figure.per !== 'hour' &&
        (group === undefined || group === 'unit') &&
        isCountable(figure)
      )
    }
    case 'minutesPerUnit':
      // "saves 6 minutes per invoice", "each invoice takes 6 minutes".
      return (
        figure.kind === 'minutes' &&
        (groupOf(figure.perEntity) === 'unit' ||
          REDUCTION_WORDS.countIn(words) > 0 ||
          [...words].some((word) => groupOf(ENTITY_WORDS.get(word)) === 'unit'))
      )
    case 'revenue':
      return (
        figure.kind === 'money' &&
        figure.per !== undefined &&
        figure.per !== 'hour' &&
        figure.perEntity === undefined &&
        REVENUE_WORDS.countIn(words) > 0
      )
    case 'uplift':
      return figure.kind === 'percent' && figure.value <= 500 && INCREASE_WORDS.countIn(words) > 0
    case 'keep':
      return figure.kind === 'percent' && figure.value <= 100 && (SHARE_WORDS.countIn(words) > 0 || reading.revenueShare)
    case 'audience':
      return figure.kind === 'count' && groupOf(figure.entity) === 'audience' && isCountable(figure)
    case 'conversion':
      return figure.kind === 'percent' && figure.value <= 100 && CONVERSION_WORDS.countIn(words) > 0
    case 'dealValue':
      return figure.kind === 'money' && figure.per === undefined && figure.perEntity === undefined && DEAL_VALUE.test(figure.near)
    case 'quantity':
      return figure.kind === 'count' && figure.entity !== undefined && isCountable(figure)
    case 'unitPrice':
      return figure.kind === 'money' && figure.perEntity !== undefined && figure.per !== 'hour' && groupOf(figure.perEntity) !== 'staff'
    case 'groups':
      return false
    case 'currentCost':
      return (
        figure.kind === 'money' &&
        figure.per !== undefined &&
        figure.per !== 'hour' &&
        figure.perEntity === undefined &&
        COST_WORDS.countIn(words) > 0
      )
    case 'reduction':
      return figure.kind === 'percent' && figure.value <= 100 && REDUCTION_WORDS.countIn(words) > 0
  }
}

export type Picks = ReadonlyMap<RoleId, ScoredFigure>

export interface RecipeChoice {
  readonly recipe: RecipeId
  readonly picks: Picks
  readonly score: number
  /** 'figures' when the text backs the recipe; 'theme' when no recipe was backed and the wording chose. */
  readonly basis: 'figures' | 'theme'
  /** When the cost is a stated amount (a total, budget, contract value, fee or price): how it reads. */
  readonly stated?: StatedAmount
}

/** The entity a unit price is per, as counted by the quantity ("CPM" counts impressions). */
function countedEntity(unitPrice: ScoredFigure): EntityId | undefined {
  if (unitPrice.perEntity === 'thousand') return 'impression'
  return unitPrice.perEntity
}

/** Only the most relevant figures compete for roles (a long table can hold thousands). */
const CANDIDATES = 2_000

function pickRoles(recipe: RecipeId, reading: DocumentReading, candidates: readonly ScoredFigure[]): Map<RoleId, ScoredFigure> {
  const picks = new Map<RoleId, ScoredFigure>()
  const used = new Set<ScoredFigure>()
  // The unit price decides what the quantity counts, so it is picked first.
  const order = recipe === 'unitValue' ? (['unitPrice', 'quantity', 'groups'] as const) : RECIPE_ROLES[recipe]
  for (const role of order) {
    const unitPrice = picks.get('unitPrice')
    const figure = candidates.find((candidate) => {
      if (used.has(candidate) || !fitsRole(role, candidate, reading)) return false
      if (role === 'quantity') return unitPrice !== undefined && candidate.entity === countedEntity(unitPrice)
      if (role === 'minutesPerUnit') {
        const units = picks.get('units')
        return units === undefined || candidate.perEntity === undefined || candidate.perEntity === units.entity
      }
      return true
    })
    if (figure !== undefined) {
      picks.set(role, figure)
      used.add(figure)
    }
  }
  return picks
}

function qualifies(recipe: RecipeId, picks: Picks): boolean {
  switch (recipe) {
    case 'timeSavings':
      return picks.size > 0
    case 'volumeTime':
      return picks.has('units')
    case 'revenueUplift':
      return picks.has('revenue') && (picks.has('uplift') || picks.has('keep'))
    case 'audienceConversion':
      return picks.has('audience')
    case 'unitValue':
      return picks.has('unitPrice')
    case 'costReduction':
      return picks.has('currentCost') && picks.has('reduction')
  }
}

/** A stated amount is a weaker cost than a cost the text gives per period. */
const STATED_COST_WEIGHT = 1.5

function scoreOf(picks: Picks, stated?: StatedAmount): number {
  let score = 0
  for (const [role, figure] of picks) {
    const weight = stated !== undefined && stated.figure === figure ? STATED_COST_WEIGHT : ROLE_WEIGHTS[role]
    score += weight * (1 + Math.min(10, Math.max(0, figure.relevance)) / 10)
  }
  return score
}

/** A theme counts when its words are at least 3 and 1% of the text's words. */
function themeRecipe(reading: DocumentReading): RecipeId {
  const totalWords = Math.max(1, reading.wordCount)
  const themes: ReadonlyArray<readonly [RecipeId, number]> = [
    ['volumeTime', reading.themes.documents],
    ['audienceConversion', reading.themes.audience],
    ['revenueUplift', reading.themes.revenue],
  ]
  let best: RecipeId = 'timeSavings'
  let bestCount = 0
  for (const [recipe, count] of themes) {
    if (count >= 3 && count >= totalWords / 100 && count > bestCount) {
      best = recipe
      bestCount = count
    }
  }
  return best
}

/** The recipe for this text, with the figures that back its roles. */
export function chooseRecipe(reading: DocumentReading): RecipeChoice {
  let best: RecipeChoice | undefined
  const candidates = reading.figures.slice(0, CANDIDATES)
  let stated: StatedAmount | null | undefined
  const statedAmount = (): StatedAmount | undefined => {
    if (stated === undefined) stated = statedAmounts(reading)[0] ?? null
    return stated ?? undefined
  }
  let costPicks: Map<RoleId, ScoredFigure> | undefined
  for (const recipe of RECIPE_IDS) {
    const picks = pickRoles(recipe, reading, candidates)
    let statedCost: StatedAmount | undefined
    if (recipe === 'costReduction') {
      costPicks = picks
      // No cost per period, but a stated total beside a reduction the text states.
      if (!picks.has('currentCost') && picks.has('reduction')) {
        statedCost = statedAmount()
        if (statedCost !== undefined) picks.set('currentCost', statedCost.figure)
      }
    }
    if (!qualifies(recipe, picks)) continue
    const score = scoreOf(picks, statedCost)
    if (best === undefined || score > best.score)
      best =
        statedCost === undefined
          ? { recipe, picks, score, basis: 'figures' }
          : { recipe, picks, score, basis: 'figures', stated: statedCost }
  }
  if (best !== undefined) return best
  // No recipe is backed: a cost the text gives per period, or else a stated amount, is the cost;
  // the reduction and the number of teams are assumptions.
  const cost = costPicks?.get('currentCost')
  if (cost !== undefined) {
    const picks = new Map<RoleId, ScoredFigure>([['currentCost', cost]])
    return { recipe: 'costReduction', picks, score: scoreOf(picks), basis: 'figures' }
  }
  const alone = statedAmount()
  if (alone !== undefined) {
    const picks = new Map<RoleId, ScoredFigure>([['currentCost', alone.figure]])
    return { recipe: 'costReduction', picks, score: scoreOf(picks, alone), basis: 'figures', stated: alone }
  }
  return { recipe: themeRecipe(reading), picks: new Map(), score: 0, basis: 'theme' }
}
