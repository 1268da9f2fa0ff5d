/**
 * People, in the team studio, for editors: who has an account, inviting
 * someone (the one-time link to send them, since the studio sends no
 * mail), a new link for someone locked out, and removing an account.
 */
import { useEffect, useRef, useState } from 'react'
import { call } from '../client/call.ts'
import { signedIn } from '../client/signed-in.ts'
import type { Person } from '../shared/api.ts'

export function PeoplePanel() {
  const [open, setOpen] = useState(false)
  const [people, setPeople] = useState<Person[]>()
  const [error, setError] = useState('')
  const [sent, setSent] = useState<{ link: string; person: Person }>()
  const load = () => call('GET /api/people', {}).then(setPeople, (e: Error) => setError(e.message))
  useEffect(() => void (open && load()), [open])

  const act = async (work: () => Promise<unknown>) => {
    setError('')
    try {
      await work()
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const newLink = (person: Person) => act(async () => setSent(await call('POST /api/invite', { name: person.name, email: person.email, role: person.role, reset: true })))
  const remove = (person: Person) => {
    if (confirm(`Remove ${person.name}'s account? They are signed out at once; what they published stays in the history under their name.`)) void act(() => call('POST /api/remove-person', { email: person.email }))
  }

  return (
    <details className="people" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>People</summary>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {sent && <InviteLink sent={sent} />}
      <ul>
        {people?.map((person) => (
          <li key={person.email}>
            <span>
              {person.name} <span className="person-role">({person.role}{person.active ? '' : ', invited'})</span>
            </span>
            <span className="person-email">{person.email}</span>
            {person.email !== signedIn?.email && (
              <span className="person-actions">
                <button onClick={() => void newLink(person)}>New link for {person.name}</button> <button onClick={() => remove(person)}>Remove {person.name}</button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <InviteForm onInvited={(invited) => act(async () => setSent(invited))} onError={setError} />
    </details>
  )
}

function InviteForm({ onInvited, onError }: { onInvited: (sent: { link: string; person: Person }) => void; onError: (message: string) => void }) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'author' | 'editor'>('author')
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="invite"
      onSubmit={async (e) => {
        e.preventDefault()
        setBusy(true)
        try {
          onInvited(await call('POST /api/invite', { name, email, role }))
          setName('')
          setEmail('')
        } catch (error) {
          onError((error as Error).message)
        } finally {
          setBusy(false)
        }
      }}
    >
      <h3>Invite someone</h3>
      <label>
        Their name <input value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        Their email <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoComplete="off" />
      </label>
      <label>
        Role{' '}
        <select value={role} onChange={(e) => setRole(e.target.value as 'author' | 'editor')}>
          <option value="author">Author: writes and saves pages</option>
          <option value="editor">Editor: also publishes, deletes and invites</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {busy ? 'Inviting…' : 'Invite'}
      </button>
    </form>
  )
}

/** The link to send, selected for copying: the studio sends no mail. */
function InviteLink({ sent }: { sent: { link: string; person: Person } }) {
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    setCopied(false)
    field.current?.focus()
    field.current?.select()
  }, [sent])
  return (
    <div className="invite-link" role="status">
      <p>
        Send this link to {sent.person.name} ({sent.person.email}). It works once, for 7 days, to choose a password.
      </p>
      <input ref={field} readOnly value={sent.link} aria-label={`Link for ${sent.person.name}`} onFocus={(e) => e.currentTarget.select()} />
      <button onClick={() => void navigator.clipboard.writeText(sent.link).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy the link'}</button>
    </div>
  )
}
