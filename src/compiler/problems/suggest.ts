/**
 * Edit distance counting a swap of two neighbouring letters as one edit
 * (optimal string alignment), since "heor" for "hero" is the typical typo.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/**
 * The candidate closest to `input`, if close enough to be a plausible typo.
 * A typo of a candidate's beginning counts too ("/abuot" -> "/about-us").
 */
export function nearest(input: string, candidates: Iterable<string>): string | undefined {
  const word = input.toLowerCase()
  const allowed = Math.max(1, Math.min(5, Math.floor(word.length / 3)))
  let best: string | undefined
  let bestScore = Infinity
  for (const candidate of candidates) {
    const c = candidate.toLowerCase()
    const whole = editDistance(word, c)
    const prefix = c.length > word.length ? editDistance(word, c.slice(0, word.length)) + 1 : Infinity
    const score = Math.min(whole, prefix)
    if (score < bestScore) {
      best = candidate
      bestScore = score
    }
  }
  return bestScore <= allowed ? best : undefined
}

/**
 * Field names an author reaches for that mean what another block calls by
 * another name: "title" on a block whose field is "heading", "picture" for
 * "image". Spelling cannot find these ("title" is nowhere near "heading").
 */
const sameMeaning: readonly (readonly string[])[] = [
  ['heading', 'title', 'headline', 'header'],
  ['text', 'body', 'content', 'paragraph', 'paragraphs'],
  ['image', 'picture', 'photo', 'img'],
  ['href', 'url', 'link'],
  ['items', 'cards', 'entries', 'list'],
  ['bullets', 'points', 'list'],
]

/** A field of `candidates` that means what `input` does, when the block has no field `input`. */
export function sameMeaningField(input: string, candidates: readonly string[]): string | undefined {
  const word = input.toLowerCase()
  for (const group of sameMeaning) {
    if (!group.includes(word)) continue
    const found = candidates.find((c) => c !== input && group.includes(c))
    if (found) return found
  }
  return undefined
}
