import { useId, useState, type FormEvent } from 'react'
import type { Site } from '../generated/schema-types'
import styles from './footer.module.css'

type Newsletter = Site['footer']['newsletter']

/** `said`: the service's own sentence, shown as it is; else the site's words for a failure and `why`. */
type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; why: string; said?: string }

/**
 * The footer's sign-up. The prerendered HTML is a plain form that POSTs the
 * address to the newsletter service (so it works with JavaScript off, and
 * the address travels in the body, never in a URL): the site's own at
 * /api/signup (src/signup/), or an outside one pages/_site.yaml names, which
 * must allow this site's origin (CORS) for fetch to read its answer.
 * Hydrated, it sends the same body with fetch and answers in place, in a
 * live region, in the service's own words when it gives them (JSON with a
 * message, as the site's own does). The "website" field is hidden from
 * people and screen readers alike: a robot fills it in, and is thanked and
 * forgotten.
 */
export function NewsletterForm({ newsletter, endpoint }: { newsletter: Newsletter; endpoint: string }) {
  const emailId = useId()
  const [state, setState] = useState<State>({ kind: 'idle' })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const host = new URL(endpoint, window.location.href).host
    setState({ kind: 'sending' })
    let response: Response
    try {
      // URLSearchParams: the same urlencoded body the form sends without JavaScript (and a CORS "simple" request, so no preflight).
      response = await fetch(endpoint, { method: 'POST', body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>), headers: { accept: 'application/json' }, credentials: 'omit', redirect: 'follow' })
    } catch {
      setState({ kind: 'failed', why: `no answer from ${host}` })
      return
    }
    if (response.ok) {
      form.reset()
      setState({ kind: 'sent' })
      return
    }
    const said = await serviceMessage(response)
    setState({ kind: 'failed', why: `${host} answered ${response.status}`, ...(said ? { said } : {}) })
  }

  const sending = state.kind === 'sending'
  return (
    <form className={styles.form} method="post" action={endpoint} onSubmit={submit} aria-label={newsletter.label} aria-busy={sending}>
      <label htmlFor={emailId} className={styles.formLabel}>
        {newsletter.label}
      </label>
      <div className={styles.field}>
        <input id={emailId} type="email" name="email" required placeholder={newsletter.placeholder} autoComplete="email" className={styles.input} />
        <button type="submit" className={`button ${styles.send}`} disabled={sending}>
          {newsletter.button}
        </button>
      </div>
      <div className={styles.trap} aria-hidden="true">
        <label>
          Leave this empty <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {/* In the HTML from the start: a live region announces changes, not its own arrival. */}
      <p role="status" className={styles.answer} data-state={state.kind}>
        {state.kind === 'sent' ? newsletter.sent : state.kind === 'failed' ? (state.said ?? `${newsletter.failed} (${state.why})`) : ''}
      </p>
    </form>
  )
}

/** The service's own sentence, when it answered JSON with a message (the site's own service does). */
async function serviceMessage(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return undefined
  try {
    const body = (await response.json()) as { message?: unknown }
    return typeof body.message === 'string' ? body.message : undefined
  } catch {
    return undefined
  }
}
