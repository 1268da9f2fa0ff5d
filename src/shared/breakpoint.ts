/**
 * The one width where the layout turns from phone to desktop: the header's
 * menus, two-column blocks, image `sizes`. CSS cannot import it, so every
 * @media query in src/ writes it out (min-width, or max-width one pixel
 * less) and tests/unit/shared/one-source.test.ts checks that each one says exactly
 * this, or one of the other widths below.
 */
export const desktopMinWidth = 769

/** The media query for desktop screens, for matchMedia and `sizes`. */
export const desktopQuery = `(min-width: ${desktopMinWidth}px)`

/** Widths where one part changes on its own, each written in its CSS only. */
export const localWidths = {
  /** Below it the catalogue's field table becomes cards (app/catalogue-page.module.css, max-width). */
  catalogueCards: 560,
  /** From it the footer sets its columns side by side (app/footer.module.css). */
  footerColumns: 960,
  /** From it the steps block shows all its steps in one row and facts go four to a row (blocks/steps, blocks/facts). */
  stepsInOneRow: 1100,
} as const
