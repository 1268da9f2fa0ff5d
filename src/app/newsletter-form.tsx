import { useId, useState, type FormEvent } from 'react'
import type { Site } from '../generated/schema-types'
import styles from './footer.module.css'

type Newsletter = Site['footer']['newsletter']

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; why: string }

/**
 * The footer's sign-up. The prerendered HTML is a plain form that POSTs the
 * address to the newsletter service (so it works with JavaScript off, and
 * the address travels in the body, never in a URL). Hydrated, it sends the
 * same body with fetch and answers in place, in a live region. The service
 * must allow this site's origin (CORS) for fetch to read its answer.
 */
export function NewsletterForm({ newsletter, endpoint }: { newsletter: Newsletter; endpoint: string }) {
  const emailId = useId()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const host = new URL(endpoint).host

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setState({ kind: 'sending' })
    let status: number
    try {
      // URLSearchParams: the same urlencoded body the form sends without JavaScript (and a CORS "simple" request, so no preflight).
      const response = await fetch(endpoint, { method: 'POST', body: new URLSearchParams({ email: String(new FormData(form).get('email') ?? '') }), credentials: 'omit', redirect: 'follow' })
      status = response.status
    } catch {
      setState({ kind: 'failed', why: `no answer from ${host}` })
      return
    }
    if (status >= 200 && status < 300) {
      form.reset()
      setState({ kind: 'sent' })
    } else {
      setState({ kind: 'failed', why: `${host} answered ${status}` })
    }
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
      {/* In the HTML from the start: a live region announces changes, not its own arrival. */}
      <p role="status" className={styles.answer} data-state={state.kind}>
        {state.kind === 'sent' ? newsletter.sent : state.kind === 'failed' ? `${newsletter.failed} (${state.why})` : ''}
      </p>
    </form>
  )
}

/** Without a newsletter service: the contact address to write to, rather than a form that pretends. */
export function NewsletterMailto({ newsletter, contact }: { newsletter: Newsletter; contact: string }) {
  return (
    <div className={styles.form}>
      <p className={styles.formLabel}>{newsletter.label}</p>
      <a className={styles.mailto} href={`mailto:${contact}?subject=${encodeURIComponent(newsletter.label)}`}>
        {contact}
      </a>
    </div>
  )
}
