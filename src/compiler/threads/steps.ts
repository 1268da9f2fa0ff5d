/**
 * Work cut into steps (a generator that yields after each), run by whoever
 * holds the thread: at once, or a step a turn of the event loop, so that
 * timers, I/O and other requests run between them (the page cache's save
 * while the prerender workers draw; loading in the studio, which answers a
 * typed key meanwhile).
 */

/** Runs steps to their end at once; steps already ended do nothing. */
export function drain(steps: Iterator<unknown>): void {
  while (!steps.next().done);
}

/** One turn of the event loop: what is waiting (timers, I/O, messages) runs first. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Runs steps to their end, one a turn of the event loop. */
export async function drainByTurns(steps: Iterator<unknown>): Promise<void> {
  while (!steps.next().done) await nextTurn()
}
