import { closeSync, openSync, readSync } from 'node:fs'
import { extname } from 'node:path'
import { problem } from '../problems/errors.ts'
import type { Problem } from '../problems/problems.ts'
import { activeSvgParts, type ActivePart } from './svg-safety.ts'

/**
 * Every file under public/ is served at the site's own address, so a file
 * a browser runs (a web page, a script, WebAssembly, an XML document that
 * styles itself into a page, an SVG with script) would run as the site,
 * with its cookies and its pages. public/ holds media and documents, never
 * code: such files are refused, by name and by bytes alike, so renaming a
 * page to offer.webp does not pass (another host may sniff it as HTML).
 */

/** Names a browser runs, served by their type. */
const runnableNames: Record<string, string> = {
  '.html': 'a web page (HTML)',
  '.htm': 'a web page (HTML)',
  '.shtml': 'a web page (HTML)',
  '.xhtml': 'a web page (XHTML)',
  '.xht': 'a web page (XHTML)',
  '.js': 'JavaScript code',
  '.mjs': 'JavaScript code',
  '.cjs': 'JavaScript code',
  '.wasm': 'WebAssembly code',
  '.xsl': 'an XSLT style sheet, which turns XML into a web page',
  '.xslt': 'an XSLT style sheet, which turns XML into a web page',
}

/** Where a browser that sniffs would take the bytes for a web page (the WHATWG's HTML patterns). */
const htmlStart = /^(?:<!doctype html|<html|<head|<script|<iframe|<h1|<div|<font|<table|<a|<style|<title|<b|<body|<br|<p|<!--)(?:[\s>]|$)/i
const xhtmlNamespace = /http:\/\/www\.w3\.org\/1999\/xhtml/gi
/** Markup is read whole up to this size (an SVG icon, an XML file); beyond, its first part is judged. */
const markupBytes = 1 << 20

/** What in `bytes` (the start of a file named `name`, or all of it) a browser would run, in order; [] for media. */
export function runnableParts(name: string, bytes: Buffer): ActivePart[] {
  const named = runnableNames[extname(name).toLowerCase()]
  if (named) return [{ what: named, offset: 0 }]
  if (bytes.subarray(0, 4).equals(Buffer.from([0, 0x61, 0x73, 0x6d]))) return [{ what: 'WebAssembly code', offset: 0 }]
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  const start = text.length - text.trimStart().length
  const svg = /\.svg$/i.test(name)
  if (!svg && text[start] !== '<') return []
  // Served as an SVG, a file is never sniffed as HTML (and may start with a comment).
  if (!svg && htmlStart.test(text.slice(start))) return [{ what: 'a web page (HTML)', offset: start }]
  const found = activeSvgParts(text)
  xhtmlNamespace.lastIndex = 0
  for (let m = xhtmlNamespace.exec(text); m; m = xhtmlNamespace.exec(text)) found.push({ what: 'markup in the XHTML namespace, which makes it a web page', offset: m.index })
  return found.sort((a, b) => a.offset - b.offset)
}

/** One located problem for each part of each file among `files` (public/'s) that a browser would run. */
export function publicCodeProblems(files: readonly string[], display: (path: string) => string): Problem[] {
  return files.flatMap((file) => {
    const bytes = readStart(file)
    if (!bytes) return [] // gone since the folder was listed: nothing to publish either
    const text = bytes.toString('utf8')
    return runnableParts(file, bytes).map(({ what, offset }) => {
      const before = text.slice(0, offset)
      const line = before.split('\n').length
      return problem(/\.svg$/i.test(file) ? 'ActiveSvg' : 'CodeInPublic', { what }, { file: display(file), line, column: offset - before.lastIndexOf('\n') })
    })
  })
}

/** The file's first bytes: all of a text file up to markupBytes, 4 KB of anything else (enough to tell media from markup). */
function readStart(file: string): Buffer | undefined {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return undefined
  }
  try {
    const head = Buffer.alloc(4096)
    const length = readSync(fd, head, 0, head.length, 0)
    const start = head.subarray(0, length)
    if (length < head.length || !/^\s*</.test(start.toString('latin1').replace(/^\xEF\xBB\xBF/, ''))) return start
    const whole = Buffer.alloc(markupBytes)
    return whole.subarray(0, readSync(fd, whole, 0, markupBytes, 0))
  } finally {
    closeSync(fd)
  }
}
