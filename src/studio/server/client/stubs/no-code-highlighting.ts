/**
 * Stands in for shiki in the studio's app (build-client.ts aliases
 * `shiki/core`, its themes and grammars, and `@shikijs/markdown-it/core`
 * here). codemirror-json-schema
 * renders the schema's descriptions as Markdown and, on load, starts a
 * syntax highlighter for code blocks in them: the Oniguruma regex engine
 * (WebAssembly), a JavaScript grammar and two themes, about 0.6 MB the
 * studio fetched and compiled before its first page. The schemas'
 * descriptions hold no code blocks, so a code block shows as plain text.
 */
type Highlighter = Record<string, never>

export async function createHighlighterCore(): Promise<Highlighter> {
  return {}
}

/** A markdown-it plugin that changes nothing. */
export function fromHighlighter(): () => void {
  return () => {}
}
