import type { Page } from '../../generated/schema-types.ts'

/**
 * A page and the block components it needs: the one answer used by both
 * renders. The browser gets it as the page's chunk (virtual:page/<route>,
 * from pageModuleSource); the prerender gets the same page object and the
 * same list of block types (build-site passes blockTypesOf(page), and the
 * server entry takes exactly those components), so a page renders on the
 * server with the very components its chunk imports.
 */
export function blockTypesOf(page: Page): string[] {
  return [...new Set(page.blocks.map((b) => b.type))].sort()
}

/** Source of virtual:page/<route>: the page's data and the components of its block types, from `components` (type -> file). */
export function pageModuleSource(page: Page, components: ReadonlyMap<string, string>): string {
  return [...componentsExport(blockTypesOf(page).map((type) => [type, components.get(type)!])), `export const page = ${dataExpression(page)}`, ''].join('\n')
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
