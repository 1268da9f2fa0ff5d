/**
 * Every timing and motion constant of the site, in one place (SPEC §9).
 * Components import from here; nothing hard-codes a duration of its own.
 */
const homeInView = { min: 0.5, max: 0.9 } as const

export const motion = {
  typewriter: {
    /** One character is added every 50 ms. */
    charMs: 50,
    /** A complete phrase stays for 1 s before it is cleared. */
    pauseMs: 1000,
    /** Under reduced motion whole phrases are shown, each for this long. */
    reducedPhraseMs: 2500,
  },
  connect: {
    /** The bottom hero heading must be this visible... */
    threshold: 0.5,
    /** ...for this long before the Connect block appears. */
    delayMs: 1500,
  },
  /**
   * Viewport-entry thresholds: how much of an element is in view before it
   * animates in (src/components/reveal.tsx). An element taller than the
   * screen counts as in view once it fills that share of the screen.
   */
  inView: {
    /** The spec's 'home 0.5 to 0.9': the range of the home page's own
     *  reveals, from the callout (min) to the testimonials (max). */
    home: homeInView,
    testimonials: homeInView.max,
    callout: homeInView.min,
    /** The spec's 'heading 0.8': the centred title under a hero (the intro
     *  block of the hubs and detail pages) rises once it is nearly whole. */
    heading: 0.8,
    /** Headings zoom in once when a fifth of them is visible. */
    headingZoom: 0.2,
    /** Not a figure of the spec: a section's content rises as it comes in. */
    section: 0.2,
  },
  /** Some headings (telephone, mixed methods) zoom in after this delay. */
  delayedHeadingMs: 100,
  menu: {
    buttonS: 0.5,
    panelS: 0.75,
    closed: { width: 100, height: 40 },
    openWidth: 375,
  },
  audienceStack: {
    scaleStep: 0.05,
    offsetPx: 25,
  },
  zoomGallery: {
    /**
     * The zoom follows the scroll through a spring, so a jump (Page Down,
     * a scrollbar drag) plays as a short zoom instead of a cut. Slightly
     * over-damped (critical friction is 2 x sqrt(tension) = 40): it settles
     * in about 0.2 s and never overshoots.
     */
    spring: { tension: 400, friction: 42 },
  },
  smoothScroll: {
    lerp: 0.1,
    wheelMultiplier: 1,
    touchMultiplier: 1,
    /** Built into Lenis (its defaults); listed so every constant is here. */
    resizeDebounceMs: 250,
    velocityResetMs: 400,
  },
} as const

export const reducedMotionQuery = '(prefers-reduced-motion: reduce)'
