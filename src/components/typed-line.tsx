import type { ElementType } from 'react'
import { useTypewriter } from '../motion/typewriter'
import { useReducedMotion } from '../motion/use-reduced-motion'
import styles from './typed-line.module.css'

/**
 * A fixed prefix followed by phrases typed one after another, laid out so
 * that typing never moves anything (no layout shift) at any screen width:
 *   - every phrase is also laid out, invisibly, in one grid cell, so the
 *     phrase's box is as large as the longest phrase from the first paint,
 *     and sits beside the prefix or under it for all phrases alike;
 *   - the rest of the phrase being typed is laid out invisibly after the
 *     typed letters, so a word never starts on one line and jumps to the
 *     next when it grows too long for it, and the phrase keeps its place
 *     in the box while it is typed: a centred line (the callout) centres
 *     each phrase, and it moves only while nothing of it is shown.
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
  const rest = phrase.slice(text.length)
  return (
    <Tag className={className}>
      <span className={styles.row}>
        <span className={prefixClassName}>{prefix}</span>
        <span className={styles.phrases} aria-hidden="true">
          {phrases.map((p) => (
            <span key={p} className={styles.sizer}>
              <span className={typedClassName}>{p}</span>
            </span>
          ))}
          <span className={styles.current}>
            <span className={typedClassName} data-typed>
              {text}
            </span>
            <span className={styles.sizer}>{rest}</span>
          </span>
        </span>
      </span>
      <span className="visually-hidden">{phrases.join(', ')}</span>
    </Tag>
  )
}
