/**
 * The studio's keys beyond the browser's own. Alt+Shift+P, because Ctrl+P
 * prints and Ctrl+Shift+P opens a private window in Firefox; the key's
 * code, not its character, as Alt changes the character on a Mac.
 */
export const publishKeys = 'Alt+Shift+P'

export const isPublishKey = (event: KeyboardEvent) => event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP'
