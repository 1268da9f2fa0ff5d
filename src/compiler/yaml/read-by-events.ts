import { EVENT_ID, getScalarValue, parseEvents, SCALAR_STYLE, type Event, type ScalarEvent } from 'js-yaml'
import { limits } from './yaml-limits.ts'
import { controlPattern, loneSurrogate } from './refused-characters.ts'

/**
 * A page's value read from js-yaml's stream of parser events, for the pages
 * written plainly: much faster than the `yaml` library's document of every
 * node with its place, which was a large part of a cold check's time
 * (docs/measurements.md, "Reading pages from js-yaml's events"). Undefined
 * when the file holds anything parse-yaml.ts
 * would report, or that the two libraries might read differently; that file
 * then reads it as before. So a page read here has exactly the value and the
 * outcome it would have had there, and says where its problems are from the
 * document parsed when first asked (a page with problems, or a comment that
 * may cut a text).
 *
 * Read here: one document holding a mapping; keys that are words; text in
 * any style; plain values resolved as the YAML 1.2 core schema resolves
 * them, by the `yaml` library's own rules (null, true/false, decimal whole
 * numbers and decimals; any other number falls back). Not read here: tags,
 * anchors and aliases, duplicate keys, complex keys, a second document, a
 * double-quoted escape that makes a control character or a lone surrogate,
 * a list item that ran on into the next line, nesting or mappings at the
 * limits, and anything js-yaml itself refuses.
 */
export function readByEvents(source: string): unknown {
  // A carriage return alone ends a line in YAML; the two libraries disagree on what follows it.
  if (source.length > largestRead || loneReturn.test(source)) return undefined
  let events: Event[]
  try {
    events = parseEvents(source, { maxDepth: limits.maxDepth })
  } catch {
    return undefined
  }
  const [document, top] = events
  if (document?.type !== EVENT_ID.DOCUMENT || document.directives.length > 0 || top?.type !== EVENT_ID.MAPPING) return undefined
  const reader = new EventReader(source, events)
  const value = reader.node(1, 1)
  // One document: its mapping, then the document's end.
  return value !== undefined && reader.at === events.length - 1 && events[reader.at]!.type === EVENT_ID.POP ? value : undefined
}

const loneReturn = /\r(?!\n)/

/**
 * A page is a few KiB; a file of tens of KiB is rare, or built to be
 * hostile (20,000 keys): read as before, so it costs little more than it
 * did (js-yaml's pass before the fallback is a small part of the fallback's
 * time: docs/measurements.md, "Reading pages from js-yaml's events").
 */
const largestRead = 32 * 1024

/** Nesting past this (the limit is per node, from 1 at the top) is left to parse-yaml.ts, which says where. */
const deepest = limits.maxDepth - 2

/** A plain key that reads as text in both libraries: a word, as every field name is. */
const wordKey = /^[A-Za-z][A-Za-z0-9_-]*$/
/** Plain words the core schema reads as something other than text. */
const notTextWord = /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/

class EventReader {
  /** The index of the next event to read. */
  at = 0

  constructor(
    private readonly source: string,
    private readonly events: readonly Event[],
  ) {}

  /** The node whose event is at `index`, and `at` past its end; undefined to fall back. */
  node(index: number, depth: number): unknown {
    const event = this.events[index]!
    this.at = index + 1
    switch (event.type) {
      case EVENT_ID.SCALAR:
        return event.anchorStart < 0 && event.tagStart < 0 ? this.scalar(event) : undefined
      case EVENT_ID.MAPPING: {
        if (event.anchorStart >= 0 || event.tagStart >= 0 || depth > deepest) return undefined
        const map: Record<string, unknown> = {}
        const keys = new Set<string>()
        while (this.events[this.at]!.type !== EVENT_ID.POP) {
          const keyEvent = this.events[this.at]!
          if (keyEvent.type !== EVENT_ID.SCALAR) return undefined
          const key = this.key(keyEvent)
          if (key === undefined || keys.has(key)) return undefined
          keys.add(key)
          if (keys.size >= limits.maxKeysPerMapping) return undefined
          const value = this.node(this.at + 1, depth + 1)
          if (value === undefined) return undefined
          map[key] = value
        }
        this.at++
        return map
      }
      case EVENT_ID.SEQUENCE: {
        if (event.anchorStart >= 0 || event.tagStart >= 0 || depth > deepest) return undefined
        const list: unknown[] = []
        while (this.events[this.at]!.type !== EVENT_ID.POP) {
          const item = this.node(this.at, depth + 1)
          if (item === undefined) return undefined
          list.push(item)
        }
        this.at++
        return list
      }
      default:
        // An alias, or a second document.
        return undefined
    }
  }

  private key(event: ScalarEvent): string | undefined {
    if (event.anchorStart >= 0 || event.tagStart >= 0 || event.valueStart < 0) return undefined
    const text = this.source.slice(event.valueStart, event.valueEnd)
    if (event.style === SCALAR_STYLE.PLAIN) return wordKey.test(text) && !notTextWord.test(text) ? text : undefined
    if (event.style !== SCALAR_STYLE.SINGLE_QUOTED && event.style !== SCALAR_STYLE.DOUBLE_QUOTED) return undefined
    const key = this.text(event)
    // "__proto__" would set the object's prototype rather than a field.
    return key === undefined || key === '__proto__' ? undefined : key
  }

  /** A scalar's value; a plain one resolved as the `yaml` library resolves it under the core schema. */
  private scalar(event: ScalarEvent): unknown {
    // No text at all ("title:" and nothing after): null.
    if (event.valueStart < 0) return event.style === SCALAR_STYLE.PLAIN ? null : undefined
    if (event.style !== SCALAR_STYLE.PLAIN) return this.text(event)
    const raw = this.source.slice(event.valueStart, event.valueEnd)
    // A list item whose next line starts with "- " at a deeper indent is read
    // as one text ("two - three"), which parse-yaml.ts reports.
    if (raw.includes('\n') && /\n[ \t]*-(?:[ \t]|\r?$)/m.test(raw)) return undefined
    const text = event.fast ? raw : getScalarValue(this.source, event)
    const value = resolvePlain(text)
    return typeof value === 'string' ? standalone(value) : value
  }

  /** Quoted and block text; undefined for an escape that makes a character no page may hold. */
  private text(event: ScalarEvent): string | undefined {
    const value = event.fast ? this.source.slice(event.valueStart, event.valueEnd) : getScalarValue(this.source, event)
    if (event.style === SCALAR_STYLE.DOUBLE_QUOTED && this.source.lastIndexOf('\\', event.valueEnd) >= event.valueStart && madeByEscape.test(value)) return undefined
    return standalone(value)
  }
}

/**
 * A text that holds its own characters. A slice of the page's source (and a
 * text joined from slices) keeps the whole source alive in V8 for as long
 * as it lives: at 100,000 pages, the ids a worker sends back for every page
 * of its share held every page's source, far more memory at the peak than
 * the yaml library's texts (docs/measurements.md, "Reading pages from
 * js-yaml's events"). V8 makes a slice of 13 characters or more.
 */
function standalone(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1)
}

/** What parse-yaml.ts refuses in a double-quoted text. */
const madeByEscape = new RegExp(`${controlPattern.source}|${loneSurrogate.source}`)

/** Anything the core schema might read as a number. */
const maybeNumber = /^[-+.0-9]/
const wholeNumber = /^[-+]?[0-9]{1,15}$/
const decimal = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/
const otherNumber = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+)$/

/**
 * A plain scalar's value by the `yaml` library's core tags, in their order
 * (node_modules/yaml/dist/schema/core/): null, bool, int, float. The forms
 * pages do not use (octal, hex, exponents, infinities, whole numbers too long
 * for a double) fall back rather than being copied here.
 */
function resolvePlain(text: string): unknown {
  if (text === '' || notTextWord.test(text)) {
    const first = text[0]?.toLowerCase()
    return first === 't' ? true : first === 'f' ? false : null
  }
  if (!maybeNumber.test(text)) return text
  if (wholeNumber.test(text)) return parseInt(text, 10)
  if (decimal.test(text)) return parseFloat(text)
  if (otherNumber.test(text)) return undefined
  return text
}
