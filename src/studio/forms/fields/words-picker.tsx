import { useState } from 'react'
import { useRovingFocus } from '../roving-focus.ts'

/**
 * Words picked from a heading: a click on a word picks it; a click on
 * another word picks every word between the two; a click inside the picked
 * words starts again from that word. The result is always words of the
 * heading, in order, so it can never fail the build's check. The words are
 * one Tab stop; the arrow keys move between them, Space or Enter picks.
 */
export function WordsPicker({ of, value, label, onPick }: { of: string; value: string; label: string; onPick: (words: string) => void }) {
  const words = of.split(/\s+/).filter(Boolean)
  const [anchor, setAnchor] = useState<number>()
  const picked = pickedRange(words, value)
  // One Tab stop for the heading's words; the arrow keys move between them.
  const roving = useRovingFocus(words.length, picked?.[0])
  const pick = (i: number) => {
    const [from, to] = picked && anchor !== undefined && (i < picked[0] || i > picked[1]) ? [Math.min(anchor, i), Math.max(anchor, i)] : [i, i]
    if (from === to) setAnchor(i)
    onPick(words.slice(from, to + 1).join(' '))
  }
  return (
    <div className="words-picker" role="group" aria-label={label} onKeyDown={roving.onKeyDown}>
      {words.map((word, i) => (
        <button key={i} type="button" aria-pressed={Boolean(picked && i >= picked[0] && i <= picked[1])} onClick={() => pick(i)} {...roving.itemProps(i)}>
          {word}
        </button>
      ))}
    </div>
  )
}

/** The first and last index of `value`'s words within `words`, if they are there in a row. */
function pickedRange(words: string[], value: string): [number, number] | undefined {
  const wanted = value.split(/\s+/).filter(Boolean)
  if (!wanted.length) return undefined
  for (let i = 0; i + wanted.length <= words.length; i++) if (wanted.every((w, j) => words[i + j] === w)) return [i, i + wanted.length - 1]
  return undefined
}
