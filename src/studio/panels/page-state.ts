/**
 * A page's state, in the author's words: unsaved (edits kept as a draft),
 * saved but not published (on disk, not yet live), or published (nothing
 * to do). Undefined while the publish state is not known yet.
 */
export type PageState = 'unsaved' | 'saved' | 'published'

export const stateLabels: Record<PageState, { short: string; long: string }> = {
  unsaved: { short: 'unsaved', long: 'Edited here and not saved: your edits are kept as a draft until you save or discard them.' },
  saved: { short: 'not published', long: 'Saved, but not yet published: the live site does not have these changes.' },
  published: { short: 'published', long: 'The live site has this page as it is saved.' },
}

export function pageState(file: string, drafts: ReadonlySet<string>, unpublished: ReadonlySet<string> | undefined, dirty = false): PageState | undefined {
  if (dirty || drafts.has(file)) return 'unsaved'
  if (!unpublished) return undefined
  return unpublished.has(`pages/${file}`) ? 'saved' : 'published'
}
