/**
 * The colours a card may take (audience-stack's `colour`): the design
 * token each paints its background with, and the text colour that reads
 * on it. The block sets its cards from this, and the studio's form shows
 * each choice as a swatch from it, so the two cannot disagree.
 */
export const cardColours = {
  ink: { background: 'var(--ink)', text: 'var(--paper)' },
  teal: { background: 'var(--teal)', text: 'var(--paper)' },
  green: { background: 'var(--forest)', text: 'var(--paper)' },
  blue: { background: 'var(--navy)', text: 'var(--paper)' },
  sand: { background: 'var(--sand)', text: 'var(--text)' },
  mint: { background: 'var(--mint)', text: 'var(--ink)' },
} as const

export type CardColour = keyof typeof cardColours

export function isCardColour(name: string): name is CardColour {
  return Object.hasOwn(cardColours, name)
}
