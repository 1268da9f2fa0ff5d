/**
 * The studio's API contract: every route the server answers, with what it
 * takes and what it answers. The server's handlers (server/routes/) and the
 * browser's calls (client/call.ts) are both typed from this one table, so a
 * changed answer fails the type check on both sides at once.
 *
 * GET routes take their input as query parameters; the others as a JSON body.
 */
import type { Problem } from '../../compiler/problems/problems.ts'
import type { JsonSchema } from '../../shared/json-schema.ts'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import type { Page, Site } from '../../generated/schema-types.ts'
import type { FormModel } from '../forms/fields.ts'
import type { LinkPlace } from '../forms/link-places.ts'
import type { Author, BringInOutcome, Choice, DeletedHere, DeletedPage, PublishOutcome, PublishStatus, Version } from './publish-types.ts'
import type { Change, ChangeView } from './change-types.ts'
import type { HereNow } from './presence-types.ts'

export interface FileSummary {
  /** Path under pages/, with forward slashes. */
  file: string
  route?: string
  title?: string
  problems: number
}

export interface CheckResult {
  problems: Problem[]
  /** The page ready to render, when the text has no problems. */
  page?: Page
  site?: Site
  /** 1-based line of each block's "- " item, by index, for the preview to point back at. */
  blockLines: number[]
}

/** Unsaved text the studio keeps for a page until it is saved or discarded (server/drafts.ts). */
export interface Draft {
  text: string
  /** Hash of the file on disk the draft was typed over. */
  baseHash: string
  /** When it was last kept (ISO). */
  at: string
}

export interface FileRead {
  text: string
  hash: string
  draft?: Draft
  /** What the file holds, and so which form shows it: a page, the site's settings (_site.yaml) or the shared blocks (_shared.yaml). */
  kind: FileKind
}

export type FileKind = 'page' | 'site' | 'shared'

export interface MediaFile {
  path: string
  kind: 'image' | 'video'
  /** The alt texts pages give it. */
  described?: string[]
  /** The routes of the pages that show it. */
  usedOn?: string[]
}

export interface PagesAnswer {
  files: FileSummary[]
  /** Files written, created, renamed or deleted in this session. */
  changed: string[]
  /** Pictures and videos brought in this session, by their path under public/ (the copies made beside each go with it, unlisted). */
  media: string[]
  /** Each of those files' last write, numbered in the order the studio made them (see PublishStatus's `seenWrites`). */
  lastWrite: Record<string, number>
  /** Files with a kept draft: edited here and not saved. */
  drafts: string[]
  /** Every page is still being read and checked (the studio's start): `files` has no titles yet, and counts only the settings' problems. */
  checking?: true
  /** The first read of every page failed, each time it was tried, and why: the pages are not checked until the studio starts again. */
  unread?: string
}

type NoInput = Record<string, never>

/** Route name ("METHOD /path") to its input and answer. */
export interface Routes {
  'GET /api/pages': { input: NoInput; answer: PagesAnswer }
  'GET /api/file': { input: { path: string }; answer: FileRead }
  'GET /api/schema': { input: { path: string }; answer: JsonSchema }
  'GET /api/catalogue': { input: NoInput; answer: CatalogueEntry[] }
  'GET /api/media': { input: NoInput; answer: MediaFile[] }
  'POST /api/check': { input: { path: string; text: string }; answer: CheckResult }
  'PUT /api/file': { input: { path: string; text: string; baseHash?: string; force?: boolean }; answer: { hash: string; problems: Problem[] } }
  'PUT /api/draft': { input: { path: string; text: string; baseHash: string }; answer: { at: string } }
  'POST /api/discard-draft': { input: { path: string }; answer: Record<string, never> }
  /** `linkFrom`: ids of GET /api/link-places; `linked`: the files that got a link to the new page. */
  'POST /api/create': { input: { route: string; like?: string; clearWords?: boolean; linkFrom?: string[] }; answer: { file: string; problems: Problem[]; linked: string[] } }
  /** Where New page can link the page it makes from (after each link to `like`, and in the site's lists of links). */
  'GET /api/link-places': { input: { like?: string }; answer: LinkPlace[] }
  'POST /api/rename': { input: { path: string; route: string }; answer: { file: string; broken: Problem[] } }
  /** Every link to the address `from` made to lead to `to` (a renamed page's old and new addresses); `relinked` names the files changed. */
  'POST /api/relink': { input: { from: string; to: string }; answer: { relinked: string[] } }
  /** `withLinks`: the list items that link to it (cards, menu entries) go in the same step, kept to be put back on restore; `unlinked` names their files. */
  'POST /api/delete': { input: { path: string; withLinks?: boolean }; answer: { broken: Problem[]; unlinked: string[] } }
  /** The links that lead to a page, by file: those that go with it when it is deleted (removable), and those to change by hand. */
  'GET /api/links-to': { input: { path: string }; answer: { links: { file: string; where: string; removable: boolean }[] } }
  /** Every form the studio can show, worked out from schema/. */
  'GET /api/form': { input: NoInput; answer: FormModel }
  /** Where links may go: every route, and the anchors each route's blocks define. */
  'GET /api/targets': { input: NoInput; answer: { routes: string[]; anchors: Record<string, string[]>; titles: Record<string, string> } }
  /** What publishing would take; `fetch: "yes"` asks the remote first (else as last fetched). */
  'GET /api/publish': { input: { fetch?: 'yes' }; answer: PublishStatus }
  /** Check, build, commit and push; its steps are told on the event stream as they run. `choices` settle a page changed on both sides whole, `fieldChoices` field by field (ConflictPage's `fields`, by key). */
  'POST /api/publish': { input: { message: string; author?: Author; choices?: Record<string, Choice>; fieldChoices?: Record<string, Record<string, Choice>> }; answer: PublishOutcome }
  /** A page's published versions, newest first. */
  'GET /api/history': { input: { path: string }; answer: Version[] }
  /** Pages not in pages/ now: those deleted in the studio (their texts kept), most recent first, then the others deleted in the history. */
  'GET /api/deleted': { input: NoInput; answer: (DeletedHere | DeletedPage)[] }
  /** A page's exact text at a commit of its history. */
  'GET /api/version': { input: { path: string; commit: string }; answer: { text: string } }
  /** A page's text as last published (null: never published). */
  'GET /api/published': { input: { path: string }; answer: { text: string | null } }
  /** Put a deleted page back, as a saved, not yet published page: from a version of its history (`commit`), else as the studio kept it when deleted. */
  'POST /api/restore-deleted': { input: { path: string; commit?: string }; answer: { file: string; relinked: string[]; missed: string[] } }
  /** The team studio's people (editors only; the local studio has none). */
  'GET /api/people': { input: NoInput; answer: Person[] }
  /** A new account, or a new link for an existing one (`reset`, which also signs them out): the one-time link to send them. */
  'POST /api/invite': { input: { name: string; email: string; role: string; reset?: boolean }; answer: { link: string; person: Person } }
  /** Takes an account away, and signs its person out everywhere. */
  'POST /api/remove-person': { input: { email: string }; answer: Record<string, never> }
  /** Take in what the team published since (field by field where this copy changed the same page); nothing is published. */
  'POST /api/bring-in': { input: NoInput; answer: BringInOutcome }
  /** Every open change, then the latest published or withdrawn ones (shared/change-types.ts). */
  'GET /api/changes': { input: NoInput; answer: ChangeView[] }
  /** Saved work put up for review as one named change: `files` (paths from the project root), else all saved work in no open change. `author`: who, in the local studio, asked once. */
  'POST /api/change-submit': { input: { title: string; files?: string[]; author?: Author }; answer: Change }
  /** The change's files as saved now, and `files` added to it, back in review. */
  'POST /api/change-update': { input: { id: number; files: string[] }; answer: Change }
  /** `note`: the change was closed meanwhile (the comment is kept all the same). */
  'POST /api/change-comment': { input: { id: number; text: string }; answer: { change: Change; note?: string } }
  /** An editor's verdict; asking for changes needs a comment. */
  'POST /api/change-review': { input: { id: number; verdict: 'approve' | 'request-changes'; comment?: string }; answer: Change }
  /** Taken back by its author or an editor: its edits stay saved. */
  'POST /api/change-withdraw': { input: { id: number }; answer: Change }
  /** An approved change, sent live; `choices` settle the pages changed differently on both sides, as Publish's do. */
  'POST /api/change-publish': { input: { id: number; choices?: Record<string, Choice>; fieldChoices?: Record<string, Record<string, Choice>> }; answer: PublishOutcome }
  /** This tab (a random id of its own) has `file` open, or none; answers who has which page open. The local studio has no one else: it answers nobody. */
  'POST /api/presence': { input: { tab: string; file?: string }; answer: HereNow[] }
  /** What the browser needs to make a passkey for the signed-in person (WebAuthn's creation options, as JSON). */
  'POST /api/passkey-options': { input: NoInput; answer: Record<string, unknown> }
  /** Keeps the passkey the browser made (its answer, credential.toJSON()); answers how many the person has now. */
  'POST /api/passkey-add': { input: { response: Record<string, unknown> }; answer: { passkeys: number } }
}

/** One person of the team studio, as editors see them. */
export interface Person {
  name: string
  email: string
  role: 'author' | 'editor'
  /** Whether they have chosen a password (else their link waits to be used). */
  active: boolean
}

export type RouteName = keyof Routes
export type Input<R extends RouteName> = Routes[R]['input']
export type Answer<R extends RouteName> = Routes[R]['answer']

/** The HTTP method and path of a route name. */
export function splitRoute(name: RouteName): { method: string; path: string } {
  const [method, path] = name.split(' ') as [string, string]
  return { method, path }
}

/**
 * The path a picture or video from the author's computer is sent to: the
 * file's bytes as the body (application/octet-stream), the author's name for
 * it as `?words=`. Not in the table: its body is not JSON. It answers
 * UploadAnswer (server/media/import-media.ts's ImportResult).
 */
export const uploadPath = '/api/upload'

export type UploadAnswer =
  | { ok: true; kind: 'image'; src: string; files: string[]; width: number; height: number }
  | { ok: true; kind: 'video'; src: string; mp4: string; poster: string; files: string[]; width: number; height: number }
  | { ok: false; reason: string }

/** The path of the server's event stream (shared/events.ts): not in the table, it answers with a stream, not JSON. */
export const eventsPath = '/api/events'

/**
 * The studio's page of every problem it can report (server/problems-page.ts),
 * one section per code, whose id is the code: the problem list links each
 * problem to `${problemsPagePath}#${code}`.
 */
export const problemsPagePath = '/help/problems'
