/**
 * Progress of long work (a build or check of thousands of pages): in a
 * terminal, one line rewritten in place with the phase, pages done out of
 * all and the time left; anywhere else (CI, a pipe, a log file) one line
 * when each phase ends, because a rewritten line there is noise. Work below
 * `minimum` pages (the real site's 42) prints nothing: it ends before a
 * line could help.
 */
export interface Progress {
  /** A phase starts; `total` is how many items it goes through, if it counts any. */
  phase(name: string, total?: number): void
  /** One more item of the current phase is done. */
  tick(): void
  /** The current phase is done. */
  end(): void
}

export interface ProgressOptions {
  /** Where lines go; stderr by default, so stdout stays the result. */
  stream?: { write(text: string): unknown; isTTY?: boolean }
  /** Rewrite one line (a terminal) or print a line per phase. Defaults to the stream being a terminal outside CI. */
  live?: boolean
  /** Fewer items than this and the phase prints nothing. */
  minimum?: number
  /** The clock, for tests. */
  now?: () => number
}

/** Progress that reports nothing: the default for callers that pass none. */
export const silentProgress: Progress = { phase() {}, tick() {}, end() {} }

/** How often a live line is redrawn. */
const redrawMs = 100

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr
  const live = options.live ?? (Boolean(stream.isTTY) && !process.env.CI)
  const minimum = options.minimum ?? 500
  const now = options.now ?? (() => performance.now())
  let current: { name: string; total: number; done: number; started: number; drawn: number; shown: boolean } | undefined

  const draw = () => {
    if (!current) return
    const { name, total, done, started } = current
    const elapsed = now() - started
    const left = done ? (elapsed / done) * (total - done) : undefined
    const line = `${name}: ${count(done)} / ${count(total)} pages, ${Math.floor((done / total) * 100)}%${left === undefined ? '' : `, ${seconds(left)} left`}`
    stream.write(`\r\x1b[2K${line}`)
    current.drawn = now()
    current.shown = true
  }

  return {
    phase(name, total = 0) {
      current = { name, total, done: 0, started: now(), drawn: 0, shown: false }
    },
    tick() {
      if (!current) return
      current.done++
      if (live && current.total >= minimum && now() - current.drawn >= redrawMs) draw()
    },
    end() {
      if (!current) return
      const { name, total, started, shown } = current
      if (total >= minimum) {
        const line = `${name}: ${count(total)} pages in ${seconds(now() - started)}`
        stream.write(live && shown ? `\r\x1b[2K${line}\n` : `${line}\n`)
      }
      current = undefined
    },
  }
}

const count = (n: number) => n.toLocaleString('en')
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`
