import type { DiffLine, FileChange } from '../shared/publish-types.ts'
import { fileName } from '../shared/author-words.ts'

/** A change in page terms: what was added, removed or changed, where, as the words themselves. */
export function DiffLines({ lines }: { lines: DiffLine[] }) {
  if (!lines.length) return <p className="diff-none">No change in the page's words.</p>
  return (
    <ul className="diff">
      {lines.map((line, i) => (
        <li key={i} className={`diff-${line.kind}`}>
          <span className="diff-where">{line.label}</span>{' '}
          {line.kind === 'added' && (
            <>
              <span className="diff-kind">added:</span> <ins>{line.after}</ins>
            </>
          )}
          {line.kind === 'removed' && (
            <>
              <span className="diff-kind">removed:</span> <del>{line.before}</del>
            </>
          )}
          {line.kind === 'changed' && (
            <>
              <del>{line.before}</del> <span aria-label="became">→</span> <ins>{line.after}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}

const statusWords = { added: 'new', modified: 'changed', deleted: 'deleted' } as const

/** One changed file: its page (or media path), what happened to it, and its change, folded until opened; `inChange` names the change under review that holds it. */
export function ChangeView({ change, inChange }: { change: FileChange; inChange?: string }) {
  return (
    <details className="change">
      <summary>
        <span className={`change-status ${change.status}`}>{statusWords[change.status]}</span> {change.route ?? fileName(change.path)}
        {change.kind === 'media' && change.bytes !== undefined && <span className="change-size"> ({Math.ceil(change.bytes / 1024)} KB)</span>}
        {inChange && <span className="change-held"> · in the change “{inChange}”, under review</span>}
      </summary>
      {change.kind === 'media' ? <p className="diff-none">{change.path}</p> : change.lines ? <DiffLines lines={change.lines} /> : <p className="diff-none">Not described: one of more changes than are described one by one.</p>}
    </details>
  )
}
