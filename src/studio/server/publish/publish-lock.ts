import { Refused } from '../refused.ts'

/** Whether a publish (of the saved work, or of a change) is running: both move the live branch and HEAD. */
let running = false

/** Runs `work` as the one publish under way; a second one asked for meanwhile is refused, not queued behind it. */
export async function onePublishAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running) throw new Refused('A publish is already running; wait for it to finish.', 409)
  running = true
  try {
    return await work()
  } finally {
    running = false
  }
}
