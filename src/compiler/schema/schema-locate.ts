import type { Location } from '../problems/errors.ts'
import { parseYaml } from '../yaml/parse-yaml.ts'
import { keyNodeAt, locatePath, locationOf, type PathSegment } from '../yaml/locate.ts'

/**
 * Where a problem in a schema file is: JSON is YAML, so the YAML locator
 * points into it. The file's text is parsed once; each call takes the path
 * of what is wrong and, when the problem is about a key, that key (the last
 * step of the path): at the key, else at the value, else the file's start.
 */
export function schemaLocator(file: string, text: string): (path: readonly PathSegment[], key?: string) => Location {
  const read = parseYaml(file, new TextEncoder().encode(text))
  return (path, key) => {
    if (!read.ok) return { file, line: 1, column: 1 }
    const keyNode = key !== undefined ? keyNodeAt(read.parsed, path.slice(0, -1), key) : undefined
    return keyNode ? locationOf(read.parsed, keyNode) : locatePath(read.parsed, path)
  }
}
