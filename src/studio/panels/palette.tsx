import { useEffect, useState } from 'react'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import { call } from '../client/call.ts'

/** Add a block: every block type with its description; a click inserts its first example. */
export function Palette({ onPick }: { onPick: (yaml: string) => void }) {
  const [entries, setEntries] = useState<CatalogueEntry[]>([])
  useEffect(() => void call('GET /api/catalogue', {}).then(setEntries), [])
  return (
    <div className="palette" role="dialog" aria-label="Add a block">
      <p>Click a block to add its example after the block your cursor is in; then replace the example's words with yours.</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.type}>
            <button disabled={!entry.examples[0]} onClick={() => entry.examples[0] && onPick(entry.examples[0].yaml)}>
              <strong>{entry.type}</strong> <span>{entry.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
