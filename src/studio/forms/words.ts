/**
 * Labels and help in an author's words: a property's name made readable,
 * and the schema's descriptions with the words of JSON Schema taken out
 * (tests/e2e/studio-forms.spec.ts scans the screens for them).
 */

/**
 * Field names that are web words, not an author's: what the form calls them.
 * (The schema's own titles name generated types, so they cannot carry these.)
 */
const plainNames: Record<string, string> = {
  href: 'Link to',
  src: 'Picture',
  alt: 'What it shows',
  webm: 'Video (WebM)',
  mp4: 'Video (MP4)',
  id: 'Anchor name',
  url: 'Web address',
}

/** "backLink" -> "Back link", "audience-accordion" -> "Audience accordion", "cta2" -> "Cta 2"; web words in plain words. */
export function labelOf(name: string): string {
  const plain = plainNames[name]
  if (plain) return plain
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * What the form and the YAML tab's hover both call a field: the title its
 * own schema gives it ("Heading"), else its name made readable. A title
 * reached through a $ref names a shared type ("Image", "Menu"), not this
 * field, so callers pass the field's own keys only.
 */
export function fieldLabel(name: string, ownTitle: unknown): string {
  return typeof ownTitle === 'string' ? ownTitle : labelOf(name)
}

/** What an item of list `listName` is called: the items' own title where the list's name cannot say it, else that name in the singular. */
export function itemNounOf(listName: string, ownTitle: unknown): string {
  return typeof ownTitle === 'string' ? ownTitle : nounOf(listName)
}

/** One item of a list, by the list's name: "bullets" -> "Bullet", "menus" -> "Menu", "faq" -> "Faq". */
export function nounOf(listName: string): string {
  const label = labelOf(listName)
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y')
  if (/(ss|sh|ch|x)es$/.test(label)) return label.replace(/es$/, '')
  if (/[^s]s$/.test(label)) return label.slice(0, -1)
  return label
}

/** Words of JSON Schema that must never reach an author's screen, and what an author would say instead. */
const jargon: [RegExp, string][] = [
  [/\bstrings?\b/gi, 'text'],
  [/\b(oneOf|anyOf|allOf)\b/g, 'one of the kinds'],
  [/\$ref\b/g, 'definition'],
  [/\badditionalProperties\b/g, 'other fields'],
  [/\bbooleans?\b/gi, 'yes or no'],
  [/\bintegers?\b/gi, 'whole number'],
  [/\barrays?\b/gi, 'list'],
]

/** The words schema jargon must never reach the screen as (for the test that scans for them). */
export const schemaWords = ['string', 'oneOf', 'anyOf', 'allOf', '$ref', 'additionalProperties', 'boolean', 'integer', 'array']

/** Sentences that tell how to write the YAML ('each item starting with "- "'), which the form does for the author. */
const aboutYaml = /as ""|"- "|"-\s|starting with "-|write "[^"]*:|\bindent|"\w+: \|"|\bYAML\b/

export function authorWords(text: string): string {
  // A sentence ends at . ! or ? before a space (not inside "pages/_site.yaml").
  const sentences = text.split(/(?<=[.!?])\s+/).map((sentence) => `${sentence} `)
  // Whole sentences about YAML go; so does a clause after a semicolon ("A bulleted list; each item starting with…").
  const kept = sentences
    .map((sentence) => {
      const clauses = sentence.trim().split(/;\s+/)
      const plain = clauses.filter((clause) => !aboutYaml.test(clause))
      return plain.length === clauses.length ? sentence : plain.length ? `${plain.join('; ').replace(/[.!?]*$/, '')}. ` : ''
    })
    .join('')
    .trim()
  return jargon.reduce((t, [pattern, words]) => t.replace(pattern, words), kept || text)
}
