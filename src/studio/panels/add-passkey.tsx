/**
 * Add a passkey, in the team studio: this device (or a phone, or a security
 * key) keeps a key for the studio, and the sign-in page's "Sign in with a
 * passkey" uses it, with no password typed. Offered only where the browser
 * reads WebAuthn's JSON forms.
 */
import { useState } from 'react'
import { call } from '../client/call.ts'

type WithJson = typeof PublicKeyCredential & { parseCreationOptionsFromJSON?: (options: unknown) => PublicKeyCredentialCreationOptions }
const credentials = typeof PublicKeyCredential === 'undefined' ? undefined : (PublicKeyCredential as WithJson)

export function AddPasskey() {
  const [said, setSaid] = useState('')
  const [busy, setBusy] = useState(false)
  if (!credentials?.parseCreationOptionsFromJSON) return null
  const add = async () => {
    setBusy(true)
    setSaid('')
    try {
      const options = await call('POST /api/passkey-options', {})
      const made = (await navigator.credentials.create({ publicKey: credentials.parseCreationOptionsFromJSON!(options) })) as (PublicKeyCredential & { toJSON: () => Record<string, unknown> }) | null
      if (!made) return setSaid('No passkey was made.')
      const { passkeys } = await call('POST /api/passkey-add', { response: made.toJSON() })
      setSaid(`Passkey added (${passkeys} in all). Next time, choose "Sign in with a passkey".`)
    } catch (error) {
      const name = (error as Error).name
      setSaid(name === 'NotAllowedError' ? 'No passkey was made (it was cancelled, or timed out).' : name === 'InvalidStateError' ? 'This device already has a passkey for you.' : (error as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <p className="add-passkey">
      <button type="button" onClick={() => void add()} disabled={busy}>
        {busy ? 'Adding a passkey…' : 'Add a passkey'}
      </button>{' '}
      <span role="status">{said}</span>
    </p>
  )
}
