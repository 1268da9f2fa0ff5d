import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDwellTimer } from '../../../src/motion/connect-delay'
import { motion } from '../../../src/motion/constants'
import { runTypewriter } from '../../../src/motion/typewriter'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('typewriter', () => {
  it('types a character every 50 ms, holds 1 s, clears, and moves on in a loop', () => {
    const shown: string[] = []
    const stop = runTypewriter(['CATI', 'CAWI'], (t) => shown.push(t))
    expect(shown).toEqual(['C'])
    vi.advanceTimersByTime(50 * 3)
    expect(shown).toEqual(['C', 'CA', 'CAT', 'CATI'])
    vi.advanceTimersByTime(999)
    expect(shown.at(-1)).toBe('CATI') // still holding the whole phrase
    vi.advanceTimersByTime(1)
    expect(shown.at(-1)).toBe('') // cleared after 1000 ms
    vi.advanceTimersByTime(50)
    expect(shown.at(-1)).toBe('C')
    vi.advanceTimersByTime(50 * 3)
    expect(shown.at(-1)).toBe('CAWI')
    vi.advanceTimersByTime(1000 + 50)
    expect(shown.at(-1)).toBe('C') // looped back to the first phrase
    vi.advanceTimersByTime(50)
    expect(shown.at(-1)).toBe('CA')
    stop()
    const count = shown.length
    vi.advanceTimersByTime(10_000)
    expect(shown.length).toBe(count)
  })

  it('uses the spec constants', () => {
    expect(motion.typewriter.charMs).toBe(50)
    expect(motion.typewriter.pauseMs).toBe(1000)
  })

  it('shows whole phrases under reduced motion', () => {
    const shown: string[] = []
    runTypewriter(['Online research', 'Telephone research'], (t) => shown.push(t), { whole: true })
    expect(shown).toEqual(['Online research'])
    vi.advanceTimersByTime(motion.typewriter.reducedPhraseMs)
    expect(shown).toEqual(['Online research', 'Telephone research'])
    vi.advanceTimersByTime(motion.typewriter.reducedPhraseMs)
    expect(shown.at(-1)).toBe('Online research')
  })
})

describe('typewriter after hydration', () => {
  it('goes on from the whole first phrase the HTML showed: holds what is left of its pause, then types the next', () => {
    const shown: string[] = []
    // The first paint showed "CATI" 400 ms before the app started.
    runTypewriter(['CATI', 'CAWI'], (t) => shown.push(t), { continueFromWhole: { shownForMs: 400 } })
    expect(shown).toEqual([]) // nothing cut: "CATI" stays as the HTML has it
    vi.advanceTimersByTime(599)
    expect(shown).toEqual([])
    vi.advanceTimersByTime(1)
    expect(shown).toEqual([''])
    vi.advanceTimersByTime(50 * 4)
    expect(shown.at(-1)).toBe('CAWI')
  })

  it('moves on at once when the first phrase has been seen for longer than its pause, and under reduced motion shows the next whole', () => {
    const typed: string[] = []
    runTypewriter(['CATI', 'CAWI'], (t) => typed.push(t), { continueFromWhole: { shownForMs: 4000 } })
    vi.advanceTimersByTime(0)
    expect(typed).toEqual([''])
    const whole: string[] = []
    runTypewriter(['Online research', 'Telephone research'], (t) => whole.push(t), { whole: true, continueFromWhole: { shownForMs: 0 } })
    expect(whole).toEqual([])
    vi.advanceTimersByTime(motion.typewriter.reducedPhraseMs)
    expect(whole).toEqual(['Telephone research'])
  })
})

describe('Connect delay', () => {
  it('counts the time the heading was already visible before the app started', () => {
    const onShown = vi.fn()
    const dwell = createDwellTimer(onShown)
    dwell.observe(1, 1200) // seen since the first paint, 1.2 s before hydration
    vi.advanceTimersByTime(299)
    expect(onShown).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onShown).toHaveBeenCalledTimes(1)
  })

  it('appears only after the heading has been at least half visible for 1.5 s', () => {
    const onShown = vi.fn()
    const dwell = createDwellTimer(onShown)
    dwell.observe(0.49)
    vi.advanceTimersByTime(5000)
    expect(onShown).not.toHaveBeenCalled()
    dwell.observe(0.5)
    vi.advanceTimersByTime(1499)
    expect(onShown).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onShown).toHaveBeenCalledTimes(1)
  })

  it('starts over when the heading scrolls out before 1.5 s', () => {
    const onShown = vi.fn()
    const dwell = createDwellTimer(onShown)
    dwell.observe(0.8)
    vi.advanceTimersByTime(1000)
    dwell.observe(0.2)
    vi.advanceTimersByTime(1000)
    dwell.observe(0.9)
    vi.advanceTimersByTime(1000)
    dwell.observe(1) // still visible: the running timer is kept, not restarted
    expect(onShown).not.toHaveBeenCalled()
    vi.advanceTimersByTime(500)
    expect(onShown).toHaveBeenCalledTimes(1)
    dwell.observe(0)
    dwell.observe(1)
    vi.advanceTimersByTime(5000)
    expect(onShown).toHaveBeenCalledTimes(1)
  })
})
