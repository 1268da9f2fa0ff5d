/**
 * The element ids every page already has, outside its blocks: a block's
 * "id" must not take one (the check says so), or links and the skip link
 * would land on the wrong element.
 */
export const rootId = 'root'
export const mainId = 'main'
/** The prerendered page's data, beside #root: the app starts from it without fetching it again. */
export const pageDataId = 'page-data'

/** Each id the layout uses, with what uses it, in words for the check's message. */
export const layoutIds: ReadonlyMap<string, string> = new Map([
  [rootId, 'the element the site is drawn into (index.html)'],
  [mainId, 'the main content area, where "Skip to content" leads'],
  [pageDataId, "the page's data, which the site's scripts start from"],
])
