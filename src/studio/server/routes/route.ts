/**
 * How one API route is written: its name from the contract (shared/api.ts),
 * how its input is read from the request (each field checked, a wrong one
 * refused with a sentence naming it), and what it does.
 */
import type { Answer, Input, RouteName } from '../../shared/api.ts'
import type { DeletedTexts } from '../deleted-texts.ts'
import type { Changes } from '../changes/changes.ts'
import type { Drafts } from '../drafts.ts'
import type { Presence } from '../presence.ts'
import type { EventHub } from '../event-hub.ts'
import type { PublishState } from '../publish-state.ts'
import type { StudioProject } from '../project/project.ts'
import type { fields } from '../request-body.ts'
import type { TeamUser } from '../../team/team-store.ts'
import type { Writers } from '../../team/writers.ts'
import type { TeamGate } from '../../team/team-gate.ts'

/** What every route may use. */
export interface RouteContext {
  project: StudioProject
  drafts: Drafts
  /** The texts of pages deleted in the studio, to put back. */
  deleted: DeletedTexts
  /** Saved work put up for review (changes/changes.ts). */
  changes: Changes
  events: EventHub
  /** Who has which page open (team studio). */
  presence: Presence
  publishState: PublishState
  /** Tell every open studio page that pages/ changed (after a write of the studio's own). */
  pagesChanged: () => void
  /**
   * Tell every open studio page that a draft was kept or dropped. Only the
   * drafts list goes: the whole pages answer is large at 10,000 pages
   * (docs/measurements.md, "The studio's waits"), and a key typed and taken
   * back keeps and drops a draft.
   */
  draftsChanged: () => void
  /** Who made this request, in the team studio (none in the local one). */
  user?: TeamUser
  /** Who wrote what is saved and not yet published, in the team studio. */
  writers?: Writers
  /** The team studio's accounts (none in the local studio). */
  team?: TeamGate
}

export type Fields = ReturnType<typeof fields>

export interface RouteModule<R extends RouteName> {
  name: R
  read: (input: Fields) => Input<R>
  handle: (input: Input<R>, context: RouteContext) => Answer<R> | Promise<Answer<R>>
  /**
   * Answered while the studio is still reading every page (StudioProject's
   * `checked`): the route needs one file, the site's shell or git, never the
   * whole site. Any other route waits until every page is read and checked.
   */
  beforeChecked?: boolean
}

export const route = <R extends RouteName>(name: R, read: RouteModule<R>['read'], handle: RouteModule<R>['handle'], options: { beforeChecked?: boolean } = {}): RouteModule<R> => ({ name, read, handle, ...options })

/** For routes that take nothing. */
export const noInput = () => ({}) as Record<string, never>
