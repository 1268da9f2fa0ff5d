import { expect, it } from 'vitest'
import { createProgress } from '../../../../src/compiler/progress/progress'

/** A stream that keeps what is written, and a clock the test moves. */
function setup(live: boolean) {
  let text = ''
  let time = 0
  const progress = createProgress({ stream: { write: (t: string) => (text += t) }, live, minimum: 500, now: () => time })
  return { progress, written: () => text, advance: (ms: number) => (time += ms) }
}

it("in a terminal: one line rewritten in place with the phase, pages done of all and the time left, then the phase's total", () => {
  const { progress, written, advance } = setup(true)
  progress.phase('check', 1000)
  for (let i = 0; i < 250; i++) {
    advance(2)
    progress.tick()
  }
  // 250 of 1,000 done in 0.5 s: 1.5 s left.
  expect(written().split('\r\x1b[2K').at(-1)).toBe('check: 250 / 1,000 pages, 25%, 1.5 s left')
  for (let i = 0; i < 750; i++) {
    advance(2)
    progress.tick()
  }
  progress.end()
  expect(written().endsWith('\r\x1b[2Kcheck: 1,000 pages in 2.0 s\n')).toBe(true)
  expect(written().match(/\n/g)).toHaveLength(1)
  // Redrawn at most every 100 ms, not on each of the 1,000 pages.
  expect(written().split('\r\x1b[2K').length).toBeLessThanOrEqual(2000 / 100 + 2)
})

it('outside a terminal (CI, a log file): one line per phase, when it ends', () => {
  const { progress, written, advance } = setup(false)
  progress.phase('read', 10_000)
  for (let i = 0; i < 10_000; i++) progress.tick()
  advance(1234)
  progress.end()
  progress.phase('bundle', 10_000)
  advance(12_500)
  progress.end()
  expect(written()).toBe('read: 10,000 pages in 1.2 s\nbundle: 10,000 pages in 13 s\n')
})

it("says nothing for work too small to need it (the real site's 42 pages)", () => {
  for (const live of [true, false]) {
    const { progress, written, advance } = setup(live)
    progress.phase('check', 42)
    for (let i = 0; i < 42; i++) {
      advance(50)
      progress.tick()
    }
    progress.end()
    expect(written()).toBe('')
  }
})
