/**
 * Figures of a few hundred milliseconds (a check after an edit, a save
 * served by the dev server) are measured several times and given as their
 * median: one run on this shared 2-core machine can be off by half. Apart
 * from bench-scale.ts so that the bench's child bundle (bench-scale-build.ts)
 * takes nothing else with it.
 */

/** How many times such a figure is measured. */
export const shortRuns = 3

/** The middle one of several figures. */
export const median = (figures: readonly number[]): number => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!

/** "3 runs: 590-640 ms", for the bench's table. */
export const runsOf = (figures: readonly number[]): string => `${figures.length} runs: ${Math.min(...figures).toFixed(0)}-${Math.max(...figures).toFixed(0)} ms`
