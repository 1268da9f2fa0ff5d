/**
 * The one width where the layout turns from phone to desktop: the header's
 * menus, two-column blocks, image `sizes`. CSS cannot import it, so every
 * @media query in src/ writes it out and tests/unit/one-source.test.ts checks
 * that each one says exactly this.
 */
export const desktopMinWidth = 769

/** The media query for desktop screens, for matchMedia and `sizes`. */
export const desktopQuery = `(min-width: ${desktopMinWidth}px)`
