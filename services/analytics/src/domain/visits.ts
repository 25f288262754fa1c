// A prospect's view of a proposal, from the proposal service's view event: counted once per visit
// into its proposal's day (views, exact unique visitors), and the visit row marked viewed — the row
// its engagement beacons may have started already, since they can arrive before the event does. The
// proposal service says how a view counts (decision 119): a repeat of someone counted within its
// window is a visit, not a view; a suspect view is counted apart and shows no visit.
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { utcDay } from './days.ts'
import { liveProposals } from './proposals.ts'

export interface ProspectView {
  proposalId: string
  ownerUserId: number
  /** The gateway's anonymous visitor id ('' when the visitor had none). */
  visitorId: string
  /** The page view's id ('' for views recorded before visits existed). */
  visitId: string
  viewedAt: Date
  counting: ViewCounting
}

/** How the proposal service counted a view; events before issue 34 say nothing, and all counted. */
export type ViewCounting = 'counted' | 'repeat' | 'suspect'

export function viewCountingOf(counting: string): ViewCounting {
  return counting === 'repeat' || counting === 'suspect' ? counting : 'counted'
}

/**
 * Marks the visit viewed, starting it at the view's time whichever of the view and the engagement
 * came first (so both orders leave the same row). False when the visit was viewed already, or
 * belongs to another proposal or visitor: then nothing is counted.
 */
async function markVisitViewed(tx: Tx, view: ProspectView, dbSchema: string | undefined): Promise<boolean> {
  const visit = qualifiedTable(dbSchema, 'visit')
  const viewedAt = view.viewedAt.toISOString()
  const marked = await tx.$queryRawUnsafe<Array<{ visit_id: string }>>(
    `INSERT INTO ${visit} AS v (visit_id, proposal_id, owner_user_id, visitor_id, started_at, last_seen_at, viewed)
     VALUES ($1, $2, $3, $4, $5::timestamptz AT TIME ZONE 'UTC', $5::timestamptz AT TIME ZONE 'UTC', true)
     ON CONFLICT (visit_id) DO UPDATE
        SET viewed = true, started_at = excluded.started_at, last_seen_at = greatest(v.last_seen_at, excluded.last_seen_at)
      WHERE NOT v.viewed AND v.proposal_id = excluded.proposal_id AND v.visitor_id = excluded.visitor_id
     RETURNING visit_id`,
    view.visitId,
    view.proposalId,
    view.ownerUserId,
    view.visitorId,
    viewedAt,
  )
  return marked.length > 0
}

/**
 * Notes the visitor among the proposal's visitors of the day and keeps the last day they viewed
 * it (the unique visitors of a range ending today). Answers 1 when they are new that day. Without
 * a visitor id there is nobody to count as unique.
 */
async function countVisitor(tx: Tx, props: { view: ProspectView; day: Date; dbSchema: string | undefined }): Promise<number> {
  const { proposalId, ownerUserId, visitorId } = props.view
  if (visitorId === '') return 0
  const { count } = await tx.proposalDayVisitor.createMany({
    data: [{ proposalId, day: props.day, visitorId, ownerUserId }],
    skipDuplicates: true,
  })
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(props.dbSchema, 'proposal_visitor')} AS p (proposal_id, visitor_id, owner_user_id, last_day)
     VALUES ($1, $2, $3, $4::date)
     ON CONFLICT (proposal_id, visitor_id) DO UPDATE SET last_day = greatest(p.last_day, excluded.last_day)`,
    proposalId,
    visitorId,
    ownerUserId,
    props.day.toISOString().slice(0, 10),
  )
  return count
}

/** A suspect view: one more on its proposal's day, apart from the views. */
async function countSuspectView(tx: Tx, view: ProspectView): Promise<void> {
  const { proposalId, ownerUserId } = view
  const day = utcDay(view.viewedAt)
  await tx.proposalDay.upsert({
    where: { proposalId_day: { proposalId, day } },
    create: { proposalId, day, ownerUserId, suspectViews: 1 },
    update: { suspectViews: { increment: 1 } },
  })
}

/**
 * Counts a prospect's view on its UTC day: one view, and one unique visitor the first time this
 * visitor viewed the proposal that day; a repeat only marks its visit viewed, a suspect view is
 * counted apart. A deleted proposal counts nothing. Answers whether it counted as a view.
 */
export async function recordProspectView(tx: Tx, props: { view: ProspectView; dbSchema: string | undefined }): Promise<boolean> {
  const { view, dbSchema } = props
  const live = await liveProposals(tx, { proposals: [view], dbSchema })
  if (!live.has(view.proposalId)) return false
  if (view.counting === 'suspect') {
    await countSuspectView(tx, view)
    return false
  }
  if (view.visitId !== '' && !(await markVisitViewed(tx, view, dbSchema))) return false
  if (view.counting === 'repeat') return false
  const day = utcDay(view.viewedAt)
  const { proposalId, ownerUserId } = view
  const newVisitor = await countVisitor(tx, { view, day, dbSchema })
  await tx.proposalDay.upsert({
    where: { proposalId_day: { proposalId, day } },
    create: { proposalId, day, ownerUserId, views: 1, uniqueVisitors: newVisitor },
    update: { views: { increment: 1 }, uniqueVisitors: { increment: newVisitor } },
  })
  return true
}
