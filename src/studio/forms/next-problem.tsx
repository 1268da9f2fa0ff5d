import { useCallback, useRef } from 'react'
import { useEvent } from 'react-use'
import type { Problem } from '../../compiler/problems/problems.ts'
import { idOf, type Path } from './form-context.ts'

/**
 * "Go to the next problem": the field of the next problem below the one
 * the author is in (or the first), focused and scrolled to the middle of
 * the form, so a page with words still to write is gone through field by
 * field rather than searched for its "to fill in" marks. A problem whose
 * own field has no input (a list, a group) goes to the nearest part of the
 * form that has one.
 */
export function NextProblem({ problems }: { problems: readonly Problem[] }) {
  const button = useRef<HTMLButtonElement>(null)
  // Where the author was before pressing the button (which takes the focus itself).
  const lastField = useRef<Element | null>(null)
  const remember = useCallback((event: Event) => {
    if (event.target instanceof Element && event.target !== button.current) lastField.current = event.target
  }, [])
  useEvent('focusin', remember, document)
  const placed = problems.filter((p): p is Problem & { path: Path } => Boolean(p.path))
  if (!placed.length) return null
  const go = () => {
    const targets = placed.flatMap((p) => {
      const element = elementOf(p.path)
      return element ? [element] : []
    })
    const here = lastField.current?.isConnected ? lastField.current : null
    // The first target after the focused element in the form's order, else the first of all.
    const next = targets.find((t) => here && here !== t && here.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ?? targets[0]
    if (!next) return
    next.scrollIntoView({ block: 'center' })
    next.focus()
  }
  return (
    <p className="next-problem">
      <button type="button" ref={button} onClick={go} title="Takes you to the field of the next problem below where you are">
        Go to the next problem ({placed.length} in this page)
      </button>
    </p>
  )
}

/** The input of the field at `path`, or of the nearest field above it that has one. */
function elementOf(path: Path): HTMLElement | undefined {
  for (let end = path.length; end > 0; end--) {
    const element = document.getElementById(idOf(path.slice(0, end)))
    if (element) return element
  }
  return undefined
}
