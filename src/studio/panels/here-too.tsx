import { useOthersOn } from '../client/presence.ts'
import { useChanges } from '../state/changes-store.ts'
import { changeStateWords, openStates } from '../shared/change-types.ts'

/**
 * Beside the open page: who else has it open now, and the open change it
 * is in (whose, and where the change is), so two people do not rewrite the
 * same words unawares.
 */
export function HereToo({ file }: { file: string }) {
  const others = useOthersOn(file)
  const change = useChanges().find((c) => openStates.includes(c.state) && c.files.includes(`pages/${file}`))
  if (!others.length && !change) return null
  return (
    <span className="here-too" role="status">
      {others.length > 0 && <span>Also open by {others.map((o) => o.name).join(', ')}</span>}
      {change && (
        <span>
          In the change “{change.title}” by {change.author.name} ({changeStateWords[change.state].toLowerCase()})
        </span>
      )}
    </span>
  )
}
