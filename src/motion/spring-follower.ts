import { SpringValue } from '@react-spring/web'
import { motion } from './constants'

export interface Follower {
  /** Spring towards a new target. */
  to(value: number): void
  stop(): void
}

/**
 * A number that springs towards its latest target and reports every frame,
 * for effects painted outside React (the zoom gallery). Loaded on demand:
 * no page pays for the spring code before the visitor first scrolls.
 */
export function springFollower(from: number, onFrame: (value: number) => void): Follower {
  const spring = new SpringValue(from, { config: motion.zoomGallery.spring, onChange: ({ value }) => onFrame(value) })
  return {
    to: (value) => void spring.start(value),
    stop: () => spring.stop(),
  }
}
