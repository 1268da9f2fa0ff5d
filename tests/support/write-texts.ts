/** Two texts of several MiB, each one character repeated, so a part of either is told from the whole. */
export const bigTexts = ['a', 'b'].map((c) => `title: ${c.repeat(6 * 1024 * 1024)}\n`)
