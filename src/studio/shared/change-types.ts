/**
 * A change: an author's saved edits across any pages and pictures, named,
 * kept on a branch of its own, reviewed by an editor and published as one
 * (server/changes/). No Node imports here: the browser app imports this
 * file.
 */
import type { Author, FileChange } from './publish-types.ts'

/**
 * Where a change is. Before it is submitted, saved work is a draft: the
 * Publish panel's "saved but not live" list. Submitted, it is in review;
 * an editor sends it back (changes requested) or approves it; an approved
 * change is published by an editor. An author may withdraw theirs before it
 * is published: its edits stay saved, as drafts.
 */
export type ChangeState = 'in-review' | 'changes-requested' | 'approved' | 'published' | 'withdrawn'

export const changeStateWords: Record<ChangeState, string> = {
  'in-review': 'In review',
  'changes-requested': 'Changes requested',
  approved: 'Approved',
  published: 'Published',
  withdrawn: 'Withdrawn',
}

/** The states in which a change still holds its pages: another change cannot take them. */
export const openStates: readonly ChangeState[] = ['in-review', 'changes-requested', 'approved']

export interface ChangeComment {
  id: number
  by: Author
  text: string
  /** ISO time. */
  at: string
}

/** One step of a change's life, for its timeline: who submitted, sent back, approved, published it. */
export interface ChangeEvent {
  by: Author
  /** What they did, in words: "submitted it", "asked for changes", "approved it", "published it". */
  did: string
  at: string
}

export interface Change {
  id: number
  title: string
  state: ChangeState
  author: Author
  /** Paths from the project's root (pages/…, public/…), in path order. */
  files: string[]
  /** The commit its branch holds now, and the live commit it began from. */
  tip: string
  base: string
  createdAt: string
  updatedAt: string
  comments: ChangeComment[]
  events: ChangeEvent[]
  /** The live commit it became, once published. */
  published?: string
}

/** A change as the Changes panel shows it: with each file's change in page terms, and which files were edited again since it was last submitted. */
export interface ChangeView extends Change {
  diff: FileChange[]
  editedSince: string[]
}
