/**
 * What the publish core answers (src/studio/server/publish/), for the
 * studio's server routes, its browser panels and the CLI alike. No Node
 * imports here: the browser app imports this file.
 */
import type { Problem } from '../../compiler/problems/problems.ts'
import type { RefusalCode } from './publish-sentences.ts'

export interface DiffLine {
  kind: 'added' | 'removed' | 'changed'
  /** Where in the page, in words: "Block 3 (faq) › items › 2 › answer", or "title". */
  label: string
  before?: string
  after?: string
}

export interface FileChange {
  /** 'pages/about-us.yaml', 'public/media/x.webp' */
  path: string
  status: 'added' | 'modified' | 'deleted'
  kind: 'page' | 'media'
  route?: string
  /**
   * The change in page terms; empty for media. Left out past the first
   * `describedAtMost` changes: each is a page read and compared, and a
   * publish of thousands of pages (a generated section) is not read change by change.
   */
  lines?: DiffLine[]
  /** Media: the size of the new file (of the old one when deleted). */
  bytes?: number
}

/** How many changes a publish status describes line by line (FileChange's `lines`); the rest are counted. */
export const describedAtMost = 100

export interface Author {
  name: string
  email: string
}

export interface PublishStatus {
  branch?: string
  detached: boolean
  upstream?: { remote: string; branch: string }
  /** Commits vs the upstream as last fetched. */
  ahead: number
  behind: number
  /** Pages and media the live branch changed since this copy last took it in (when `behind`): their badge says so, and Bring in the latest takes them. */
  liveChanged?: string[]
  /** pages/ and public/ changed since the last publish (see publishStatus), committed or not, untracked files included. */
  changes: FileChange[]
  /** Other changed paths in the working tree, which publishing leaves alone. */
  others: string[]
  author?: Author
  /** Why the remote could not be reached, when a fetch was asked for and failed (the counts are then as last fetched). */
  offline?: string
  /** How many writes the studio had made when this was read (PagesAnswer's `lastWrite`): the files of those writes are as `changes` says. */
  seenWrites?: number
}

export interface Version {
  commit: string
  short: string
  author: string
  email: string
  /** ISO 8601, the author's time zone. */
  date: string
  message: string
  /** The file's path in that version (follows renames). */
  path: string
  /** What this version changed on the page, against the version before it (History's newest versions only). */
  lines?: DiffLine[]
}

/** A page deleted by a published change: it is put back from the commit before. */
export interface DeletedPage {
  path: string
  route?: string
  deletedIn: Version
  /** A commit that still has the page (the parent of `deletedIn`). */
  lastVersion: string
}

/** A page deleted in the studio, published or not: the studio kept its exact text when it was deleted, and puts that back. */
export interface DeletedHere {
  path: string
  route?: string
  /** When it was deleted (ISO time). */
  deletedAt: string
}

/** One field both sides changed differently, as the author chooses it: where, and the two values. */
export interface FieldConflictView {
  /** The name the choice is sent back under. */
  key: string
  label: string
  mine: string
  theirs: string
}

export interface ConflictPage {
  path: string
  route?: string
  /** Who last changed the page on the other side (the colleague), when known. */
  theirsBy?: string
  /** The fields to choose one by one; absent when the page is chosen whole (deleted on one side, or not readable). */
  fields?: FieldConflictView[]
  /** The page as this author has it, and as the remote has it; null where deleted. */
  mine: string | null
  theirs: string | null
  /** Each side's change against the version both started from. */
  mineChanges: DiffLine[]
  theirsChanges: DiffLine[]
}

export type PublishStep = 'checking' | 'fetching' | 'committing' | 'merging' | 'building' | 'pushing'

/** How far a step that goes through the pages is: its phase (the build's: read, check, bundle, prerender) and the pages done of all. */
export interface PublishProgress {
  phase: string
  done: number
  total: number
}

export type Choice = 'mine' | 'theirs'

export type PublishOutcome =
  | {
      kind: 'published'
      commit: string
      pushed: boolean
      remote?: string
      files: string[]
      others: string[]
      ms: number
      /** A sentence for the author: "Published 2 files to origin/main." */
      message: string
      /** What the remote said while taking the push (a deploy hook's report: live, or why not), line by line. */
      remoteSaid?: string[]
    }
  /** Every bad input: one clear sentence, nothing changed. `code` names the sentence in publish-sentences.ts. */
  | { kind: 'refused'; code: RefusalCode; reason: string }
  | { kind: 'problems'; problems: Problem[] }
  /** The same page changed on both sides: nothing changed yet; publish again with a choice for each page. */
  | { kind: 'conflict'; pages: ConflictPage[] }

/** What bringing in the latest published version answers (server/publish/bring-in.ts). */
export type BringInOutcome =
  | { kind: 'updated'; files: string[]; merged: string[]; message: string }
  | { kind: 'refused'; reason: string }
