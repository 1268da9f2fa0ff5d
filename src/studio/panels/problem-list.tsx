import type { EditorView } from '@codemirror/view'
import type { Problem } from '../../compiler/problems/problems.ts'
import { offsetOf, suggestionFix } from '../text-editor/editor.ts'
import { ProblemWords } from '../forms/fields/problem-words.tsx'

/** The open page's problems, each a button to its line and column, with the CLI's suggestion as a one-click fix. */
export function ProblemList({ problems, view }: { problems: Problem[]; view: EditorView | undefined }) {
  if (!problems.length) return null
  return (
    <ol className="problem-list" aria-label="Problems">
      {problems.map((p, i) => (
        <li key={i}>
          <button onClick={() => view && (view.dispatch({ selection: { anchor: offsetOf(view, p.line, p.column) } }), view.focus())}>
            line {p.line}, column {p.column}
          </button>{' '}
          <ProblemWords problem={p} />
          <FixButton problem={p} view={view} />
        </li>
      ))}
    </ol>
  )
}

function FixButton({ problem, view }: { problem: Problem; view: EditorView | undefined }) {
  const fix = view && suggestionFix(view, problem)
  if (!fix) return null
  return (
    <button className="fix" onClick={() => (view.dispatch({ changes: fix }), view.focus())}>
      {fix.name}
    </button>
  )
}
