// Views that count people, not requests (issue 34, docs/decisions/119). A visitor's view counts
// once per person per proposal per window: the person is known by keyed hashes of the visitor id
// and of the address with the browser, so dropping the visitor cookie makes no new person. A
// proposal takes at most a ceiling of views per minute as real, and one address at most a few
// different people per window; views beyond either are suspect: kept apart, never counted or
// announced. Classified in the view batch's transaction, with the proposals' rows locked, so
// replicas writing views of one proposal at once take turns and the limits hold across them.
import { qualifiedTable } from '@valueproof/db'
import { proposalConfigSchema } from '../config.ts'
import type { PrismaClient, Tx } from '../db.ts'
import type { ClassifiedView, ProposalView, ViewCounting, ViewPerson } from '../events/outbox.ts'
import { throttleKey } from './access-code-policy.ts'

const MINUTE_MS = 60_000

export interface ViewCountingPolicy {
  /** One person's views of a proposal count once within this (PROPOSAL_VIEW_WINDOW_MINUTES). */
  windowMs: number
  /** Views of a proposal taken as real (counted or repeats) in any minute (PROPOSAL_VIEW_CEILING_PER_MINUTE). */
  ceilingPerMinute: number
  /** Different people one address may add to a proposal's views in the window (PROPOSAL_VIEW_PEOPLE_PER_ADDRESS). */
  peoplePerAddress: number
}

export function viewCountingPolicy(config: {
  PROPOSAL_VIEW_WINDOW_MINUTES: number
  PROPOSAL_VIEW_CEILING_PER_MINUTE: number
  PROPOSAL_VIEW_PEOPLE_PER_ADDRESS: number
}): ViewCountingPolicy {
  return {
    windowMs: config.PROPOSAL_VIEW_WINDOW_MINUTES * MINUTE_MS,
    ceilingPerMinute: config.PROPOSAL_VIEW_CEILING_PER_MINUTE,
    peoplePerAddress: config.PROPOSAL_VIEW_PEOPLE_PER_ADDRESS,
  }
}

/** The configuration's defaults: 30 minutes, 30 views a minute, 10 people an address (decision 119). */
export const DEFAULT_VIEW_COUNTING: ViewCountingPolicy = viewCountingPolicy(proposalConfigSchema.parse({}))

/**
 * The keys of who is viewing a proposal: HMAC-SHA256 under ADDRESS_HASH_KEY, each bound to the
 * proposal (no key links one person's views of two proposals). The browser is what the gateway
 * forwards of it (User-Agent, Accept-Language); nothing here is kept past the window.
 */
export function viewPerson(
  addressHashKey: string,
  props: { proposalId: string; visitorId: string | undefined; ip: string; userAgent: string; acceptLanguage: string },
): ViewPerson {
  const key = { addressHashKey }
  const { proposalId, ip } = props
  return {
    visitorKey: props.visitorId === undefined ? undefined : throttleKey(key, 'view-visitor', proposalId, props.visitorId),
    personKey: throttleKey(key, 'view-person', proposalId, ip, props.userAgent, props.acceptLanguage),
    addressKey: throttleKey(key, 'view-address', proposalId, ip),
  }
}

/** A recent view taken as real, as proposal_view_person keeps it. */
export interface RecentView {
  proposalId: string
  visitorKey: string | undefined
  personKey: string
  addressKey: string
  counted: boolean
  seenAt: number
}

/** A row to keep for a view taken as real. */
export interface KeptView extends RecentView {
  visitId: string
}

/** A visitor view without keys (none is made so; old callers) is a person of its own. */
function personOf(view: ProposalView): ViewPerson {
  return view.person ?? { visitorKey: undefined, personKey: `visit ${view.visitId}`, addressKey: `visit ${view.visitId}` }
}

function countingOf(view: ProposalView, recent: readonly RecentView[], policy: ViewCountingPolicy): ViewCounting {
  const at = view.viewedAt.getTime()
  if (recent.filter((row) => row.seenAt > at - MINUTE_MS).length >= policy.ceilingPerMinute) return 'suspect'
  const person = personOf(view)
  const counted = recent.filter((row) => row.counted && row.seenAt > at - policy.windowMs)
  const samePerson = (row: RecentView) =>
    row.personKey === person.personKey || (person.visitorKey !== undefined && row.visitorKey === person.visitorKey)
  if (counted.some(samePerson)) return 'repeat'
  if (counted.filter((row) => row.addressKey === person.addressKey).length >= policy.peoplePerAddress) return 'suspect'
  return 'counted'
}

/**
 * Classifies a batch's views in order against the proposals' recent views (and the batch's own
 * earlier ones): the owner's are left unclassified; a visitor's is suspect past the proposal's
 * ceiling for the minute before it, a repeat when the same person counted within the window,
 * suspect when its address already added its allowance of people, and counted otherwise. Answers
 * the views and the rows to keep for those taken as real.
 */
export function classifyViews(
  views: readonly ProposalView[],
  recent: readonly RecentView[],
  policy: ViewCountingPolicy,
): { views: ClassifiedView[]; kept: KeptView[] } {
  const byProposal = new Map<string, RecentView[]>()
  for (const row of recent) {
    const rows = byProposal.get(row.proposalId)
    if (rows) rows.push(row)
    else byProposal.set(row.proposalId, [row])
  }
  const kept: KeptView[] = []
  const classified = views.map((view): ClassifiedView => {
    if (view.viewer !== 'visitor') return { ...view, counting: undefined }
    const rows = byProposal.get(view.proposalId) ?? []
    const counting = countingOf(view, rows, policy)
    if (counting !== 'suspect') {
      const row: KeptView = {
        ...personOf(view),
        proposalId: view.proposalId,
        visitId: view.visitId,
        counted: counting === 'counted',
        seenAt: view.viewedAt.getTime(),
      }
      rows.push(row)
      byProposal.set(view.proposalId, rows)
      kept.push(row)
    }
    return { ...view, counting }
  })
  return { views: classified, kept }
}

/**
 * Locks the batch's proposals (id order, as every batch does: no deadlock between replicas), then
 * reads their views taken as real within the window before the batch's earliest — in a statement
 * of its own, whose snapshot sees what a replica holding the lock before committed. Answers those
 * and the proposals that exist (a proposal deleted meanwhile keeps nothing).
 */
export async function recentViews(
  tx: Tx,
  props: { views: readonly ProposalView[]; dbSchema: string | undefined; policy: ViewCountingPolicy },
): Promise<{ recent: RecentView[]; proposals: Set<string> }> {
  const visitors = props.views.filter((view) => view.viewer === 'visitor')
  if (visitors.length === 0) return { recent: [], proposals: new Set() }
  const ids = [...new Set(visitors.map((view) => view.proposalId))].sort()
  const locked = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT id FROM ${qualifiedTable(props.dbSchema, 'proposal')} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    ids,
  )
  if (locked.length === 0) return { recent: [], proposals: new Set() }
  const since = new Date(Math.min(...visitors.map((view) => view.viewedAt.getTime())) - props.policy.windowMs)
  const rows = await tx.$queryRawUnsafe<
    Array<{ proposal_id: string; visitor_key: string | null; person_key: string; address_key: string; counted: boolean; seen_ms: number }>
  >(
    `SELECT proposal_id, visitor_key, person_key, address_key, counted, (extract(epoch FROM seen_at) * 1000)::float8 AS seen_ms
       FROM ${qualifiedTable(props.dbSchema, 'proposal_view_person')}
      WHERE proposal_id = ANY($1::text[]) AND seen_at > $2::timestamptz AT TIME ZONE 'UTC'`,
    locked.map((row) => row.id),
    since.toISOString(),
  )
  const recent = rows.map((row): RecentView => ({
    proposalId: row.proposal_id,
    visitorKey: row.visitor_key ?? undefined,
    personKey: row.person_key,
    addressKey: row.address_key,
    counted: row.counted,
    seenAt: row.seen_ms,
  }))
  return { recent, proposals: new Set(locked.map((row) => row.id)) }
}

/** Keeps the rows of the views taken as real, in one statement. */
export async function keepViews(tx: Tx, props: { kept: readonly KeptView[]; dbSchema: string | undefined }): Promise<void> {
  if (props.kept.length === 0) return
  const rows = props.kept.map((row) => ({ ...row, seenAt: new Date(row.seenAt).toISOString() }))
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(props.dbSchema, 'proposal_view_person')} (visit_id, proposal_id, visitor_key, person_key, address_key, counted, seen_at)
     SELECT r."visitId", r."proposalId", r."visitorKey", r."personKey", r."addressKey", r.counted, r."seenAt"::timestamptz AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset($1::jsonb) AS r("visitId" text, "proposalId" text, "visitorKey" text, "personKey" text, "addressKey" text, counted boolean, "seenAt" text)
     ON CONFLICT DO NOTHING`,
    JSON.stringify(rows),
  )
}

/**
 * Classifies a batch's views and keeps the rows of those taken as real (views of a proposal
 * deleted meanwhile keep nothing). The proposals stay locked until the batch commits.
 */
export async function classifyBatch(
  tx: Tx,
  props: { views: readonly ProposalView[]; dbSchema: string | undefined; policy: ViewCountingPolicy },
): Promise<ClassifiedView[]> {
  const { recent, proposals } = await recentViews(tx, props)
  const { views, kept } = classifyViews(props.views, recent, props.policy)
  await keepViews(tx, { kept: kept.filter((row) => proposals.has(row.proposalId)), dbSchema: props.dbSchema })
  return views
}

/** The people rows whose window has passed: nothing about a person is kept longer (run every minute). */
export async function deleteEndedViewWindows(prisma: PrismaClient, props: { policy: ViewCountingPolicy; now?: Date }): Promise<number> {
  const now = props.now ?? new Date()
  const { count } = await prisma.proposalViewPerson.deleteMany({
    where: { seenAt: { lte: new Date(now.getTime() - Math.max(props.policy.windowMs, MINUTE_MS)) } },
  })
  return count
}
