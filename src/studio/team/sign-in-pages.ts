/**
 * The team studio's two pages before the studio itself: signing in, and
 * choosing a password from an invitation's link. Plain HTML forms that
 * post to the studio's own origin: no script runs on them, so they work
 * with it off and nothing on them can be made to run.
 */
import { escapeHtml } from '../../shared/escape-html.ts'
import { longestPassword, shortestPassword } from './passwords.ts'


/** The pages' policy: their one style element and the sign-in page's one script (by nonce), forms and requests to this origin, nothing else. */
export const signInPolicy = (nonce: string) =>
  [`default-src 'none'`, `style-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`, `connect-src 'self'`, `form-action 'self'`, `frame-ancestors 'none'`, `base-uri 'none'`, `object-src 'none'`].join('; ')

const style = `
  :root { color-scheme: light; font: 16px/1.5 system-ui, sans-serif; color: #1d2430; background: #f3f5f8; }
  main { max-width: 26rem; margin: 12vh auto; padding: 2rem; background: #fff; border: 1px solid #d5dbe3; border-radius: 10px; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; font: inherit; border: 1px solid #7a8594; border-radius: 6px; }
  input:focus-visible, button:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
  button { margin-top: 1.5rem; padding: 0.6rem 1.2rem; font: inherit; font-weight: 600; color: #fff; background: #1f5fbf; border: 0; border-radius: 6px; cursor: pointer; }
  .said { padding: 0.75rem; border-radius: 6px; background: #fdecea; border: 1px solid #b3261e; color: #6b1510; }
  .note { color: #4a5563; font-size: 0.9rem; }
  .or { margin: 1.5rem 0 0; padding-top: 1rem; border-top: 1px solid #d5dbe3; }
  .or button { margin-top: 0.5rem; color: #1f5fbf; background: #fff; border: 2px solid #1f5fbf; }
  @media (forced-colors: active) { main, input, .said { border: 1px solid CanvasText; } button { border: 1px solid ButtonText; } }
`

function page(nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Studio</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

const said = (message?: string) => (message ? `<p class="said" role="alert">${escapeHtml(message)}</p>` : '')

export function signInPage(nonce: string, options: { email?: string; message?: string } = {}): string {
  return page(
    nonce,
    'Sign in',
    `<h1>Sign in to the studio</h1>
${said(options.message)}
<form method="post" action="/sign-in">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<div class="or" id="passkey" hidden>
<p>Or, if you have added a passkey on this device:</p>
<button type="button">Sign in with a passkey</button>
<p class="said" role="alert" hidden></p>
</div>
<p class="note">No password yet, or forgotten it? Ask whoever runs the studio for a new link.</p>
<script nonce="${nonce}">${passkeyScript}</script>`,
  )
}

/**
 * Signing in with a passkey: shown only where the browser reads WebAuthn's
 * JSON forms (parseRequestOptionsFromJSON, toJSON), and with script on;
 * the password form works without it.
 */
const passkeyScript = `
const part = document.getElementById('passkey')
const said = part.querySelector('.said')
const say = (text) => { said.textContent = text; said.hidden = !text }
if (window.PublicKeyCredential && PublicKeyCredential.parseRequestOptionsFromJSON) {
  part.hidden = false
  part.querySelector('button').addEventListener('click', async () => {
    say('')
    const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    try {
      const start = await post('/passkey/options', {})
      if (!start.ok) return say('The studio could not start a passkey sign-in. Reload the page and try again.')
      const { attempt, options } = await start.json()
      const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })
      const done = await post('/passkey/sign-in', { attempt, response: credential.toJSON() })
      if (done.ok) return location.assign('/')
      say((await done.json()).error)
    } catch (error) {
      say(error.name === 'NotAllowedError' ? 'No passkey was used (it was cancelled, or timed out). Try again, or sign in with your password.' : 'This browser could not use a passkey here. Sign in with your password.')
    }
  })
}
`

export function setPasswordPage(nonce: string, options: { invite: string; name: string; email: string; message?: string }): string {
  return page(
    nonce,
    'Choose a password',
    `<h1>Welcome, ${escapeHtml(options.name)}</h1>
<p>Choose the password you will sign in with, as ${escapeHtml(options.email)}.</p>
${said(options.message)}
<form method="post" action="/set-password">
<input type="hidden" name="invite" value="${escapeHtml(options.invite)}">
<input type="email" name="email" autocomplete="username" value="${escapeHtml(options.email)}" hidden readonly>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${shortestPassword}" maxlength="${longestPassword}" required autofocus aria-describedby="rule">
<p class="note" id="rule">At least ${shortestPassword} characters. A few unrelated words make a good one.</p>
<label for="again">The same password again</label>
<input id="again" name="again" type="password" autocomplete="new-password" required>
<button type="submit">Save and sign in</button>
</form>`,
  )
}

export function linkUsedPage(nonce: string): string {
  return page(
    nonce,
    'Link used',
    `<h1>This link no longer works</h1>
<p>It has been used or has expired (a link works once, for seven days). Ask whoever invited you for a new one, or <a href="/sign-in">sign in</a> if you have chosen a password.</p>`,
  )
}
