import { useEffect, useState } from 'react'
import type { MediaEntry } from '../shared/catalogue'
import styles from './catalogue-media.module.css'

/**
 * The catalogue's media section: every picture and video under public/,
 * grouped by folder, each with its path, size, pixel size and the YAML that
 * puts it on a page. An author looks at a picture here before writing its
 * alt text. The YAML is plain selectable text; the copy button appears once
 * the page's script runs, as the clipboard needs it.
 */
export function CatalogueMedia({ media }: { media: MediaEntry[] }) {
  const folders = new Map<string, MediaEntry[]>()
  for (const entry of media) {
    const folder = entry.path.slice(0, entry.path.lastIndexOf('/') + 1)
    folders.set(folder, [...(folders.get(folder) ?? []), entry])
  }
  return (
    <section id="media" className={styles.section} aria-labelledby="media-title">
      <h2 id="media-title">Pictures and videos</h2>
      <p>
        Every picture and video a page can use, by folder. Look at a picture before you describe it: its <code>alt</code> text tells people who cannot see
        it what it shows (write <code>alt: ""</code> only when it is decoration). Smaller copies made for phones (<code>-480w</code>, <code>-800w</code>) are
        found by the build and not listed.
      </p>
      {[...folders].map(([folder, entries]) => (
        <section key={folder} className={styles.folder} aria-labelledby={`media-${folder}`}>
          <h3 id={`media-${folder}`}>
            <code>{folder}</code> <span className={styles.count}>
              {entries.length} {entries.length === 1 ? 'file' : 'files'}
            </span>
          </h3>
          <ul className={styles.grid}>
            {entries.map((entry) => (
              <MediaItem key={entry.path} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}

function MediaItem({ entry }: { entry: MediaEntry }) {
  const snippet = snippetFor(entry)
  return (
    <li className={styles.item}>
      <div className={styles.thumb}>
        {entry.kind === 'picture' ? (
          <img src={entry.path} alt="" loading="lazy" decoding="async" width={entry.width} height={entry.height} />
        ) : (
          <video src={entry.path} muted playsInline preload={entry.poster ? 'none' : 'metadata'} poster={entry.poster} width={entry.width} height={entry.height} />
        )}
      </div>
      <p className={styles.path}>
        <code>{entry.path}</code>
      </p>
      <p className={styles.facts}>
        {entry.kind === 'video' ? 'Video, ' : ''}
        {entry.width && entry.height ? `${entry.width} × ${entry.height} px, ` : ''}
        {sizeText(entry.bytes)}
      </p>
      <pre className={styles.snippet} tabIndex={0} aria-label={`YAML for ${entry.path}`}>
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} label={entry.path} />
    </li>
  )
}

/** What a page writes to use the file: a picture with its alt line, or a video with both its formats and its still. */
export function snippetFor(entry: MediaEntry): string {
  if (entry.kind === 'picture') return `image:\n  src: ${entry.path}\n  alt: Describe what the picture shows`
  const formats = [entry.path, entry.pair].filter((p): p is string => Boolean(p)).sort((a, b) => (a.endsWith('.webm') ? -1 : b.endsWith('.webm') ? 1 : 0))
  const lines = formats.map((p) => `  ${p.endsWith('.webm') ? 'webm' : 'mp4'}: ${p}`)
  const still = entry.poster ? `\nimage:\n  src: ${entry.poster}\n  alt: ""` : ''
  return `video:\n${lines.join('\n')}${still}`
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Shown once the script runs (the clipboard needs it); says "Copied" where a screen reader hears it. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => setReady(true), [])
  if (!ready) return null
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  return (
    <p className={styles.copy}>
      <button type="button" onClick={() => void copy()} aria-label={`Copy the YAML for ${label}`}>
        Copy YAML
      </button>
      <span role="status">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the text above and copy it' : ''}</span>
    </p>
  )
}
