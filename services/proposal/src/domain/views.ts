import { BEACON_TOKEN_TTL_MS } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import type { Logger } from '@valueproof/http-kit'
import { BatchWriter } from '@valueproof/service-runtime'
import type { PrismaClient, Tx } from '../db.ts'
import { storeViewRecords, type ClassifiedView, type ProposalView } from '../events/outbox.ts'
import { classifyBatch, DEFAULT_VIEW_COUNTING, type ViewCountingPolicy } from './view-people.ts'

export interface ViewRecorderOptions {
  prisma: PrismaClient
  /** The service's schema when its database is shared (the embedded stack). */
  dbSchema: string | undefined
  logger: Logger
  /** How visitors' views count: once per person per window, within the ceilings (view-people.ts); the configuration's defaults when unset. */
  counting?: ViewCountingPolicy
  /** Extra time views are gathered before one transaction writes them (default none: the BatchWriter's group commit). */
  batchDelayMs?: number
  maxBatch?: number
  /** Views waiting to be written; beyond it a beacon waits for room. */
  maxPending?: number
  /** Called after each batch is committed: the outbox relay is nudged so its events go out at once (the owner's live view). */
  written?: () => void
}

/** A batch's prospect views per proposal: only those counted (neither the owner's own, nor repeats, nor suspect ones). */
export function prospectViewCounts(views: readonly ClassifiedView[]): Array<{ id: string; views: number }> {
  const counts = new Map<string, number>()
  for (const view of views) if (view.counting === 'counted') counts.set(view.proposalId, (counts.get(view.proposalId) ?? 0) + 1)
  return Array.from(counts, ([id, count]) => ({ id, views: count }))
}

/**
 * Adds a batch's prospect views to their proposals' view_count in one statement, however many
 * views and proposals; a proposal deleted meanwhile matches nothing. The rows are locked in id
 * order first, so batches written at once by several replicas cannot deadlock on shared proposals.
 */
export async function countProspectViews(tx: Tx, props: { views: readonly ClassifiedView[]; dbSchema: string | undefined }): Promise<void> {
  const counts = prospectViewCounts(props.views)
  if (counts.length === 0) return
  const proposal = qualifiedTable(props.dbSchema, 'proposal')
  await tx.$executeRawUnsafe(
    `WITH counted AS MATERIALIZED (
       SELECT p.id, c.views FROM ${proposal} p JOIN jsonb_to_recordset($1::jsonb) AS c(id text, views int) ON c.id = p.id
        ORDER BY p.id FOR UPDATE OF p
     )
     UPDATE ${proposal} p SET view_count = p.view_count + counted.views FROM counted WHERE p.id = counted.id`,
    JSON.stringify(counts),
  )
}

/**
 * Inserts a batch's visits in the order they came, skipping any whose visit id or token was counted
 * before (or earlier in the batch), and answers the views actually inserted: only those become
 * events and counts.
 */
export async function insertNewVisits(
  tx: Tx,
  props: { views: readonly ProposalView[]; dbSchema: string | undefined },
): Promise<ProposalView[]> {
  if (props.views.length === 0) return []
  const rows = props.views.map((view) => ({
    visitId: view.visitId,
    tokenHash: view.tokenHash,
    proposalId: view.proposalId,
    recordedAt: view.viewedAt.toISOString(),
  }))
  const inserted = await tx.$queryRawUnsafe<Array<{ visit_id: string; token_hash: string }>>(
    `INSERT INTO ${qualifiedTable(props.dbSchema, 'proposal_visit')} (visit_id, token_hash, proposal_id, recorded_at)
     SELECT v.row->>'visitId', v.row->>'tokenHash', v.row->>'proposalId', (v.row->>'recordedAt')::timestamptz AT TIME ZONE 'UTC'
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS v(row, position)
      ORDER BY v.position
     ON CONFLICT DO NOTHING
     RETURNING visit_id, token_hash`,
    JSON.stringify(rows),
  )
  const fresh = new Set(inserted.map((row) => `${row.visit_id} ${row.token_hash}`))
  // The same beacon twice in one batch inserted one row: its first view takes it.
  return props.views.filter((view) => fresh.delete(`${view.visitId} ${view.tokenHash}`))
}

/** A visit row outlives its token by this much (clocks of replicas may differ a little). */
const VISIT_SWEEP_MARGIN_MS = 3_600_000

/** Visits whose tokens have expired: a replay of them fails the token's check, so the rows may go. */
export async function deleteExpiredVisits(prisma: PrismaClient, props: { now?: Date } = {}): Promise<number> {
  const now = props.now ?? new Date()
  const { count } = await prisma.proposalVisit.deleteMany({
    where: { recordedAt: { lt: new Date(now.getTime() - BEACON_TOKEN_TTL_MS - VISIT_SWEEP_MARGIN_MS) } },
  })
  return count
}

/** What a view beacon is answered (503) when its view could not be stored; a client may send it again. */
export const VIEW_NOT_RECORDED_MESSAGE = 'The view could not be recorded just now. Please try again shortly.'

/**
 * Writes proposal-viewed events to the outbox in batches: the views of a short moment go out in one
 * transaction, which records their visits (each visit and token once), classifies the new ones
 * (counted once per person per window, or a repeat, or suspect: view-people.ts), and adds those
 * counted to their proposals' prospect view counts (so a count never runs ahead of its events, nor behind). A
 * view beacon is answered once its batch is committed, so a 202 means stored and survives a crash
 * (docs/decisions/117); a failed write answers its beacons 503 (VIEW_NOT_RECORDED_MESSAGE), never
 * the page; a flood waits for room rather than being dropped (the service runtime's BatchWriter).
 */
export class ViewRecorder {
  readonly #writer: BatchWriter<ProposalView>

  constructor(options: ViewRecorderOptions) {
    const { prisma, dbSchema } = options
    const policy = options.counting ?? DEFAULT_VIEW_COUNTING
    this.#writer = new BatchWriter({
      name: 'proposal views',
      logger: options.logger,
      write: (batch) =>
        prisma.$transaction(async (tx) => {
          const fresh = await insertNewVisits(tx, { views: batch, dbSchema })
          // Locks the proposals viewed, until the commit: replicas classify one proposal's views in turn.
          const props = { views: await classifyBatch(tx, { views: fresh, dbSchema, policy }), dbSchema }
          await storeViewRecords(tx, props)
          await countProspectViews(tx, props)
        }),
      ...(options.written ? { written: options.written } : {}),
      notStoredMessage: VIEW_NOT_RECORDED_MESSAGE,
      ...(options.batchDelayMs === undefined ? {} : { batchDelayMs: options.batchDelayMs }),
      maxBatch: options.maxBatch ?? 500,
      maxPending: options.maxPending ?? 10_000,
    })
  }

  /** Resolves once the view's batch is committed; rejects (503) when it was not stored. Waits for room while a flood fills the queue. */
  record(view: ProposalView): Promise<void> {
    return this.#writer.add(view)
  }

  /** Writes everything recorded so far; resolves when it is in the outbox (or its write failed, and its beacons were answered 503). */
  flush(): Promise<void> {
    return this.#writer.flush()
  }

  /** Writes what is waiting; views after this are refused (503). */
  stop(): Promise<void> {
    return this.#writer.stop()
  }
}
