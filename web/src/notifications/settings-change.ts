// One switch's change to the seller's e-mail notifications, shown at once (optimistic) and undone
// when the server refuses it. Each change owns its one kind, so changes to different switches in
// flight together never undo each other.
import type { NotificationKind, NotificationSettings } from '@valueproof/contracts'

export interface SettingsChange {
  kind: NotificationKind
  on: boolean
}

/** The settings with the change made. */
export function withChange(settings: NotificationSettings, change: SettingsChange): NotificationSettings {
  return { ...settings, [change.kind]: change.on }
}

/**
 * The settings after the server refused `change`: its kind back to what it was before, unless a
 * later change of the same switch has already replaced it (that change settles it).
 */
export function rolledBack(settings: NotificationSettings, change: SettingsChange, before: boolean): NotificationSettings {
  return settings[change.kind] === change.on ? { ...settings, [change.kind]: before } : settings
}

/**
 * The settings after the server saved `change`: its kind as the server answers it (unless a later
 * change of the same switch replaced it meanwhile), the other kinds as shown, whose own changes may
 * still be on their way.
 */
export function settled(settings: NotificationSettings, change: SettingsChange, answer: NotificationSettings): NotificationSettings {
  return settings[change.kind] === change.on ? { ...settings, [change.kind]: answer[change.kind] } : settings
}
