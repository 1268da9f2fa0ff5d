import { useRef, useState } from 'react'
import { useRovingFocus } from '../roving-focus.ts'
import type { Field } from '../fields.ts'
import { idOf, useForm, type Path } from '../form-context.ts'
import { FieldFrame } from './field-frame.tsx'
import { MediaUpload } from './media-upload.tsx'
import { MediaThumb } from '../../panels/media-thumb.tsx'
import { matchesMedia, mediaTitle } from '../../client/media-search.ts'

/** A picture or video of the site, shown large, replaced by picking another. */
export function MediaField({ field, path, value }: { field: Field & { kind: 'media' }; path: Path; value: unknown }) {
  const { edit, editAll, media, askMedia } = useForm()
  const [open, setOpen] = useState(false)
  const [filter, setFilter] = useState('')
  const src = typeof value === 'string' ? value : ''
  const kind = field.accept
  const choices = (media ?? []).filter((m) => m.kind === kind && matchesMedia(m, filter))
  // The pictures are one Tab stop (arrow keys between them); Esc closes the chooser and goes back to its button.
  const roving = useRovingFocus(choices.length, Math.max(0, choices.findIndex((m) => m.path === src)))
  const toggle = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  return (
    <FieldFrame field={field} path={path} empty={!src}>
      <div className="media-field">
        {src && (kind === 'video' ? <video src={src} muted loop className="media-large" /> : <img src={src} alt="" className="media-large" />)}
        <input type="text" id={idOf(path)} value={src} onChange={(e) => edit({ op: 'set', path, value: e.target.value })} />
        <button
          type="button"
          ref={toggle}
          aria-expanded={open}
          onClick={() => {
            if (!open) askMedia()
            setOpen(!open)
          }}
        >
          {src ? `Replace this ${kind === 'video' ? 'video' : 'picture'}` : `Choose a ${kind === 'video' ? 'video' : 'picture'}`}
        </button>
      </div>
      {open && (
        <div
          className="media-choices"
          role="group"
          aria-label={`${kind === 'video' ? 'Videos' : 'Pictures'} of the site`}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            e.preventDefault()
            e.stopPropagation()
            close()
          }}
        >
          <MediaUpload
            accept={kind}
            askAlt={kind === 'image' && path.at(-1) === 'src'}
            onDone={(answer, alt) => {
              const parent = path.slice(0, -1)
              // One change, one step of Undo: the file and what it shows go in together.
              if (answer.kind === 'video') {
                // The import makes both formats the site plays; the group holds one of each.
                editAll([
                  { op: 'set', path: [...parent, 'webm'], value: answer.src },
                  { op: 'set', path: [...parent, 'mp4'], value: answer.mp4 },
                ])
              } else editAll([{ op: 'set', path, value: answer.src }, ...(path.at(-1) === 'src' ? [{ op: 'set', path: [...parent, 'alt'], value: alt } as const] : [])])
              setOpen(false)
            }}
          />
          <input type="search" aria-label="Search by name, description or page" placeholder="Search by name, description or page" value={filter} onChange={(e) => setFilter(e.target.value)} />
          {!media && (
            <p className="field-help" role="status">
              Reading the site's {kind === 'video' ? 'videos' : 'pictures'}…
            </p>
          )}
          {media && choices.length === 0 && <p className="field-help">No {kind === 'video' ? 'video' : 'picture'} of the site has "{filter}" in its name, its description or the pages that show it.</p>}
          <ul onKeyDown={roving.onKeyDown}>
            {choices.map((m, i) => (
              <li key={m.path}>
                <button
                  type="button"
                  {...roving.itemProps(i)}
                  aria-pressed={m.path === src}
                  title={mediaTitle(m)}
                  onClick={() => {
                    edit({ op: 'set', path, value: m.path })
                    setOpen(false)
                    // Another picture needs its own description: the cursor goes there.
                    if (path.at(-1) === 'src') requestAnimationFrame(() => document.getElementById(idOf([...path.slice(0, -1), 'alt']))?.focus())
                  }}
                >
                  <MediaThumb media={m} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </FieldFrame>
  )
}
