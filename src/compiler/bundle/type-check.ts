import type { Worker } from 'node:worker_threads'
import type { Problem } from '../problems/problems.ts'
import { startTsWorker } from '../threads/ts-worker.ts'
import { passedBefore, sourceHash } from './type-program.ts'

export { sourceHash }

export interface ToTypeChecker {
  id: number
  root: string
  /** The sourceHash the check is remembered under if it passes. */
  hash: string
}
export type FromTypeChecker = { id: number; problems: Problem[] } | { id: number; error: { message: string; stack?: string } }

export interface TypeCheckOptions {
  /**
   * Keep the checking thread, with the packages' files it parsed, for the
   * next check in this process: the studio and the tests
   * build again. False for a process that builds once and ends (npm run
   * build): the thread ends with its answer, before the pages' peak.
   */
  keep?: boolean
  /** Aborted when the answer is no longer needed (the pages stopped the build): the check stops, and the promise rejects. */
  signal?: AbortSignal
  /** The code's sourceHash, when the caller has worked it out already (the build, which asks whether a check is under way). */
  hash?: string
}

/**
 * The build's type check of what it bundles: src/ with the project's
 * tsconfig.json, so a component still reading a field a schema renamed
 * stops the build at its own line, before anything is bundled.
 *
 * Checking takes seconds (TypeScript reads its libraries and every module
 * again), so a pass is remembered by the content hash of every file it
 * read (src/, tsconfig.json, package-lock.json for the installed types,
 * TypeScript's version), never by dates: a build whose code has not
 * changed since a passing check does not pay again, and any change to a
 * byte of them checks again: the files it reaches, from TypeScript's
 * record of the last check (type-program.ts).
 *
 * The check runs on a thread of its own (type-check-worker.ts), so the
 * build reads the pages meanwhile, and the check's memory (its program,
 * the packages' parsed files) is given back when the thread ends. Run in
 * the build's own thread after the pages, it stayed on top of their peak,
 * and took a build of 100,000 pages after a change of code over its 2 GB
 * budget (docs/measurements.md, "The type check").
 */
export async function typeCheck(root: string, { keep = true, signal, hash = sourceHash(root) }: TypeCheckOptions = {}): Promise<Problem[]> {
  if (passedBefore(root, hash)) return []
  signal?.throwIfAborted()
  for (;;) {
    // A thread that failed to start is not kept: the next check tries again.
    checker ??= CheckerThread.start(root).catch((error: unknown) => {
      checker = undefined
      throw error
    })
    const thread = await checker
    // Ended while this check waited for it (another check stopped): a new one.
    if (!thread.ended) return thread.ask({ id: nextId++, root, hash }, keep, signal)
  }
}

let checker: Promise<CheckerThread> | undefined
let current: CheckerThread | undefined

/** Whether a checking thread is running now (its tests ask). */
export function typeCheckThreadRunning(): boolean {
  return checker !== undefined
}

/**
 * Resolves once the thread has started and been handed the checks asked of
 * it so far (those asked before this call): its tests stop a check under
 * way from there, as a build given up does.
 */
export async function typeCheckThreadStarted(): Promise<void> {
  await checker
}

let nextId = 0
/** How long an idle thread kept for the next check waits for one. */
const keptIdleMs = 2 * 60_000

interface Asked {
  resolve: (problems: Problem[]) => void
  reject: (error: unknown) => void
}

/**
 * The thread and the checks asked of it. It holds the process open only
 * while an answer is awaited, and ends when idle: at once if a check asked
 * not to keep it, else after keptIdleMs.
 */
class CheckerThread {
  private readonly asked = new Map<number, Asked>()
  private endWhenIdle = false
  private letGo: ReturnType<typeof setTimeout> | undefined
  ended = false

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: FromTypeChecker) => {
      const asked = this.asked.get(answer.id)
      this.asked.delete(answer.id)
      if ('error' in answer) asked?.reject(Object.assign(new Error(answer.error.message), answer.error))
      else asked?.resolve(answer.problems)
      this.holdWhileAwaited()
      if (!this.asked.size) this.idle()
    })
    worker.on('error', (error) => {
      for (const asked of this.asked.values()) asked.reject(error)
      this.asked.clear()
      this.end()
    })
    worker.on('exit', () => this.end())
  }

  /** Started with the code of the project checked (its src/ holds the compiler too). */
  static async start(root: string): Promise<CheckerThread> {
    current = new CheckerThread(await startTsWorker(root, 'src/compiler/bundle/type-check-worker.ts', {}))
    return current
  }

  ask(message: ToTypeChecker, keep: boolean, signal: AbortSignal | undefined): Promise<Problem[]> {
    clearTimeout(this.letGo)
    if (!keep) this.endWhenIdle = true
    return new Promise((resolve, reject) => {
      const asked: Asked = { resolve, reject }
      this.asked.set(message.id, asked)
      // The check is stopped, not only left: it would go on reading and writing in a project
      // its build has finished with (a test's copy, removed next). Its thread ends with it,
      // unless another check awaits an answer from it.
      const stop = () => {
        // Answered already: nothing to stop.
        if (!this.asked.delete(message.id)) return
        reject(signal!.reason)
        if (this.asked.size === 0) this.end()
        else this.holdWhileAwaited()
      }
      if (signal?.aborted) return stop()
      signal?.addEventListener('abort', stop, { once: true })
      this.holdWhileAwaited()
      this.worker.postMessage(message)
    })
  }

  private holdWhileAwaited(): void {
    if (this.asked.size) this.worker.ref()
    else this.worker.unref()
  }

  private idle(): void {
    if (this.endWhenIdle) return this.end()
    this.letGo = setTimeout(() => this.end(), keptIdleMs).unref()
  }

  private end(): void {
    if (this.ended) return
    this.ended = true
    clearTimeout(this.letGo)
    // The next check starts a thread of its own.
    if (current === this) [checker, current] = [undefined, undefined]
    void this.worker.terminate()
  }
}
