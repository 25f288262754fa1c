// A batch of engagement beacons written in one transaction: the raw events each visit has not sent
// before (primary key (visit_id, seq), at most ENGAGEMENT_MAX_EVENTS_PER_VISIT a visit), and the
// aggregates of exactly the events inserted — so a beacon sent again, or replayed, counts once.
import { ENGAGEMENT_MAX_EVENTS_PER_VISIT, type EngagementEvent } from '@valueproof/contracts'
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { addToAggregates } from './engagement-aggregates.ts'
import { liveProposals } from './proposals.ts'

/** One beacon as the route accepted it: its events, and who sent it from its verified token. */
export interface EngagementBeacon {
  proposalId: string
  ownerUserId: number
  visitorId: string
  visitId: string
  /** SHA-256 of the beacon token (base64url): a token reports for one visit only. */
  tokenHash: string
  /** When the proposal opened for this visitor (the token's), the visit's start until its view event comes. */
  openedAt: Date
  receivedAt: Date
  events: readonly EngagementEvent[]
}

/** An event with the beacon it came in. */
export interface Incoming {
  beacon: EngagementBeacon
  event: EngagementEvent
}

/**
 * Binds each token not seen before to the visit id it first came with, and answers the beacons
 * whose token is bound to their own visit: a token replayed with new visit ids (to count its time
 * again) adds nothing. A binding is never changed, so it needs no lock.
 */
async function boundToTheirVisit(tx: Tx, beacons: readonly EngagementBeacon[], dbSchema: string | undefined): Promise<EngagementBeacon[]> {
  if (beacons.length === 0) return []
  const table = qualifiedTable(dbSchema, 'visit_token')
  const rows = beacons.map((beacon, ord) => ({
    ord,
    tokenHash: beacon.tokenHash,
    visitId: beacon.visitId,
    boundAt: beacon.receivedAt.toISOString(),
  }))
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (token_hash, visit_id, bound_at)
     SELECT DISTINCT ON (t."tokenHash") t."tokenHash", t."visitId", t."boundAt"::timestamptz AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset($1::jsonb) AS t(ord int, "tokenHash" text, "visitId" text, "boundAt" text)
      ORDER BY t."tokenHash", t.ord
     ON CONFLICT DO NOTHING`,
    JSON.stringify(rows),
  )
  const bindings = await tx.$queryRawUnsafe<Array<{ token_hash: string; visit_id: string }>>(
    `SELECT token_hash, visit_id FROM ${table} WHERE token_hash = ANY($1::text[])`,
    [...new Set(rows.map((row) => row.tokenHash))],
  )
  const visitOf = new Map(bindings.map((binding) => [binding.token_hash, binding.visit_id]))
  return beacons.filter((beacon) => visitOf.get(beacon.tokenHash) === beacon.visitId)
}

/**
 * Starts the visits not known yet (not viewed: their view event may still be on its way), then
 * locks every visit of the batch in id order and answers the beacons whose visit is the one their
 * token is for: a visit id sent with another proposal's or visitor's token adds nothing to it.
 */
async function lockVisits(tx: Tx, beacons: readonly EngagementBeacon[], dbSchema: string | undefined): Promise<EngagementBeacon[]> {
  if (beacons.length === 0) return []
  const table = qualifiedTable(dbSchema, 'visit')
  const firstOf = new Map<string, EngagementBeacon>()
  for (const beacon of beacons) if (!firstOf.has(beacon.visitId)) firstOf.set(beacon.visitId, beacon)
  const rows = [...firstOf.values()].map((beacon) => ({
    visitId: beacon.visitId,
    proposalId: beacon.proposalId,
    owner: beacon.ownerUserId,
    visitorId: beacon.visitorId,
    openedAt: beacon.openedAt.toISOString(),
  }))
  await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (visit_id, proposal_id, owner_user_id, visitor_id, started_at, last_seen_at)
     SELECT v."visitId", v."proposalId", v.owner, v."visitorId",
            v."openedAt"::timestamptz AT TIME ZONE 'UTC', v."openedAt"::timestamptz AT TIME ZONE 'UTC'
       FROM jsonb_to_recordset($1::jsonb) AS v("visitId" text, "proposalId" text, owner int, "visitorId" text, "openedAt" text)
      ORDER BY v."visitId"
     ON CONFLICT DO NOTHING`,
    JSON.stringify(rows),
  )
  const visits = await tx.$queryRawUnsafe<Array<{ visit_id: string; proposal_id: string; visitor_id: string }>>(
    `SELECT visit_id, proposal_id, visitor_id FROM ${table} WHERE visit_id = ANY($1::text[]) ORDER BY visit_id FOR UPDATE`,
    [...firstOf.keys()],
  )
  const owners = new Map(visits.map((visit) => [visit.visit_id, visit]))
  return beacons.filter((beacon) => {
    const visit = owners.get(beacon.visitId)
    return visit?.proposal_id === beacon.proposalId && visit.visitor_id === beacon.visitorId
  })
}

/**
 * Inserts the events no earlier beacon of their visit inserted (the first of a sequence number in
 * the batch wins), up to what the visit may still have, in arrival order. The visits are locked,
 * so replicas writing the same visit at once cannot both take its last places. Answers the
 * events inserted.
 */
async function insertNewEvents(tx: Tx, incoming: readonly Incoming[], dbSchema: string | undefined): Promise<Incoming[]> {
  const events = qualifiedTable(dbSchema, 'engagement_event')
  const rows = incoming.map(({ beacon, event }, ord) => ({
    ord,
    visitId: beacon.visitId,
    seq: event.seq,
    proposalId: beacon.proposalId,
    type: event.type,
    section: event.type === 'section' ? event.section : null,
    inputName: event.type === 'input' ? event.name : null,
    value: event.type === 'input' ? event.value : null,
    figures: event.type === 'input' ? (event.figures ?? null) : null,
    visibleMs: event.type === 'input' ? null : event.visibleMs,
    receivedAt: beacon.receivedAt.toISOString(),
  }))
  const inserted = await tx.$queryRawUnsafe<Array<{ visit_id: string; seq: number }>>(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS e(
         ord int, "visitId" text, seq int, "proposalId" text, type text, section text, "inputName" text,
         value float8, figures jsonb, "visibleMs" int, "receivedAt" text)
     ), fresh AS (
       SELECT DISTINCT ON (i."visitId", i.seq) i.* FROM incoming i
        WHERE NOT EXISTS (SELECT 1 FROM ${events} e WHERE e.visit_id = i."visitId" AND e.seq = i.seq)
        ORDER BY i."visitId", i.seq, i.ord
     ), allowed AS (
       SELECT f.* FROM (SELECT fresh.*, row_number() OVER (PARTITION BY fresh."visitId" ORDER BY fresh.ord) AS n FROM fresh) f
         JOIN ${qualifiedTable(dbSchema, 'visit')} v ON v.visit_id = f."visitId"
        WHERE f.n <= $2 - v.event_count
     )
     INSERT INTO ${events} (visit_id, seq, proposal_id, type, section, input_name, value, figures, visible_ms, received_at)
     SELECT "visitId", seq, "proposalId", type, section, "inputName", value, figures, "visibleMs",
            "receivedAt"::timestamptz AT TIME ZONE 'UTC'
       FROM allowed ORDER BY "visitId", seq
     ON CONFLICT DO NOTHING
     RETURNING visit_id, seq`,
    JSON.stringify(rows),
    ENGAGEMENT_MAX_EVENTS_PER_VISIT,
  )
  const stored = new Set(inserted.map((row) => `${row.visit_id} ${row.seq}`))
  // The first of a sequence number in the batch is the one inserted.
  return incoming.filter(({ beacon, event }) => stored.delete(`${beacon.visitId} ${event.seq}`))
}

/**
 * Writes a batch of beacons: nothing for a deleted proposal or a token replayed for another visit,
 * the new events of each visit, and their aggregates. Locks are taken in one order everywhere (proposals, visits, then aggregate
 * rows, each in key order), so replicas and the view consumer cannot deadlock on them. Answers
 * how many events were inserted.
 */
export async function storeEngagement(
  tx: Tx,
  props: { beacons: readonly EngagementBeacon[]; dbSchema: string | undefined },
): Promise<number> {
  const { dbSchema } = props
  const live = await liveProposals(tx, { proposals: props.beacons, dbSchema })
  const bound = await boundToTheirVisit(
    tx,
    props.beacons.filter((beacon) => live.has(beacon.proposalId)),
    dbSchema,
  )
  const beacons = await lockVisits(tx, bound, dbSchema)
  if (beacons.length === 0) return 0
  const incoming = beacons.flatMap((beacon) => beacon.events.map((event) => ({ beacon, event })))
  const inserted = await insertNewEvents(tx, incoming, dbSchema)
  if (inserted.length > 0) await addToAggregates(tx, inserted, dbSchema)
  return inserted.length
}
