/**
 * The parts of a JSON Schema this project reads; the rest passes through.
 * Here, not beside the code that reads schema/ (compiler/schema/
 * schema-files.ts), because the studio's forms read schemas in the browser.
 */
export interface JsonSchema {
  [keyword: string]: unknown
  $id?: string
  $ref?: string
  $defs?: Record<string, JsonSchema>
  title?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  examples?: unknown[]
}
