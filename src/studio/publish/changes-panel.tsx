/**
 * Changes: saved work goes live through review. An author names what they
 * saved and submits it; an editor reads each change in page terms beside a
 * preview of it, comments, sends it back or approves it, and publishes it.
 * Everyone sees the comments; the list follows the server's events.
 */
import { useState } from 'react'
import { call } from '../client/call.ts'
import { useTakeFocus } from '../client/take-focus.ts'
import { isEditor, signedIn } from '../client/signed-in.ts'
import { usePublishing } from '../state/project-store.ts'
import { readChanges, useChanges, useChangesFailed } from '../state/changes-store.ts'
import { changeStateWords, openStates, type ChangeView as Change } from '../shared/change-types.ts'
import type { FileChange, PublishOutcome } from '../shared/publish-types.ts'
import { ChangeView } from './diff-view.tsx'
import { ChangePreview } from './change-preview.tsx'
import { noChoices, Outcome, type Choices } from './publish-panel.tsx'
import { fileName } from '../shared/author-words.ts'

const statusWords = { added: 'new', modified: 'changed', deleted: 'deleted' } as const

export function ChangesPanel({ onClose, onProblem }: { onClose: () => void; onProblem: (file: string, line: number, column: number) => void }) {
  const changes = useChanges()
  const failed = useChangesFailed()
  const heading = useTakeFocus()
  const open = changes.filter((c) => openStates.includes(c.state))
  const closed = changes.filter((c) => !openStates.includes(c.state))
  // Said here, not on the change's card: published, the card moves to the closed list.
  const [published, setPublished] = useState<{ title: string; outcome: PublishOutcome }>()
  const cardProps = { onProblem, onPublished: (title: string, outcome: PublishOutcome) => setPublished({ title, outcome }) }
  return (
    <section className="publish changes-panel" aria-label="Changes">
      <div className="publish-head">
        <h2 ref={heading} tabIndex={-1}>
          Changes
        </h2>
        <button onClick={onClose}>Close</button>
      </div>
      <p>Saved work goes live through a change: give it a name and submit it for review. {isEditor ? 'You' : 'An editor'} can then comment, ask for changes, approve it and publish it.</p>
      {failed && <p role="alert" className="banner refused">{failed}</p>}
      {published && (
        <div className="change-published">
          <p>“{published.title}”:</p>
          <Outcome outcome={published.outcome} choices={noChoices} setChoices={() => {}} onRetry={() => {}} running={false} onProblem={onProblem} />
        </div>
      )}
      <SubmitForm held={new Set(open.flatMap((c) => c.files))} />
      <h3 className="changes-heading">Open changes ({open.length})</h3>
      {open.length ? open.map((change) => <ChangeCard key={change.id} change={change} {...cardProps} />) : <p className="diff-none">No change is waiting for review.</p>}
      {closed.length > 0 && (
        <details className="changes-closed">
          <summary>Published and withdrawn ({closed.length})</summary>
          {closed.map((change) => (
            <ChangeCard key={change.id} change={change} {...cardProps} />
          ))}
        </details>
      )}
    </section>
  )
}

/** Name the saved work that is in no change yet, choose its files (all, to begin with), and submit it. */
function SubmitForm({ held }: { held: ReadonlySet<string> }) {
  const { status } = usePublishing()
  const [title, setTitle] = useState('')
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [said, setSaid] = useState<{ ok: boolean; text: string }>()
  const [busy, setBusy] = useState(false)
  const free = (status?.changes ?? []).filter((c) => !held.has(c.path))
  const saidBanner = said && (
    <p role={said.ok ? 'status' : 'alert'} className={`banner ${said.ok ? 'status' : 'refused'}`}>
      {said.text}
    </p>
  )
  // What the last submit did stays in view once its files are in the change and the form has nothing left to offer.
  if (!free.length)
    return (
      <>
        {saidBanner}
        <p className="diff-none">All your saved work is live or in a change: edit and save a page to start a new one.</p>
      </>
    )
  // The local studio's one person is asked who they are once, as Publish asks.
  const asks = !signedIn && !(status?.author?.name && status.author.email)
  const files = free.map((c) => c.path).filter((path) => !left.has(path))
  return (
    <form
      className="publish-form change-submit"
      onSubmit={async (e) => {
        e.preventDefault()
        setBusy(true)
        setSaid(undefined)
        try {
          const change = await call('POST /api/change-submit', { title, files, ...(asks ? { author: { name: name.trim(), email: email.trim() } } : {}) })
          setSaid({ ok: true, text: `“${change.title}” is in review: ${change.files.length} ${change.files.length === 1 ? 'file' : 'files'}.` })
          setTitle('')
          setLeft(new Set())
        } catch (error) {
          setSaid({ ok: false, text: (error as Error).message })
        } finally {
          setBusy(false)
        }
      }}
    >
      <fieldset>
        <legend>Saved, not live, and in no change yet</legend>
        {free.map((c) => (
          <label key={c.path} className="change-file">
            <input type="checkbox" checked={!left.has(c.path)} onChange={(e) => setLeft(toggled(left, c.path, !e.target.checked))} /> <span className={`change-status ${c.status}`}>{statusWords[c.status]}</span> {fileName(c.path)}
          </label>
        ))}
      </fieldset>
      {asks && (
        <fieldset>
          <legend>Who is submitting? Asked once; kept for this project.</legend>
          <label>
            Your name <input value={name} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
          </label>
          <label>
            Your email <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
          </label>
        </fieldset>
      )}
      <label>
        Name of the change
        <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} placeholder="A page for healthcare panels, with its hub card" />
      </label>
      <button type="submit" className="primary" disabled={busy || !files.length}>
        {busy ? 'Submitting…' : 'Submit for review'}
      </button>
      {saidBanner}
    </form>
  )
}

function toggled(set: ReadonlySet<string>, item: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set)
  if (on) next.add(item)
  else next.delete(item)
  return next
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })

/** One change: its state and story, its files in page terms with a preview of each page, the comments, and what this person may do next. */
function ChangeCard({ change, onProblem, onPublished }: { change: Change; onProblem: (file: string, line: number, column: number) => void; onPublished: (title: string, outcome: PublishOutcome) => void }) {
  const { status } = usePublishing()
  const [comment, setComment] = useState('')
  const [said, setSaid] = useState<{ ok: boolean; text: string }>()
  const [outcome, setOutcome] = useState<PublishOutcome>()
  const [choices, setChoices] = useState<Choices>(noChoices)
  const [busy, setBusy] = useState('')
  const [previewing, setPreviewing] = useState<string>()
  const isOpen = openStates.includes(change.state)
  const mine = !signedIn || signedIn.email.toLowerCase() === change.author.email.toLowerCase()
  const heading = `change-${change.id}`

  const act = async (what: string, work: () => Promise<string | undefined>) => {
    setBusy(what)
    setSaid(undefined)
    try {
      const text = await work()
      // Said once the card shows it: "in review again" beside "Changes requested" would contradict itself.
      await readChanges()
      if (text) setSaid({ ok: true, text })
    } catch (error) {
      setSaid({ ok: false, text: (error as Error).message })
    } finally {
      setBusy('')
    }
  }
  const publish = (withChoices?: Choices) =>
    act('publish', async () => {
      setOutcome(undefined)
      const outcome = await call('POST /api/change-publish', { id: change.id, ...(withChoices ? { choices: withChoices.pages, fieldChoices: withChoices.fields } : {}) })
      if (outcome.kind === 'published') onPublished(change.title, outcome)
      else setOutcome(outcome)
      return undefined
    })

  return (
    <article className={`change-card ${change.state}`} aria-labelledby={heading}>
      <h4 id={heading}>
        {change.title} <span className={`change-state ${change.state}`}>{changeStateWords[change.state]}</span>
      </h4>
      <ol className="change-story">
        {change.events.map((e, i) => (
          <li key={i}>
            {e.by.name} {e.did}, {when(e.at)}
          </li>
        ))}
      </ol>
      {isOpen && (
        <div className="changes" aria-label={`What “${change.title}” changes`}>
          {change.diff.map((file: FileChange) => (
            <div key={file.path} className="change-row">
              <ChangeView change={file} />
              {file.kind === 'page' && file.status !== 'deleted' && (
                <button type="button" aria-pressed={previewing === file.path} onClick={() => setPreviewing(previewing === file.path ? undefined : file.path)}>
                  {previewing === file.path ? 'Hide preview' : 'Preview'}
                  <span className="visually-hidden"> {fileName(file.path)}</span>
                </button>
              )}
            </div>
          ))}
        </div>
      )}
      {previewing && isOpen && <ChangePreview file={previewing} commit={change.tip} />}
      {change.editedSince.length > 0 && (
        <p className="publish-unsaved">
          Edited again since it was submitted: {change.editedSince.join(', ')}. {mine || isEditor ? 'Update the change to put those edits in it for review.' : 'Its author can update the change to put them in it.'}
        </p>
      )}
      {change.comments.length > 0 && (
        <ul className="change-comments" aria-label="Comments">
          {change.comments.map((c) => (
            <li key={c.id}>
              <strong>{c.by.name}</strong> <span className="diff-where">{when(c.at)}</span>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="publish-form"
        onSubmit={(e) => {
          e.preventDefault()
          void act('comment', async () => {
            const answer = await call('POST /api/change-comment', { id: change.id, text: comment })
            setComment('')
            return answer.note
          })
        }}
      >
        <label>
          Comment on “{change.title}”
          <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={2} maxLength={5000} />
        </label>
        <div className="change-actions">
          <button type="submit" disabled={Boolean(busy) || !comment.trim()}>
            Comment
          </button>
          {isEditor && (change.state === 'in-review' || change.state === 'approved') && (
            <button
              type="button"
              disabled={Boolean(busy)}
              title="Sends it back to its author, with your comment saying what to change"
              onClick={() =>
                void act('request', async () => {
                  await call('POST /api/change-review', { id: change.id, verdict: 'request-changes', comment })
                  setComment('')
                  return 'Sent back to its author with your comment.'
                })
              }
            >
              Ask for changes
            </button>
          )}
          {isEditor && change.state === 'in-review' && (
            <button type="button" disabled={Boolean(busy)} onClick={() => void act('approve', async () => (await call('POST /api/change-review', { id: change.id, verdict: 'approve', ...(comment.trim() ? { comment } : {}) }), setComment(''), 'Approved: it can be published now.'))}>
              Approve
            </button>
          )}
          {isEditor && change.state === 'approved' && (
            <button type="button" className="primary" disabled={Boolean(busy)} onClick={() => void publish()}>
              {busy === 'publish' ? 'Publishing…' : 'Publish'}
            </button>
          )}
          {isOpen && (mine || isEditor) && (
            <button type="button" disabled={Boolean(busy)} title="Puts the change's pages as saved now into it, and sends it back for review" onClick={() => void act('update', async () => (await call('POST /api/change-update', { id: change.id, files: [] }), 'Updated with the saved edits: it is in review again.'))}>
              Update with saved edits
            </button>
          )}
          {isOpen && (mine || isEditor) && (
            <button type="button" disabled={Boolean(busy)} title="Takes it out of review; its edits stay saved" onClick={() => void act('withdraw', async () => (await call('POST /api/change-withdraw', { id: change.id }), 'Withdrawn: its edits stay saved, ready for another change.'))}>
              Withdraw
            </button>
          )}
        </div>
      </form>
      {busy === 'publish' && status && <p className="publish-step" role="status">Publishing “{change.title}”…</p>}
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={`banner ${said.ok ? 'status' : 'refused'}`}>
          {said.text}
        </p>
      )}
      {outcome && <Outcome outcome={outcome} choices={choices} setChoices={setChoices} onRetry={() => void publish(choices)} running={busy === 'publish'} onProblem={onProblem} />}
    </article>
  )
}
