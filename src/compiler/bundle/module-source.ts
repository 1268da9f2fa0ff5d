/**
 * Sources of the modules the pages plugin makes: the site's settings
 * (virtual:site), the block loaders (virtual:blocks) and the authors'
 * catalogue (virtual:catalogue).
 */

/** Source of virtual:blocks: each block type's loader, a chunk per component, from `components` (type -> file). */
export function blockLoadersSource(components: ReadonlyMap<string, string>): string {
  const entries = [...components].sort(([a], [b]) => a.localeCompare(b)).map(([type, file]) => `  ${JSON.stringify(type)}: () => import(${JSON.stringify(file)}),`)
  return `export const blocks = {\n${entries.join('\n')}\n}\n`
}

/** Import lines and a `components` export mapping each block type to its component. */
export function componentsExport(components: [type: string, file: string][]): string[] {
  return [
    ...components.map(([, file], i) => `import B${i} from ${JSON.stringify(file)}`),
    `export const components = {\n${components.map(([type], i) => `  ${JSON.stringify(type)}: B${i},`).join('\n')}\n}`,
  ]
}

/**
 * A JavaScript expression that evaluates to `value` (JSON data), written so
 * that no author text appears literally in the code.
 *
 * Bundlers rewrite code after it is generated, by plain text search: Vite
 * replaces "__VITE_PRELOAD__", "__VITE_PUBLIC_ASSET__<hash>__" and
 * "__VITE_ASSET__...__" in finished chunks, Rolldown its "!~{...}~" hash
 * placeholders, and other plugins may match "new URL(..., import.meta.url)"
 * or "%NAME%". A page that said "__VITE_PRELOAD__" reached the browser as
 * "void 0", and hydration failed (React #418).
 *
 * So the data is a string of JSON inside JSON.parse, and in that JSON text
 * every ASCII character other than a letter, a digit, a space and . , - ' /
 * is written as a \u escape of JSON itself. Every placeholder syntax needs one
 * of the escaped characters (_ $ % ! ~ { ( @ #), so none can form in the code.
 * The escapes belong to the string's value (a backslash followed by "u00.."),
 * so a minifier that re-prints string literals keeps them; JSON.parse turns
 * them back into the author's characters. Text outside ASCII is left as it
 * is: no placeholder uses it. Cost: a few bytes per punctuation mark, mostly
 * absorbed by gzip.
 */
export function dataExpression(value: unknown): string {
  const json = JSON.stringify(value).replace(/"(?:[^"\\]|\\.)*"/g, (token) => `"${escapeText(token.slice(1, -1))}"`)
  return `JSON.parse(${JSON.stringify(json)})`
}

/** The inside of one JSON string token, with unsafe ASCII written as \u escapes (existing escapes kept as they are). */
function escapeText(inside: string): string {
  return inside.replace(/\\u[0-9a-fA-F]{4}|\\.|[^A-Za-z0-9 .,'/\-\u0080-\uffff]/g, (m) => {
    if (m.startsWith('\\')) return m.length === 2 && /[\\"]/.test(m[1]!) ? unicodeEscape(m[1]!) : m
    return unicodeEscape(m)
  })
}

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}
