// A count of people whose job title the vocabulary does not know: "your team of 6 underwriters",
// "8 paralegals in your team", "ert team på 5 utredare", "12 dispatchers each spend 6 hours a week".
// The words around the count say it is a team, so it counts people (the staff that time is saved
// for) rather than things; the noun as written is kept.
import type { MutableFigure } from './figures-types.ts'

/** How far before or after a count its team words are read. */
const REACH = 48

/** "team of", "a staff of", "ert team på", "en grupp med", "avdelningen med". */
const TEAM_BEFORE =
  /\b(?:team|staff|crew|group|department|squad|workforce|pool|headcount)\s+of\s*$|\b(?:team|teamet|grupp|gruppen|avdelning|avdelningen|arbetslag|arbetslaget|stab|styrka)\s+(?:på|med|om)\s*$/iu
/** "in your team", "on the team", "i ert team", "på avdelningen". */
const TEAM_AFTER =
  /^\s*(?:in|on|within|across|i|inom|på)\s+(?:your|our|the|their|its|this|ert|vårt|ditt|mitt|deras|sitt)?\s*(?:[\p{L}-]+\s+)?(?:team|teams|department|office|staff|teamet|avdelning\p{L}*|grupp\p{L}*|kontor\p{L}*|enhet\p{L}*)\b/iu
/** "each spend 6 hours", "spend 8 hours per week each", "lägger 8 timmar": people spend time. */
const SPEND_TIME_AFTER =
  /^\s*(?:each\s+|all\s+|var\s+|vardera\s+)?(?:spend|spends|work|works|lose|lägger|arbetar|jobbar|ägnar|förlorar)\b[^.;\n]{0,40}?\b(?:hours?|hrs?|minutes?|timmar|timme|minuter)\b/iu

/** Gives the counts that a team's words surround the entity 'person' (their noun stays as written). */
export function markTeams(text: string, figures: MutableFigure[]): void {
  for (const figure of figures) {
    if (figure.kind !== 'count' || figure.entity !== undefined || figure.noun === undefined || figure.per !== undefined) continue
    const before = text.slice(Math.max(0, figure.start - REACH), figure.start)
    const after = text.slice(figure.end, Math.min(text.length, figure.end + REACH))
    if (TEAM_BEFORE.test(before) || TEAM_AFTER.test(after) || SPEND_TIME_AFTER.test(after)) figure.entity = 'person'
  }
}
