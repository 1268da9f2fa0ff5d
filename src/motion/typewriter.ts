import { useEffect, useState } from 'react'
import { motion } from './constants'

export interface TypewriterOptions {
  charMs?: number
  pauseMs?: number
  /** Show whole phrases instead of typing them (reduced motion). */
  whole?: boolean
  reducedPhraseMs?: number
}

/**
 * The sequence of texts a typewriter shows, as a pure schedule: call
 * `next()` to get the text and how long to keep it. Types one character per
 * `charMs`, holds the full phrase for `pauseMs`, clears, moves to the next
 * phrase and loops.
 */
export function typewriterSchedule(phrases: readonly string[], options: TypewriterOptions = {}) {
  const { charMs = motion.typewriter.charMs, pauseMs = motion.typewriter.pauseMs, whole = false, reducedPhraseMs = motion.typewriter.reducedPhraseMs } = options
  let phrase = 0
  let length = 0
  return {
    /** The text to show, for how long, and the phrase it belongs to. */
    next(): { text: string; holdMs: number; phrase: string } {
      const current = phrases[phrase] ?? ''
      if (whole) {
        phrase = (phrase + 1) % phrases.length
        return { text: current, holdMs: reducedPhraseMs, phrase: current }
      }
      if (length < current.length) {
        length++
        return { text: current.slice(0, length), holdMs: length === current.length ? pauseMs : charMs, phrase: current }
      }
      // Full phrase has been held: clear and move on.
      length = 0
      phrase = (phrase + 1) % phrases.length
      return { text: '', holdMs: charMs, phrase: phrases[phrase] ?? '' }
    },
  }
}

/** Runs a schedule on timers, calling `show` with each text; returns a stop function. */
export function runTypewriter(phrases: readonly string[], show: (text: string, phrase: string) => void, options: TypewriterOptions = {}): () => void {
  const schedule = typewriterSchedule(phrases, options)
  let timer: ReturnType<typeof setTimeout>
  const step = () => {
    const { text, holdMs, phrase } = schedule.next()
    show(text, phrase)
    timer = setTimeout(step, holdMs)
  }
  step()
  return () => clearTimeout(timer)
}

/**
 * The text a typewriter shows now, and the phrase being typed. The first
 * render (and the prerendered HTML) shows the first phrase in full, so the
 * page reads well before and without JavaScript; typing starts after
 * hydration.
 */
export function useTypewriter(phrases: readonly string[], options: TypewriterOptions = {}): { text: string; phrase: string } {
  const [shown, setShown] = useState({ text: phrases[0] ?? '', phrase: phrases[0] ?? '' })
  const { whole, charMs, pauseMs, reducedPhraseMs } = options
  useEffect(() => {
    if (phrases.length === 0) return
    return runTypewriter(phrases, (text, phrase) => setShown({ text, phrase }), { whole, charMs, pauseMs, reducedPhraseMs })
  }, [phrases, whole, charMs, pauseMs, reducedPhraseMs])
  return shown
}
