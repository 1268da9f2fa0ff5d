/**
 * The zoom gallery's geometry as plain functions of one number, the
 * position: 0 shows the first picture filling the frame, 1 the second, and
 * so on. Kept free of React and of any animation library so the same frame
 * can be painted before the spring code has loaded and after.
 */

/** How small a picture starts before it zooms up to fill the frame. */
const startScale = 0.3
/** How far a picture keeps zooming while the next one covers it. */
const exitZoom = 0.3
/** Scroll held still before the first and after the last zoom, in zooms. */
const holdSteps = 0.25

/** The position for a scroll progress through the section (0 to 1). */
export function positionAt(progress: number, count: number): number {
  return clamp(progress * (count - 1 + 2 * holdSteps) - holdSteps, 0, count - 1)
}

export interface SlideFrame {
  scale: number
  /** The picture fades in over the first half of its zoom. */
  opacity: number
  /** False once the next picture covers it completely. */
  visible: boolean
  /** Darkening laid over a picture as the next one covers it. */
  shade: number
  /** The caption fades out as soon as the next picture starts to come in. */
  caption: number
}

/**
 * Picture i zooms in from small while the position runs from i-1 to i, then
 * zooms on past the frame's edges (under the next picture) from i to i+1.
 */
export function slideFrame(position: number, i: number, count: number): SlideFrame {
  const enter = i === 0 ? 1 : smooth(clamp(position - (i - 1), 0, 1))
  const leave = i === count - 1 ? 0 : clamp(position - i, 0, 1)
  return {
    scale: (startScale + (1 - startScale) * enter) * (1 + exitZoom * leave),
    opacity: Math.min(1, enter * 2),
    visible: leave < 1,
    shade: clamp(position - i, 0, 1) * 0.55,
    caption: 1 - clamp((position - i) * 4, 0, 1),
  }
}

/** How much of the progress meter is filled. */
export function meterFill(position: number, count: number): number {
  return (position + 1) / count
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t)
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}
