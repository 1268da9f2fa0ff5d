/**
 * A page's state, in the author's words: unsaved (edits kept as a draft),
 * changed on the live site since this copy took it in (someone published a
 * newer version), saved and in a change under review as it is saved,
 * saved but not published (on disk, not yet live), or published (the live
 * text is the saved text). Undefined while the publish state is not known
 * yet.
 */
export type PageState = 'unsaved' | 'behind' | 'in-review' | 'saved' | 'published'

export const stateLabels: Record<PageState, { short: string; long: string }> = {
  unsaved: { short: 'unsaved', long: 'Edited here and not saved: your edits are kept as a draft until you save or discard them.' },
  behind: { short: 'newer version live', long: 'Someone published a newer version of this page since: Bring in the latest (in the Publish panel) shows it here, and keeps your saved edits.' },
  'in-review': { short: 'in review', long: 'Saved and in a change under review, as it is saved: it goes live when an editor publishes the change (see Changes).' },
  saved: { short: 'not published', long: 'Saved, but not yet published: the live site does not have these changes.' },
  published: { short: 'published', long: 'The live site has this page as it is saved.' },
}

/** `inReview`: paths (from the project root) in an open change with the text they have on disk (changes-store.ts's useInReview). */
export function pageState(file: string, drafts: ReadonlySet<string>, unpublished: ReadonlySet<string> | undefined, dirty = false, liveChanged: ReadonlySet<string> = new Set(), inReview: ReadonlySet<string> = new Set()): PageState | undefined {
  if (dirty || drafts.has(file)) return 'unsaved'
  if (!unpublished) return undefined
  const path = `pages/${file}`
  if (liveChanged.has(path)) return 'behind'
  if (!unpublished.has(path)) return 'published'
  return inReview.has(path) ? 'in-review' : 'saved'
}
