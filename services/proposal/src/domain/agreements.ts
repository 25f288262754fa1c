// The prospect's agreement (issue 20, docs/decisions/115): "These numbers work for us", with a name
// and an e-mail. The scenario and the values are frozen with the calculator as stored and their
// hash, the figures computed here from them (never taken from the client), and the owner is told
// through the proposal.proposal.agreed event, which carries the title, the yearly value and the
// agreeing name for the owner's e-mail (decision 137). One agreement in force per proposal, however
// many arrive at once, and only from the people the seller named when they named some (issue 34).
import {
  AGREEMENT_NO_CALCULATOR_MESSAGE,
  AGREEMENT_OWN_PROPOSAL_MESSAGE,
  AGREEMENT_UNKNOWN_INPUT_MESSAGE,
  PROPOSAL_ALREADY_AGREED_MESSAGE,
  PROPOSAL_UNAVAILABLE_MESSAGE,
  proposalAvailability,
  type AgreedFigures,
  type Agreement as AgreementRecord,
  type AgreementBody,
} from '@valueproof/contracts'
import {
  createCalculator,
  headlineOf,
  inputSlider,
  priceOfQuote,
  scenarioValues,
  snapToSlider,
  validateCalculatorData,
  type CalculatorData,
  type Scenario,
} from '@valueproof/formula'
import { errors, HttpError } from '@valueproof/http-kit'
import { Prisma, type Agreement, type Proposal, type Tx } from '../db.ts'
import { pricingTablesOf, ticksOf } from '../pdf/pdf-pricing.ts'
import { shownDocument } from '../presenters/proposal.ts'
import { recordProposalAgreed } from '../events/outbox.ts'
import { presentAgreement } from '../presenters/agreement.ts'
import { agreementHash } from './agreement-hash.ts'
import { assertMayAgree } from './agreement-rules.ts'
import { admitViewer, openableProposal, proposalNotFound, type ProposalDeps, type Viewer } from './proposals.ts'

type AgreementDeps = Pick<ProposalDeps, 'prisma' | 'proposals' | 'publishedProposals' | 'cipher' | 'codeThrottles' | 'accessCodes' | 'now'>

function alreadyAgreed(): HttpError {
  return errors.conflict(PROPOSAL_ALREADY_AGREED_MESSAGE, 'proposal_already_agreed')
}

/**
 * Every input's value as agreed: the scenario's own value (the seller's, or derived, as the page
 * shows it) where the prospect left it, else the value sent snapped to a point its slider can stop
 * on — within min and max, on min + k·step, without binary-fraction noise (issue 34: 4.8, never
 * 4.800000000000001). A name that is not an input of the calculator is refused rather than
 * dropped: the prospect agreed to what they saw.
 */
export function agreedValues(calculatorData: CalculatorData, scenario: Scenario, sent: Record<string, number>): Record<string, number> {
  const base = scenarioValues(calculatorData, scenario)
  for (const name of Object.keys(sent)) {
    if (!Object.hasOwn(base, name)) throw errors.badRequest(AGREEMENT_UNKNOWN_INPUT_MESSAGE, 'agreement_unknown_input')
  }
  const values: Record<string, number> = {}
  for (const [name, own] of Object.entries(base)) {
    const value = sent[name]
    const slider = inputSlider(calculatorData, name)
    values[name] = value === undefined || value === own || slider === undefined ? own : snapToSlider(value, slider)
  }
  return values
}

/** The headline figures at the agreed values (formula's headlineOf), as the agreement stores them. */
export function agreedFigures(calculatorData: CalculatorData, values: Record<string, number>): AgreedFigures {
  const headline = headlineOf(createCalculator(calculatorData).compute(values))
  return {
    yearlyValue: headline.yearlyValue ?? null,
    paybackMonths: headline.payback?.months ?? null,
    paidBack: headline.payback?.paidBack ?? null,
    paybackEstimate: headline.payback?.estimate ?? false,
  }
}

/**
 * Marks the proposal agreed, or explains why not. The UPDATE takes the proposal's row lock and only
 * succeeds while agreed_at is null, so concurrent agreements queue on it and all but the first find
 * it set (409); a rename, revoke or delete racing it waits likewise and then sees it agreed. The
 * row is read after the lock, so what is frozen is the calculator as it is at that moment.
 */
async function lockForAgreement(tx: Tx, props: { proposalId: string; agreedAt: Date }) {
  const { proposalId, agreedAt } = props
  const { count } = await tx.proposal.updateMany({ where: { id: proposalId, agreedAt: null }, data: { agreedAt } })
  const proposal = await tx.proposal.findUnique({ where: { id: proposalId } })
  if (!proposal?.isPublished) throw proposalNotFound()
  if (count === 0) throw alreadyAgreed()
  if (proposalAvailability(proposal, agreedAt) !== 'available') {
    throw new HttpError(410, 'proposal_unavailable', PROPOSAL_UNAVAILABLE_MESSAGE)
  }
  return proposal
}

function isJsonObject(value: Prisma.JsonValue): value is Prisma.JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The calculator as the prospect priced it (issue 37): with the optional lines they ticked, the
 * first visible pricing table's price, as the page showed it; without `options`, as stored (the
 * seller's own choice, priced when the seller published). An option that is no optional line: 400.
 */
function quotedDefinition(row: Proposal, options: readonly string[] | undefined): Prisma.JsonValue {
  if (options === undefined || !isJsonObject(row.calculatorData)) return row.calculatorData
  const document = shownDocument(row)
  const ticks = ticksOf(document, options)
  const [table] = pricingTablesOf(document)
  if (table === undefined) return row.calculatorData
  const price = priceOfQuote(table, ticks)
  const unpriced = Object.fromEntries(Object.entries(row.calculatorData).filter(([name]) => name !== 'price'))
  return price === undefined ? unpriced : { ...unpriced, price: JSON.parse(JSON.stringify(price)) as Prisma.JsonObject }
}

/**
 * POST /proposals/:id/agreement: the same access rules as opening the proposal (404, 410, the
 * access code and its limits); the owner cannot agree to their own (403). Answers the agreement as
 * anyone with the link sees it. The agreed event commits with it through the outbox.
 */
export async function agreeToProposal(
  deps: AgreementDeps,
  props: { proposalId: string; viewer: Viewer; code: string | undefined; body: AgreementBody },
): Promise<AgreementRecord> {
  const agreedAt = (deps.now ?? (() => new Date()))()
  const { proposal, isOwner } = await openableProposal(deps, { proposalId: props.proposalId, userId: props.viewer.userId, now: agreedAt })
  if (isOwner) throw errors.forbidden(AGREEMENT_OWN_PROPOSAL_MESSAGE, 'agreement_own_proposal')
  await admitViewer(deps, { proposal, isOwner, viewer: props.viewer, code: props.code, now: agreedAt })
  // Seen agreed already (perhaps a moment ago, from the cache): no need to queue on the lock.
  if (proposal.agreedAt !== null) throw alreadyAgreed()
  const { body } = props
  // Not one of the people the seller named (issue 34): refused before the lock, and again under it.
  assertMayAgree(proposal, body.email)
  let row: Agreement
  try {
    row = await deps.prisma.$transaction(async (tx) => {
      const locked = await lockForAgreement(tx, { proposalId: proposal.id, agreedAt })
      // The rule as it is now: the seller may have narrowed it since the proposal was read.
      assertMayAgree(locked, body.email)
      // The definition frozen is the calculator as stored (as its owner reads it), priced by the
      // quote with the prospect's ticks when they ticked optional lines.
      const definition = quotedDefinition(locked, body.options)
      const validation = validateCalculatorData(definition)
      if (!validation.ok || !isJsonObject(definition)) throw errors.badRequest(AGREEMENT_NO_CALCULATOR_MESSAGE, 'agreement_no_calculator')
      const values = agreedValues(validation.calculatorData, body.scenario, body.values)
      const hash = agreementHash({ definition, scenario: body.scenario, values })
      const figures = agreedFigures(validation.calculatorData, values)
      const created = await tx.agreement.create({
        data: {
          proposalId: locked.id,
          name: body.name,
          email: body.email,
          scenario: body.scenario,
          values,
          figures,
          definition,
          hash,
          agreedAt,
        },
      })
      await recordProposalAgreed(tx, {
        proposalId: locked.id,
        ownerUserId: locked.userId,
        scenario: body.scenario,
        version: locked.version,
        agreementHash: hash,
        agreedAt,
        // What the owner's e-mail says (decision 137): the page's title, its figure and who agreed.
        title: locked.title,
        yearlyValue: figures.yearlyValue,
        currency: validation.calculatorData.baseCurrency,
        agreedByName: created.name,
      })
      return created
    })
  } catch (error) {
    // The row lock makes a second agreement wait and fail above; the unique key is the last word.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw alreadyAgreed()
    throw error
  }
  deps.publishedProposals.evict(proposal.id)
  return presentAgreement(row, { isOwner: false })
}
