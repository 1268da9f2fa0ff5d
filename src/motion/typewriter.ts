import { useEffect, useState } from 'react'
import { motion, reducedMotionQuery } from './constants'
import { msSinceFirstPaint } from './first-paint'

export interface TypewriterOptions {
  charMs?: number
  pauseMs?: number
  /** Show whole phrases instead of typing them (reduced motion). */
  whole?: boolean
  reducedPhraseMs?: number
  /**
   * The first phrase is already on screen, whole (the prerendered HTML shows
   * it): the schedule goes on from there, and only holds it for what is left
   * of its hold after `shownForMs`.
   */
  continueFromWhole?: { shownForMs: number }
}

/**
 * The sequence of texts a typewriter shows, as a pure schedule: call
 * `next()` to get the text and how long to keep it. Types one character per
 * `charMs`, holds the full phrase for `pauseMs`, clears, moves to the next
 * phrase and loops.
 */
export function typewriterSchedule(phrases: readonly string[], options: TypewriterOptions = {}) {
  const { charMs = motion.typewriter.charMs, pauseMs = motion.typewriter.pauseMs, whole = false, reducedPhraseMs = motion.typewriter.reducedPhraseMs, continueFromWhole } = options
  let phrase = 0
  let length = 0
  return {
    /** How long to leave what is on screen before the first call to next(). */
    firstHoldMs(): number {
      if (!continueFromWhole) return 0
      if (whole) phrase = 1 % phrases.length
      else length = (phrases[0] ?? '').length
      return Math.max(0, (whole ? reducedPhraseMs : pauseMs) - continueFromWhole.shownForMs)
    },
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
  const hold = schedule.firstHoldMs()
  if (options.continueFromWhole) timer = setTimeout(step, hold)
  else step()
  return () => clearTimeout(timer)
}

/**
 * The text a typewriter shows now, and the phrase being typed. The first
 * render (and the prerendered HTML) shows the first phrase in full, so the
 * page reads well before and without JavaScript; after hydration the
 * typewriter goes on from it (holds it for what is left of its pause, then
 * types the next phrase) instead of cutting it and typing it again.
 */
export function useTypewriter(phrases: readonly string[], options: TypewriterOptions = {}): { text: string; phrase: string } {
  const [shown, setShown] = useState({ text: phrases[0] ?? '', phrase: phrases[0] ?? '' })
  const { whole, charMs, pauseMs, reducedPhraseMs } = options
  useEffect(() => {
    if (phrases.length === 0) return
    // A hydrating page renders first as if motion were welcome (useReducedMotion):
    // typing that started now would clear the line before the whole phrases take over.
    if (!whole && window.matchMedia(reducedMotionQuery).matches) return
    return runTypewriter(phrases, (text, phrase) => setShown({ text, phrase }), { whole, charMs, pauseMs, reducedPhraseMs, continueFromWhole: { shownForMs: msSinceFirstPaint() } })
  }, [phrases, whole, charMs, pauseMs, reducedPhraseMs])
  // Asked for less motion while a phrase was being typed (the preference
  // changed): the whole schedule waits out its hold first, so until it
  // speaks, that phrase is shown whole.
  return whole ? { text: shown.phrase, phrase: shown.phrase } : shown
}
