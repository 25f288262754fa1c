// What newly inserted engagement events add to analytics' aggregates (domain/engagement.ts inserts
// them): each visit's time and last moment, each section's time per visit and per proposal day,
// each input's final value per visit, and each proposal day's visible time.
import { qualifiedTable } from '@valueproof/db'
import type { Tx } from '../db.ts'
import { dayKey } from './days.ts'
import type { Incoming } from './engagement.ts'

interface VisitDelta {
  visitId: string
  visibleMs: number
  lastSeen: string
  events: number
}
interface SectionDelta {
  visitId: string
  section: string
  proposalId: string
  visibleMs: number
  /** The day of the batch's first report of it: the day the visit counts into, if it is its first ever. */
  firstDay: string
}
interface SectionDayDelta {
  proposalId: string
  day: string
  section: string
  visits: number
  visibleMs: number
}
interface InputFinal {
  visitId: string
  inputName: string
  proposalId: string
  value: number
  figures: unknown
  seq: number
  movedAt: string
}
interface DayDelta {
  proposalId: string
  day: string
  owner: number
  visibleMs: number
}

function add<T>(map: Map<string, T>, key: string, start: () => T, change: (entry: T) => void): void {
  const entry = map.get(key) ?? start()
  change(entry)
  map.set(key, entry)
}

/** The inserted events' sums per visit, section, input and day (heartbeats are the visible time). */
export function engagementAggregates(inserted: readonly Incoming[]) {
  const visits = new Map<string, VisitDelta>()
  const sections = new Map<string, SectionDelta>()
  const sectionDays = new Map<string, SectionDayDelta>()
  const inputs = new Map<string, InputFinal>()
  const days = new Map<string, DayDelta>()
  for (const { beacon, event } of inserted) {
    const { visitId, proposalId } = beacon
    const receivedAt = beacon.receivedAt.toISOString()
    const day = dayKey(beacon.receivedAt)
    add(
      visits,
      visitId,
      () => ({ visitId, visibleMs: 0, lastSeen: receivedAt, events: 0 }),
      (visit) => {
        visit.events += 1
        if (receivedAt > visit.lastSeen) visit.lastSeen = receivedAt
        if (event.type === 'heartbeat') visit.visibleMs += event.visibleMs
      },
    )
    if (event.type === 'heartbeat') {
      const start = () => ({ proposalId, day, owner: beacon.ownerUserId, visibleMs: 0 })
      add(days, `${proposalId} ${day}`, start, (total) => (total.visibleMs += event.visibleMs))
    } else if (event.type === 'section') {
      const { section, visibleMs } = event
      add(
        sections,
        `${visitId} ${section}`,
        () => ({ visitId, section, proposalId, visibleMs: 0, firstDay: day }),
        (seen) => {
          seen.visibleMs += visibleMs
          if (day < seen.firstDay) seen.firstDay = day
        },
      )
      const start = () => ({ proposalId, day, section, visits: 0, visibleMs: 0 })
      add(sectionDays, `${proposalId} ${day} ${section}`, start, (total) => (total.visibleMs += visibleMs))
    } else {
      const latest = inputs.get(`${visitId} ${event.name}`)
      if (latest === undefined || latest.seq < event.seq) {
        const final = {
          visitId,
          inputName: event.name,
          proposalId,
          value: event.value,
          figures: event.figures ?? null,
          seq: event.seq,
          movedAt: receivedAt,
        }
        inputs.set(`${visitId} ${event.name}`, final)
      }
    }
  }
  return {
    visits: [...visits.values()],
    sections,
    sectionDays,
    inputs: [...inputs.values()],
    days: [...days.values()].filter((total) => total.visibleMs > 0),
  }
}

/**
 * Adds each section's time to its visit, and to its proposal's day — counting the visit into the
 * day of its first report of the section, the first time it reports it (so a visit counts once).
 */
async function addSections(tx: Tx, aggregates: ReturnType<typeof engagementAggregates>, dbSchema: string | undefined): Promise<void> {
  const { sections, sectionDays } = aggregates
  if (sections.size === 0) return
  const upserted = await tx.$queryRawUnsafe<Array<{ visit_id: string; section: string; inserted: boolean }>>(
    `INSERT INTO ${qualifiedTable(dbSchema, 'visit_section')} AS s (visit_id, section, proposal_id, visible_ms)
     SELECT u."visitId", u.section, u."proposalId", u."visibleMs"
       FROM jsonb_to_recordset($1::jsonb) AS u("visitId" text, section text, "proposalId" text, "visibleMs" bigint)
      ORDER BY u."visitId", u.section
     ON CONFLICT (visit_id, section) DO UPDATE SET visible_ms = s.visible_ms + excluded.visible_ms
     RETURNING visit_id, section, (xmax = 0) AS inserted`,
    JSON.stringify([...sections.values()]),
  )
  // xmax = 0: the row was inserted rather than updated, so this is the visit's first report of it.
  for (const row of upserted.filter((candidate) => candidate.inserted)) {
    const seen = sections.get(`${row.visit_id} ${row.section}`)
    if (!seen) continue
    const start = () => ({ proposalId: seen.proposalId, day: seen.firstDay, section: seen.section, visits: 0, visibleMs: 0 })
    add(sectionDays, `${seen.proposalId} ${seen.firstDay} ${seen.section}`, start, (total) => (total.visits += 1))
  }
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(dbSchema, 'proposal_section_day')} AS d (proposal_id, day, section, visits, visible_ms)
     SELECT u."proposalId", u.day::date, u.section, u.visits, u."visibleMs"
       FROM jsonb_to_recordset($1::jsonb) AS u("proposalId" text, day text, section text, visits int, "visibleMs" bigint)
      ORDER BY u."proposalId", u.day, u.section
     ON CONFLICT (proposal_id, day, section) DO UPDATE SET visits = d.visits + excluded.visits, visible_ms = d.visible_ms + excluded.visible_ms`,
    JSON.stringify([...sectionDays.values()]),
  )
}

/** Adds the inserted events to the visits, their sections and inputs, and their proposals' days (rows in key order). */
export async function addToAggregates(tx: Tx, inserted: readonly Incoming[], dbSchema: string | undefined): Promise<void> {
  const table = (name: string) => qualifiedTable(dbSchema, name)
  const aggregates = engagementAggregates(inserted)
  const { visits, inputs, days } = aggregates
  await tx.$executeRawUnsafe(
    `UPDATE ${table('visit')} v
        SET visible_ms = v.visible_ms + u."visibleMs", event_count = v.event_count + u.events,
            last_seen_at = greatest(v.last_seen_at, u."lastSeen"::timestamptz AT TIME ZONE 'UTC')
       FROM jsonb_to_recordset($1::jsonb) AS u("visitId" text, "visibleMs" bigint, "lastSeen" text, events int)
      WHERE v.visit_id = u."visitId"`,
    JSON.stringify(visits),
  )
  await addSections(tx, aggregates, dbSchema)
  if (inputs.length > 0) {
    // The value of the highest sequence number stays, whichever beacon brought it first.
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table('visit_input')} AS i (visit_id, input_name, proposal_id, value, figures, seq, moved_at)
       SELECT u."visitId", u."inputName", u."proposalId", u.value, u.figures, u.seq, u."movedAt"::timestamptz AT TIME ZONE 'UTC'
         FROM jsonb_to_recordset($1::jsonb) AS u("visitId" text, "inputName" text, "proposalId" text, value float8, figures jsonb, seq int, "movedAt" text)
        ORDER BY u."visitId", u."inputName"
       ON CONFLICT (visit_id, input_name) DO UPDATE
          SET value = excluded.value, figures = excluded.figures, seq = excluded.seq, moved_at = excluded.moved_at
        WHERE i.seq < excluded.seq`,
      JSON.stringify(inputs),
    )
  }
  if (days.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table('proposal_day')} AS d (proposal_id, day, owner_user_id, visible_ms)
       SELECT u."proposalId", u.day::date, u.owner, u."visibleMs"
         FROM jsonb_to_recordset($1::jsonb) AS u("proposalId" text, day text, owner int, "visibleMs" bigint)
        ORDER BY u."proposalId", u.day
       ON CONFLICT (proposal_id, day) DO UPDATE SET visible_ms = d.visible_ms + excluded.visible_ms`,
      JSON.stringify(days),
    )
  }
}
