/**
 * An SVG is a document as well as a picture: opened at its own address it
 * runs whatever script it holds, as the site (or as the studio, which serves
 * public/ beside its own code). Pictures here are pictures only, so every
 * way an SVG can hold or load code is refused by the check: script
 * elements, event handler attributes, javascript: links, embedded HTML and
 * other documents, style sheets that transform the file, and entity
 * declarations (which can spell any of these without writing them out).
 */

export interface ActivePart {
  /** What was found, in an author's words. */
  what: string
  /** Offset into the text, for the problem's line and column. */
  offset: number
}

const handler = /(?<=[\s"'/])on[a-z]+\s*=/gi

const rules: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/<script\b/gi, () => 'a <script> element'],
  [handler, (m) => `an event handler attribute (${m[0].replace(/\s*=$/, '')})`],
  [/j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi, () => 'a javascript: link'],
  [/<(foreignObject|iframe|embed|object|handler|listener)\b/gi, (m) => `a <${m[1]}> element, which can hold a web page or code`],
  [/<\?xml-stylesheet\b/gi, () => 'an xml-stylesheet instruction'],
  [/<!ENTITY\b/gi, () => 'an entity declaration'],
]

/** Every part of `text` (an SVG file) that could run code, in order; [] for a plain picture. */
export function activeSvgParts(text: string): ActivePart[] {
  // Character references (&#106;avascript:) are read as the characters they stand for, at their own offset.
  const decoded: string[] = []
  const offsets: number[] = []
  const reference = /&#(x[0-9a-f]+|[0-9]+);?/giy
  for (let i = 0; i < text.length; ) {
    reference.lastIndex = i
    const m = text[i] === '&' ? reference.exec(text) : null
    const code = m ? (m[1]![0]!.toLowerCase() === 'x' ? parseInt(m[1]!.slice(1), 16) : Number(m[1])) : undefined
    decoded.push(code !== undefined && code <= 0x10ffff ? String.fromCodePoint(code) : text[i]!)
    offsets.push(i)
    i += m && code !== undefined && code <= 0x10ffff ? m[0].length : 1
  }
  const plain = decoded.join('')
  // decoded items may be two UTF-16 units long; map positions back through a prefix of lengths.
  const starts: number[] = []
  let at = 0
  for (const [k, piece] of decoded.entries()) {
    for (let u = 0; u < piece.length; u++) starts[at + u] = offsets[k]!
    at += piece.length
  }
  const found: ActivePart[] = []
  for (const [pattern, describe] of rules) {
    pattern.lastIndex = 0
    for (let m = pattern.exec(plain); m; m = pattern.exec(plain)) {
      // An attribute counts only inside a tag: "step one = two" in a <text> is words.
      if (pattern === handler && plain.lastIndexOf('<', m.index) <= plain.lastIndexOf('>', m.index)) continue
      found.push({ what: describe(m), offset: starts[m.index] ?? 0 })
    }
  }
  return found.sort((a, b) => a.offset - b.offset)
}
