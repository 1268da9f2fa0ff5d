/**
 * The element ids every page already has, outside its blocks: a block's
 * "id" must not take one (the check says so), or links and the skip link
 * would land on the wrong element.
 */
export const rootId = 'root'
export const mainId = 'main'

/** Each id the layout uses, with what uses it, in words for the check's message. */
export const layoutIds: ReadonlyMap<string, string> = new Map([
  [rootId, 'the element the site is drawn into (index.html)'],
  [mainId, 'the main content area, where "Skip to content" leads'],
])
