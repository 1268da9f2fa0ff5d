/**
 * Passkeys (WebAuthn) for the team studio, through @simplewebauthn/server,
 * which checks the authenticator's signed answers (CBOR, COSE keys,
 * attestation formats): a signed-in person adds one from the studio, and
 * signs in with it from the sign-in page, with no password typed. The
 * relying party is the studio's own host name; a challenge is used once and
 * lives five minutes.
 */
import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { TeamRefusal, type TeamStore, type TeamUser } from './team-store.ts'

const challengeLifetimeMs = 5 * 60_000

export class Passkeys {
  private readonly rpID: string
  private readonly origin: string

  constructor(
    private readonly store: TeamStore,
    baseUrl: URL,
  ) {
    this.rpID = baseUrl.hostname
    this.origin = baseUrl.origin
  }

  /** What the signed-in `user`'s browser needs to make a passkey for the studio; its challenge waits under their id. */
  async addOptions(user: TeamUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const options = await generateRegistrationOptions({
      rpName: 'Studio',
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: Buffer.from(this.store.handleOf(user.id), 'base64url'),
      attestationType: 'none',
      // A passkey this browser already holds for them is not made twice.
      excludeCredentials: this.store.passkeysOf(user.id).map(({ id, transports }) => ({ id, transports })),
      // Discoverable: signing in then asks for no address.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    this.store.putChallenge(`add:${user.id}`, options.challenge, challengeLifetimeMs)
    return options
  }

  /** Keeps the passkey the browser made, once its answer checks out against the challenge given to `user`. */
  async add(user: TeamUser, response: RegistrationResponseJSON): Promise<void> {
    const expectedChallenge = this.store.takeChallenge(`add:${user.id}`)
    if (!expectedChallenge) throw new TeamRefusal('That took too long (a passkey is made within five minutes). Try Add a passkey again.')
    let verified
    try {
      verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: this.origin, expectedRPID: this.rpID, requireUserVerification: false })
    } catch (error) {
      throw new TeamRefusal(`The browser's answer could not be checked (${(error as Error).message}). Nothing was kept.`)
    }
    if (!verified.verified) throw new TeamRefusal("The browser's answer did not check out. Nothing was kept.")
    const { credential } = verified.registrationInfo
    this.store.addPasskey(user.id, { id: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? [] })
  }

  /** A sign-in's options (any of this studio's passkeys may answer) and the attempt's id, which brings the answer back to its challenge. */
  async signInOptions(): Promise<{ attempt: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'preferred' })
    const attempt = randomBytes(24).toString('base64url')
    this.store.putChallenge(`sign-in:${attempt}`, options.challenge, challengeLifetimeMs)
    return { attempt, options }
  }

  /** Whose passkey answered, once its signature checks out against the attempt's challenge; a refusal in words otherwise. */
  async signIn(attempt: string, response: AuthenticationResponseJSON): Promise<TeamUser> {
    const expectedChallenge = this.store.takeChallenge(`sign-in:${attempt}`)
    if (!expectedChallenge) throw new TeamRefusal('That sign-in took too long or was already used. Try again.')
    const passkey = typeof response?.id === 'string' ? this.store.passkey(response.id) : undefined
    const user = passkey && this.store.userById(passkey.userId)
    if (!passkey || !user?.active) throw new TeamRefusal('This passkey belongs to no account here (it may have been removed). Sign in with your password.')
    let verified
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      })
    } catch (error) {
      throw new TeamRefusal(`The passkey's answer could not be checked (${(error as Error).message}).`)
    }
    if (!verified.verified) throw new TeamRefusal("The passkey's answer did not check out.")
    this.store.setPasskeyCounter(passkey.id, verified.authenticationInfo.newCounter)
    return user
  }
}
