import type { EditorView } from '@codemirror/view'
import type { Problem } from '../../compiler/problems/problems.ts'
import { offsetOf, suggestionFix } from '../text-editor/editor.ts'
import { ProblemWords } from '../forms/fields/problem-words.tsx'
import { problemsPagePath } from '../shared/api.ts'

/**
 * The open page's problems, each a button to its line and column, with the
 * CLI's suggestion as a one-click fix, and a link to what the problem means
 * on the studio's page of problems (in a tab of its own: the page being
 * edited stays as it is).
 */
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
          <FixButton problem={p} view={view} />{' '}
          <a className="problem-about" href={`${problemsPagePath}#${p.code}`} target="_blank" rel="noopener">
            About this problem<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
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
