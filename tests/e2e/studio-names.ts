import { pageName } from '../../src/studio/shared/author-words'

/** The studio's name for a page file (its address), at the start of a text: the toolbar's, with " •" after it while the page has unsaved edits. */
export const namedAtStart = (file: string) => new RegExp(`^${pageName(file).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`)
