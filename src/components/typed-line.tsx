import type { ElementType } from 'react'
import { useTypewriter } from '../motion/typewriter'
import { useReducedMotion } from '../motion/use-reduced-motion'
import styles from './typed-line.module.css'

/**
 * A fixed prefix followed by phrases typed one after another, laid out so
 * that typing never moves anything (no layout shift) at any screen width:
 *   - every phrase is laid out, in one grid cell, as a box of its own
 *     that never moves: the cell is as large as the longest phrase from
 *     the first paint, and sits beside the prefix or under it for all
 *     phrases alike;
 *   - the phrase being typed is its typed letters followed by the rest of
 *     it, laid out invisibly, so it keeps its box (at the start of the
 *     cell, or centred in it on a centred line such as the callout's)
 *     while it grows, and a word never starts on one line and jumps to the
 *     next when it grows too long for it. Between phrases only boxes
 *     appear and disappear; none moves.
 * Screen readers get the prefix and the whole list once, not keystrokes.
 */
export function TypedLine({
  as: Tag,
  prefix,
  phrases,
  className,
  prefixClassName,
  typedClassName,
}: {
  as: ElementType
  prefix: string
  phrases: string[]
  className?: string
  prefixClassName?: string
  typedClassName?: string
}) {
  const reduced = useReducedMotion()
  const { text, phrase } = useTypewriter(phrases, { whole: reduced })
  // The phrase being typed (the schedule names it even while its text is still empty).
  const current = phrases.indexOf(phrase)
  return (
    <Tag className={className}>
      <span className={styles.row}>
        <span className={prefixClassName}>{prefix}</span>
        <span className={styles.phrases} aria-hidden="true">
          {phrases.map((p, i) =>
            i === current ? (
              <span key={i} className={styles.phrase}>
                <span className={typedClassName} data-typed>
                  {text}
                </span>
                <span className={styles.sizer}>{p.slice(text.length)}</span>
              </span>
            ) : (
              <span key={i} className={`${styles.phrase} ${styles.sizer}`}>
                <span className={typedClassName}>{p}</span>
              </span>
            ),
          )}
        </span>
      </span>
      <span className="visually-hidden">{phrases.join(', ')}</span>
    </Tag>
  )
}
