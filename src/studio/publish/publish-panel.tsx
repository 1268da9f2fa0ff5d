/**
 * Publish: what is saved but not live, in page terms; who is publishing
 * (asked once, kept in the repository's git config); the message; then the
 * steps as they run and the outcome: live, refused with why, the problems
 * to fix, or a choice for each page changed both here and on the remote.
 */
import { useEffect, useState } from 'react'
import { call } from '../client/call.ts'
import { focusWhenShown, useTakeFocus } from '../client/take-focus.ts'
import { isEditor, signedIn } from '../client/signed-in.ts'
import { usePublishing } from '../state/project-store.ts'
import { describedAtMost, type Choice, type ConflictPage, type PublishOutcome, type PublishStep } from '../shared/publish-types.ts'
import { moreChangesSentence } from '../shared/publish-sentences.ts'
import { ChangeView, DiffLines, foldCopies } from './diff-view.tsx'
import { useChanges } from '../state/changes-store.ts'
import { openStates } from '../shared/change-types.ts'
import { fileName, studioSentences } from '../shared/author-words.ts'
import { ProblemWords } from '../forms/fields/problem-words.tsx'

const stepWords: Record<PublishStep, string> = {
  checking: 'Checking every page',
  fetching: 'Asking the live site for its changes',
  committing: 'Committing',
  merging: "Taking in the live site's changes",
  building: 'Building the site',
  pushing: 'Sending it live',
}

/** The phases of the check and the build, in an author's words. */
const phaseWords: Record<string, string> = {
  read: 'pages read',
  check: 'pages checked',
  bundle: 'pages waiting for the site’s code',
  prerender: 'pages written',
}

/** The open page's edits not saved yet: named in the panel, and saved first by Save and publish (answers whether the save went through). */
export interface Unsaved {
  file: string
  save: () => Promise<boolean>
}

export function PublishPanel({ onClose, unsaved, onProblem }: { onClose: () => void; unsaved: Unsaved | undefined; onProblem: (file: string, line: number, column: number) => void }) {
  const { status, step, progress } = usePublishing()
  const heading = useTakeFocus()
  const inChanges = new Map(useChanges().flatMap((c) => (openStates.includes(c.state) ? c.files.map((f) => [f, c] as const) : [])))
  const [message, setMessage] = useState('')
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<PublishOutcome>()
  const [asked, setAsked] = useState('')
  const [choices, setChoices] = useState<Choices>(noChoices)

  // Opening the panel asks the remote what it has, so "behind" is fresh.
  useEffect(() => void call('GET /api/publish', { fetch: 'yes' }).catch((error: Error) => setAsked(error.message)), [])

  if (!status) return <section className="publish" aria-label={isEditor ? 'Publish' : 'Not live yet'}><p>{asked || 'Looking at what has changed…'}</p></section>

  const publish = async (withChoices?: Choices) => {
    setRunning(true)
    setOutcome(undefined)
    try {
      // Unsaved edits are never "nothing to publish": Save and publish saves them first, and stops if the save does not go through.
      if (unsaved && !(await unsaved.save())) {
        setOutcome({ kind: 'refused', code: 'MovedMeanwhile', reason: studioSentences.unsavedStoppedPublish({ file: unsaved.file }) })
        return
      }
      const author = known ? undefined : { name: (name || status.author?.name || '').trim(), email: (email || status.author?.email || '').trim() }
      const result = await call('POST /api/publish', { message, ...(author ? { author } : {}), ...(withChoices ? { choices: withChoices.pages, fieldChoices: withChoices.fields } : {}) })
      setOutcome(result)
      if (result.kind === 'published') setMessage('')
    } catch (error) {
      setOutcome({ kind: 'refused', code: 'MovedMeanwhile', reason: (error as Error).message })
    } finally {
      setRunning(false)
    }
  }

  // Asked once: both a name and an email, either prefilled from what the repository already has.
  // In the team studio, whoever is signed in publishes: the server takes their name from the session.
  const publisher = signedIn ?? status.author
  const known = Boolean(publisher?.name && publisher.email)
  const held = status.changes.filter((c) => inChanges.has(c.path)).length
  const shown = foldCopies(status.changes)
  return (
    <section className="publish" aria-label={isEditor ? 'Publish' : 'Not live yet'}>
      <div className="publish-head">
        <h2 ref={heading} tabIndex={-1}>
          {isEditor ? 'Publish' : 'Not live yet'}
        </h2>
        <button onClick={onClose}>Close</button>
      </div>
      <p>
        {shown.length
          ? `${shown.length} ${shown.length === 1 ? 'file is' : 'files are'} saved but not live yet.`
          : 'Everything saved is live: there is nothing to publish.'}{' '}
        {held > 0 && `${held === status.changes.length ? (held === 1 ? 'It is' : 'They are all') : `${held} of them ${held === 1 ? 'is' : 'are'}`} in a change under review, which goes live when it is published from Changes. `}
        {studioSentences.publishGoesTo({ changes: shown.length, shared: Boolean(status.upstream) })}
        {status.behind > 0 && ` Someone else published ${status.behind} ${status.behind === 1 ? 'change' : 'changes'} since; publishing takes ${status.behind === 1 ? 'it' : 'them'} in first.`}
      </p>
      <BringIn behind={status.behind} />
      {status.offline && <p className="banner refused">Could not reach the live site just now: {status.offline}</p>}
      {status.changes.length > 0 && (
        <div className="changes" aria-label="Changes to publish">
          {shown.slice(0, describedAtMost).map((change) => (
            <ChangeView key={change.path} change={change} inChange={inChanges.get(change.path)?.title} />
          ))}
          {shown.length > describedAtMost && <p className="changes-more">{moreChangesSentence(shown.slice(describedAtMost))}</p>}
        </div>
      )}
      {status.others.length > 0 && (
        <details className="others">
          <summary>{status.others.length} other changed {status.others.length === 1 ? 'file' : 'files'}, left alone by publishing</summary>
          <ul>
            {status.others.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </details>
      )}
      {!isEditor && <p className="publish-author">To put it live, submit it for review in Changes: an editor of your team reads it there and publishes it.</p>}
      {isEditor && (
        <form
          className="publish-form"
          onSubmit={(e) => {
            e.preventDefault()
            void publish()
          }}
        >
          {known ? (
            <p className="publish-author">
              Publishing as {publisher!.name} &lt;{publisher!.email}&gt;
            </p>
          ) : (
            <fieldset>
              <legend>Who is publishing? Asked once; kept for this project.</legend>
              <label>
                Your name <input value={name || status.author?.name || ''} onChange={(e) => setName(e.target.value)} required autoComplete="name" />
              </label>
              <label>
                Your email <input type="email" value={email || status.author?.email || ''} onChange={(e) => setEmail(e.target.value)} required autoComplete="email" />
              </label>
            </fieldset>
          )}
          <label>
            What changed, in a sentence
            <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={2} required placeholder="New FAQ answers on the healthcare page" />
          </label>
          {unsaved && <p className="publish-unsaved">{studioSentences.unsavedBeforePublish({ file: unsaved.file })}</p>}
          <button type="submit" className="primary" disabled={running || (status.changes.length === held && !unsaved)}>
            {running ? 'Publishing…' : unsaved ? 'Save and publish' : 'Publish'}
          </button>
        </form>
      )}
      {running && step && (
        <p role="status" className="publish-step">
          {stepWords[step]}…
        </p>
      )}
      {/* Out of the status line: a count told four times a second would be read out each time. */}
      {running && step && progress && (
        <p className="publish-progress">
          <progress max={progress.total} value={progress.done} aria-label={`${stepWords[step]}: ${phaseWords[progress.phase] ?? progress.phase}`} /> {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} {phaseWords[progress.phase] ?? progress.phase}
        </p>
      )}
      {outcome && <Outcome outcome={outcome} choices={choices} setChoices={setChoices} onRetry={() => void publish(choices)} running={running} onProblem={onProblem} />}
    </section>
  )
}

/** The author's choices on a conflict: a side for a page taken whole, and a side for each field of a page chosen field by field. */
export interface Choices {
  pages: Record<string, Choice>
  fields: Record<string, Record<string, Choice>>
}

export const noChoices: Choices = { pages: {}, fields: {} }

export function Outcome({ outcome, choices, setChoices, onRetry, running, onProblem }: { outcome: PublishOutcome; choices: Choices; setChoices: (c: Choices) => void; onRetry: () => void; running: boolean; onProblem: (file: string, line: number, column: number) => void }) {
  if (outcome.kind === 'published') {
    // A deploy hook on the remote reports there whether the site went live (deploy/post-receive).
    const deployFailed = outcome.remoteSaid?.some((line) => /^deploy: FAILED/.test(line))
    return (
      <div role={deployFailed ? 'alert' : 'status'} className={`banner ${deployFailed ? 'refused' : 'status'}`} tabIndex={-1} ref={focusWhenShown}>
        <p>
          {outcome.message} ({(outcome.ms / 1000).toFixed(1)} s)
          {deployFailed && ' But the live server could not build it, so the live site is as it was; what it said is below.'}
        </p>
        {outcome.remoteSaid && (
          <details open={deployFailed}>
            <summary>What the live server said</summary>
            <pre className="remote-said">{outcome.remoteSaid.join('\n')}</pre>
          </details>
        )}
      </div>
    )
  }
  if (outcome.kind === 'refused')
    return (
      <p role="alert" className="banner refused" tabIndex={-1} ref={focusWhenShown}>
        {outcome.reason}
      </p>
    )
  if (outcome.kind === 'problems') {
    return (
      <div role="alert" className="banner refused">
        <p>Nothing was published: fix these first.</p>
        <ul className="publish-problems">
          {outcome.problems.map((p, i) => (
            <li key={i}>
              <a href={`#/${p.file}`} onClick={() => onProblem(p.file.replace(/^pages\//, ''), p.line, p.column)}>
                {fileName(p.file)}, line {p.line}
              </a>{' '}
              <ProblemWords problem={p} />
            </li>
          ))}
        </ul>
      </div>
    )
  }
  const chosen = outcome.pages.every((page) => (page.fields ? page.fields.every((f) => choices.fields[page.path]?.[f.key]) : choices.pages[page.path]))
  return (
    <div role="alert" className="banner disk conflict">
      <p>These pages changed here and on the live site since you last published. Choose which version of each to keep; nothing has changed yet.</p>
      {outcome.pages.map((page) => (
        page.fields ? (
          <FieldChoices key={page.path} page={page} chosen={choices.fields[page.path] ?? {}} onChoose={(key, choice) => setChoices({ ...choices, fields: { ...choices.fields, [page.path]: { ...choices.fields[page.path], [key]: choice } } })} />
        ) : (
          <ConflictChoice key={page.path} page={page} choice={choices.pages[page.path]} onChoose={(choice) => setChoices({ ...choices, pages: { ...choices.pages, [page.path]: choice } })} />
        )
      ))}
      <button className="primary" disabled={!chosen || running} onClick={onRetry}>
        Publish with these choices
      </button>
    </div>
  )
}

/** A page whose fields both sides changed differently: each field with the two values side by side, yours and the colleague's, chosen one by one. Everything else on the page is merged already. */
function FieldChoices({ page, chosen, onChoose }: { page: ConflictPage; chosen: Record<string, Choice>; onChoose: (key: string, choice: Choice) => void }) {
  const them = page.theirsBy ?? 'the live site'
  return (
    <fieldset className="conflict-page">
      <legend>{fileName(page.path)}: changed by you and by {them}</legend>
      <p className="diff-where">Everything else on this page is combined already. Choose which words to keep where you both changed the same field:</p>
      {page.fields!.map((field) => {
        const name = `field-${page.path}-${field.key}`
        return (
          <fieldset key={field.key} className="conflict-field">
            <legend>{field.label}</legend>
            <div className="conflict-sides">
              <label>
                <input type="radio" name={name} checked={chosen[field.key] === 'mine'} onChange={() => onChoose(field.key, 'mine')} /> Keep yours: <ins>{field.mine}</ins>
              </label>
              <label>
                <input type="radio" name={name} checked={chosen[field.key] === 'theirs'} onChange={() => onChoose(field.key, 'theirs')} /> Keep {them}’s: <ins>{field.theirs}</ins>
              </label>
            </div>
          </fieldset>
        )
      })}
    </fieldset>
  )
}

function ConflictChoice({ page, choice, onChoose }: { page: ConflictPage; choice: Choice | undefined; onChoose: (choice: Choice) => void }) {
  const name = `choice-${page.path}`
  return (
    <fieldset className="conflict-page">
      <legend>{fileName(page.path)}</legend>
      <div className="conflict-sides">
        <label>
          <input type="radio" name={name} checked={choice === 'mine'} onChange={() => onChoose('mine')} /> Keep mine{page.mine === null ? ' (deleted here)' : ''}
          <DiffLines lines={page.mineChanges} />
        </label>
        <label>
          <input type="radio" name={name} checked={choice === 'theirs'} onChange={() => onChoose('theirs')} /> Keep {page.theirsBy ? `${page.theirsBy}’s` : "the remote's"}{page.theirs === null ? ' (deleted there)' : ''}
          <DiffLines lines={page.theirsChanges} />
        </label>
      </div>
    </fieldset>
  )
}

/** Bring in the latest: what the team published since, into this copy, without publishing; the author's saved edits stay, combined field by field. */
function BringIn({ behind }: { behind: number }) {
  const [said, setSaid] = useState('')
  const [busy, setBusy] = useState(false)
  // What it did stays said after the panel learns there is nothing left to bring in.
  if (!behind && !said) return null
  return (
    <p className="bring-in">
      <button
        type="button"
        hidden={!behind && !busy}
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            const outcome = await call('POST /api/bring-in', {})
            setSaid(outcome.kind === 'updated' ? outcome.message : outcome.reason)
          } catch (error) {
            setSaid((error as Error).message)
          } finally {
            setBusy(false)
          }
        }}
      >
        {busy ? 'Bringing in the latest…' : 'Bring in the latest'}
      </button>{' '}
      <span role="status">{said}</span>
    </p>
  )
}
