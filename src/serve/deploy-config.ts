import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What deploy/ tells nginx, read by the Node server so both send the same
 * thing: one list, two servers. deploy/ is the single source; a line this
 * reader does not understand is an error, never skipped.
 */
const deployDir = join(import.meta.dirname, '..', '..', 'deploy')

/** Every `add_header Name "value" always;` of deploy/security-headers.conf, in order. */
export function readSecurityHeaders(text = readFileSync(join(deployDir, 'security-headers.conf'), 'utf8')): [string, string][] {
  const headers: [string, string][] = []
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const match = /^add_header ([A-Za-z-]+) "([^"\\]*)" always;$/.exec(line)
    if (!match) throw new Error(`deploy/security-headers.conf:${index + 1}: expected add_header Name "value" always; got: ${line}`)
    headers.push([match[1]!, match[2]!])
  }
  if (!headers.length) throw new Error('deploy/security-headers.conf sets no header')
  return headers
}

/**
 * deploy/nginx.conf's `map $uri $file_sandbox`: the second policy a reply
 * for `path` carries (nginx sends no header for an empty value), its
 * regular expressions tried in order as nginx tries them.
 */
export function readFileSandbox(text = readFileSync(join(deployDir, 'nginx.conf'), 'utf8')): (path: string) => string {
  const block = /^map \$uri \$file_sandbox \{\n([^}]*)\n\}/m.exec(text)
  if (!block) throw new Error('deploy/nginx.conf has no `map $uri $file_sandbox { ... }` block')
  const rules: [RegExp, string][] = []
  let fallback = ''
  for (const raw of block[1]!.split('\n')) {
    const line = raw.trim()
    const match = /^(default|~\*?(\S+)) "([^"\\]*)";$/.exec(line)
    if (!match) throw new Error(`deploy/nginx.conf's $file_sandbox map: expected ~regex "value"; or default "value"; got: ${line}`)
    if (match[1] === 'default') fallback = match[3]!
    else rules.push([new RegExp(match[2]!, match[1]!.startsWith('~*') ? 'i' : ''), match[3]!])
  }
  return (path) => rules.find(([pattern]) => pattern.test(path))?.[1] ?? fallback
}

/** The media types nginx compresses (its `gzip_types`, plus text/html, which nginx always includes). */
export function readGzipTypes(text = readFileSync(join(deployDir, 'nginx.conf'), 'utf8')): Set<string> {
  const lines = [...text.matchAll(/^\s*gzip_types\s+([^;]+);/gm)]
  if (lines.length !== 1) throw new Error(`deploy/nginx.conf must have exactly one gzip_types line (found ${lines.length})`)
  return new Set(['text/html', ...lines[0]![1]!.trim().split(/\s+/)])
}

/** The policy's directives by name, for comparing the header with the page's <meta> copy. */
export function cspDirectives(policy: string): Map<string, string> {
  const directives = new Map<string, string>()
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), values.join(' '))
  }
  return directives
}
