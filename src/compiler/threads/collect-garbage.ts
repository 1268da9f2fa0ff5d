import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

/**
 * A full garbage collection of this thread's heap, now. For a moment V8
 * cannot see coming: a build of a large site lets go of most of what its
 * load held (see build-site.ts), then waits on the threads that draw the
 * pages while allocating almost nothing, so V8 saw no reason to collect,
 * and the garbage stayed on top of the drawing threads' memory at 100,000
 * pages (docs/measurements.md, "The build's order of work"). V8's own `gc`,
 * which Node exposes under --expose-gc:
 * the flag is set here rather than required of every command that builds.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
  }
  gc()
}
