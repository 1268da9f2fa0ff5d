/**
 * The waits of a link inside the site (instant links): when its page is
 * fetched ahead, and when a swap that has not come is given up for a full
 * load. Apart from the code that uses them so the browser tests can step a
 * page's clock to them.
 */

/** How long a link must stay in view before its page is queued: a scroll past it fetches nothing. */
export const inViewMs = 300

/**
 * How long a link may take before the next page is loaded whole instead: a
 * full load of a prerendered page paints in about a second even on a slow
 * phone, so a client-side swap that has not come in 3 s has stalled (a
 * chunk or data request stuck on a bad connection).
 */
export const fullLoadAfterMs = 3000
