import { useEffect, useState } from 'react'
import type { MediaFile } from '../shared/api.ts'
import { call } from '../client/call.ts'
import { MediaThumb } from './media-thumb.tsx'
import { matchesMedia, mediaTitle } from '../client/media-search.ts'

/** Pictures and videos under public/: a click inserts the path at the cursor. */
export function MediaPicker({ onPick }: { onPick: (path: string) => void }) {
  const [media, setMedia] = useState<MediaFile[]>([])
  const [filter, setFilter] = useState('')
  useEffect(() => void call('GET /api/media', {}).then(setMedia), [])
  return (
    <div className="media" role="dialog" aria-label="Pictures and videos">
      <p>
        Put the cursor after <code>src: </code> and click a picture to insert its path. Then write its <code>alt:</code> text yourself: describe what the picture shows for
        people who cannot see it (or leave <code>alt: ""</code> if it is only decoration). The studio cannot write that for you.
      </p>
      <input type="search" placeholder="Search by name, description or page" aria-label="Search pictures by name, description or page" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <ul>
        {media
          .filter((m) => matchesMedia(m, filter))
          .map((m) => (
            <li key={m.path}>
              <button onClick={() => onPick(m.path)} title={mediaTitle(m)}>
                <MediaThumb media={m} />
              </button>
            </li>
          ))}
      </ul>
    </div>
  )
}
