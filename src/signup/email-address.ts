/**
 * An email address as the sign-up takes it: what the form's type="email"
 * field accepts (the HTML standard's rule), with a dot in its domain (an
 * address at a bare host name reaches no one), at most 254 characters, the
 * domain in lower case so one address is stored once. Undefined for anything else.
 */
const htmlEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export function normalAddress(raw: string): string | undefined {
  const address = raw.trim()
  if (address.length > 254 || !htmlEmail.test(address)) return undefined
  const at = address.lastIndexOf('@')
  if (at > 64) return undefined
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`
}
