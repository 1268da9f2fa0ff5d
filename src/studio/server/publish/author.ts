/** Who publishes: user.name and user.email as git reads them, saved into the repository's own config. */
import { configValue, setLocalConfig } from '../git/refs.ts'
import type { Author } from '../../shared/publish-types.ts'

export async function getAuthor(root: string): Promise<Author | undefined> {
  const [name, email] = await Promise.all([configValue(root, 'user.name'), configValue(root, 'user.email')])
  return name?.trim() || email?.trim() ? { name: name?.trim() ?? '', email: email?.trim() ?? '' } : undefined
}

/** Keep the author in this repository's .git/config (never the user's global config), after checking it. */
export async function setAuthor(root: string, author: Author): Promise<void> {
  const why = authorProblem(author)
  if (why) throw new Error(why)
  await setLocalConfig(root, 'user.name', author.name.trim())
  await setLocalConfig(root, 'user.email', author.email.trim())
}

/** What is wrong with an author, in words, or undefined. */
export function authorProblem(author: Author): string | undefined {
  if (!author.name.trim()) return 'the name is empty.'
  if (/[<>\n\r\0]/.test(author.name)) return 'a name cannot hold "<", ">" or a line break.'
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(author.email.trim())) return `${JSON.stringify(author.email)} is not an email address.`
  return undefined
}

/** "Ada Lovelace <ada@example.com>" as an Author, or undefined when it is not written that way. */
export function parseAuthor(text: string): Author | undefined {
  const match = /^\s*([^<>]*?)\s*<([^<>]*)>\s*$/.exec(text)
  return match ? { name: match[1]!, email: match[2]! } : undefined
}
