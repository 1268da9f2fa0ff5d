import { useState } from 'react'
import { tokenHeaders } from '../../client/call.ts'
import { uploadPath, type UploadAnswer } from '../../shared/api.ts'

/**
 * A picture or video from the author's computer, dropped or chosen: named
 * in the author's words and, for a picture, described for people who cannot
 * see it, before anything is inserted. The server checks the bytes, strips
 * what a phone puts in a photo (its GPS position among it) and writes the
 * site's sizes; a refusal says why and writes nothing.
 */
export function MediaUpload({ accept, askAlt, onDone }: { accept: 'image' | 'video'; askAlt: boolean; onDone: (answer: UploadAnswer & { ok: true }, alt: string) => void }) {
  const [file, setFile] = useState<File>()
  const [words, setWords] = useState('')
  const [alt, setAlt] = useState('')
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const noun = accept === 'video' ? 'video' : 'picture'

  const send = async () => {
    if (!file) return
    setBusy(true)
    setSaid('')
    try {
      const response = await fetch(`${uploadPath}?${new URLSearchParams({ words })}`, {
        method: 'POST',
        headers: { ...tokenHeaders, 'content-type': 'application/octet-stream' },
        body: file,
      })
      const answer = (await response.json()) as UploadAnswer | { error: string }
      if ('error' in answer) return setSaid(answer.error)
      if (!answer.ok) return setSaid(answer.reason)
      onDone(answer, alt)
      setFile(undefined)
      setWords('')
      setAlt('')
    } catch (error) {
      setSaid(`The ${noun} could not be sent to the studio (${(error as Error).message}).`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div
      className="media-upload"
      role="group"
      aria-label={`Upload a ${noun} from your computer`}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault()
        const dropped = e.dataTransfer.files[0]
        if (dropped) setFile(dropped)
      }}
    >
      <label>
        Upload a {noun} from your computer (or drop it here)
        <input type="file" accept={accept === 'video' ? 'video/mp4,video/webm' : 'image/*'} onChange={(e) => setFile(e.target.files?.[0])} />
      </label>
      {file && (
        <>
          <label>
            Name it in a few words <input type="text" value={words} onChange={(e) => setWords(e.target.value)} placeholder="Nurse at a clinic" />
          </label>
          {askAlt && (
            <label>
              What it shows, for people who cannot see it <input type="text" value={alt} onChange={(e) => setAlt(e.target.value)} />
            </label>
          )}
          <button type="button" disabled={busy || !words.trim() || (askAlt && !alt.trim())} onClick={() => void send()}>
            {busy ? `Adding the ${noun}…` : `Add this ${noun}`}
          </button>
        </>
      )}
      {said && (
        <p className="field-problem" role="alert">
          {said}
        </p>
      )}
    </div>
  )
}
