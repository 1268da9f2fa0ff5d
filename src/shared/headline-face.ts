/**
 * The page's own headline face (src/prerender/headline-face.ts writes it,
 * global.css's .headline uses it, src/app/brand-font.ts drops it): the names
 * all three share.
 */
export const headlineFamily = 'Inter headline'
/** The attribute that marks the face's preload and its <style> in the page's head (the app drops both). */
export const headlineFaceAttribute = 'data-headline-face'
/** A headline's one weight: the face is cut from a static instance at it (scripts/subset-font.ts). */
export const headlineWeight = 800
