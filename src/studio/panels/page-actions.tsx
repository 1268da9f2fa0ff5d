import type { Problem } from '../../compiler/problems/problems.ts'
import { call } from '../client/call.ts'

/**
 * What a rename or delete did, said by the editor: for the page it leaves
 * open (`file`, the renamed page's new file), or, after a delete, while no
 * page is open. Kept by the editor, not by these buttons, which go with the
 * page a delete closes: its report was never seen.
 */
export interface ActionNotice {
  text: string
  file: string | undefined
  /** A page just deleted (path under pages/), which the notice offers to put back as it was. */
  deleted?: string
}

/** The pages whose links a rename or delete broke, as the notice names them. */
function brokenLinks(broken: Problem[]): string {
  const files = [...new Set(broken.map((p) => p.file))]
  return broken.length ? ` Now ${broken.length} ${broken.length === 1 ? 'link needs' : 'links need'} fixing, in ${files.join(', ')}: open each to see where.` : ''
}

/** Rename and Delete for a page (not for the site's settings), saying what they did and the links they broke elsewhere. */
export function PageActions({ file, onDone, onNotice }: { file: string; onDone: (file?: string) => void; onNotice: (notice: ActionNotice) => void }) {
  if (file.startsWith('_')) return null
  return (
    <>
      <button
        onClick={async () => {
          const route = prompt('New address for this page (starting with /):')
          if (!route) return
          try {
            const moved = await call('POST /api/rename', { path: file, route })
            onNotice({ text: `Moved to ${route}, pages/${moved.file}.${brokenLinks(moved.broken)}`, file: moved.file })
            onDone(moved.file)
          } catch (err) {
            onNotice({ text: (err as Error).message, file })
          }
        }}
      >
        Rename
      </button>
      <button
        onClick={async () => {
          if (!confirm(`Delete pages/${file}? Deleted pages, under the list of pages, can put it back as it is now.`)) return
          try {
            const removed = await call('POST /api/delete', { path: file })
            onNotice({ text: `Deleted pages/${file}.${brokenLinks(removed.broken)}`, file: undefined, deleted: file })
            onDone()
          } catch (err) {
            onNotice({ text: (err as Error).message, file })
          }
        }}
      >
        Delete
      </button>
    </>
  )
}
