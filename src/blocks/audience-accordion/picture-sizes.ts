import { desktopMinWidth } from '../../shared/breakpoint'

/**
 * The accordion's layout, in rem, as audience-accordion.module.css and
 * styles/global.css set it: the open card fills what the closed ones leave
 * of the row, and its picture covers a box of fixed height, so a picture
 * wider than the box's shape is shown wider than the card.
 */
const layout = {
  pageWidth: 76,
  /** Two gutters on desktop (2 x 2.5rem); on phones at most 2 x 4vw, about 2.5rem below the desktop width. */
  desktopGutters: 5,
  phoneGutters: 2.5,
  /** A closed card (5.25rem) and the gap beside it (0.75rem). */
  closedCard: 6,
  desktopHeight: 32,
  phoneMinHeight: 24,
}

const rem = (n: number) => `${Number(n.toFixed(2))}rem`

/**
 * `sizes` for a card picture: the width the open card shows it at, so the
 * browser picks a copy that is sharp there (on a 2x screen a 7-card hub's
 * picture is ~683 CSS px, ~1366 device px wide, a 3-card hub's up to 1024
 * CSS px). Plain lengths and calc() behind media queries, which every
 * browser reads in `sizes`.
 */
export function cardPictureSizes(cards: number, aspect = 4 / 3): string {
  const closed = (cards - 1) * layout.closedCard
  const coverDesktop = layout.desktopHeight * aspect
  const widest = layout.pageWidth - closed
  const wide = layout.pageWidth + layout.desktopGutters
  // From this width on, the open card is wider than its picture's cover width.
  const grows = coverDesktop + layout.desktopGutters + closed
  const desktop =
    widest <= coverDesktop
      ? [`(min-width: ${desktopMinWidth}px) ${rem(coverDesktop)}`]
      : [`(min-width: ${rem(wide)}) ${rem(widest)}`, ...(grows > desktopMinWidth / 16 ? [`(min-width: ${rem(grows)}) calc(100vw - ${rem(layout.desktopGutters + closed)})`] : []), `(min-width: ${desktopMinWidth}px) ${rem(coverDesktop)}`]
  const coverPhone = layout.phoneMinHeight * aspect
  const phone = [`(min-width: ${rem(coverPhone + layout.phoneGutters)}) calc(100vw - ${rem(layout.phoneGutters)})`, rem(coverPhone)]
  return [...desktop, ...phone].join(', ')
}
