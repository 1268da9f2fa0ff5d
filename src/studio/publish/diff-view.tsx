import type { DiffLine, FileChange } from '../shared/publish-types.ts'
import { fileName } from '../shared/author-words.ts'
import { originalOf } from '../../shared/media-copies.ts'

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
/**
 * The changes as an author made them: a picture's copies made beside it
 * (smaller sizes, the phone's crop, the link preview's; shared/media-copies.ts)
 * go with it, so one picture added is one change, not four.
 */
export function foldCopies(changes: readonly FileChange[]): (FileChange & { copies: number })[] {
  const paths = new Set(changes.map((c) => c.path))
  const copies = new Map<string, number>()
  const own = changes.filter((c) => {
    const original = c.kind === 'media' ? originalOf(c.path, paths) : undefined
    if (original) copies.set(original, (copies.get(original) ?? 0) + 1)
    return !original
  })
  return own.map((c) => ({ ...c, copies: copies.get(c.path) ?? 0 }))
}

export function ChangeView({ change, inChange }: { change: FileChange & { copies?: number }; inChange?: string }) {
  return (
    <details className="change">
      <summary>
        <span className={`change-status ${change.status}`}>{statusWords[change.status]}</span> {fileName(change.path)}
        {change.kind === 'media' && change.bytes !== undefined && <span className="change-size"> ({Math.ceil(change.bytes / 1024)} KB)</span>}
        {change.copies ? <span className="change-size"> with {change.copies === 1 ? 'a copy' : `${change.copies} copies`} made for phones and link previews</span> : null}
        {inChange && <span className="change-held"> · in the change “{inChange}”, under review</span>}
      </summary>
      {change.kind === 'media' ? <p className="diff-none">{change.path}</p> : change.lines ? <DiffLines lines={change.lines} /> : <p className="diff-none">Not described: one of more changes than are described one by one.</p>}
    </details>
  )
}
