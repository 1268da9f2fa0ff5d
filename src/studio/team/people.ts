/**
 * A person as a developer writes them on the server's shell
 * ("Ana Author <ana@example.org>"), checked before an account is made:
 * their name goes into commits, their address into links and logs.
 */
import { parseAuthor } from '../server/publish/author.ts'

export interface Person {
  name: string
  email: string
}

/** The person `text` names, or why it cannot be one, in words. */
export function readPerson(text: string): Person | string {
  const person = parseAuthor(text)
  if (!person) return `Write the person as "Their Name <their@address>", with the address in angle brackets (got ${JSON.stringify(text)}).`
  const name = person.name.trim()
  const email = person.email.trim()
  if (!name) return 'The name is empty: write it before the address.'
  if (/[\p{Cc}/\\]/u.test(name)) return `A name cannot hold a slash, a backslash or a control character (got ${JSON.stringify(name)}).`
  const problem = emailProblem(email)
  return problem ?? { name, email }
}

/** Why `email` is not an address an account can have, or undefined. Stricter than RFC 5322 on purpose: no quoting, slashes or dots at the ends. */
export function emailProblem(email: string): string | undefined {
  return /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(email) && email.length <= 254
    ? undefined
    : `${JSON.stringify(email)} is not an email address an account can have (letters, digits and . _ % + - before the @, a domain after it).`
}
