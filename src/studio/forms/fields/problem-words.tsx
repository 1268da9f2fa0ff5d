import type { Problem } from '../../../compiler/problems/problems.ts'
import { problemForAuthors } from '../../shared/author-words.ts'

/** A problem's sentence and hint as the studio says them (author-words.ts), wherever a problem is shown. */
export function ProblemWords({ problem }: { problem: Problem }) {
  const { message, hint } = problemForAuthors(problem)
  return (
    <>
      {message}
      {hint && <span className="problem-hint"> {hint}</span>}
    </>
  )
}
