import { isMap, Pair, Scalar, YAMLMap, type Document, type Node } from 'yaml'
import { describeValue, keyOf, pairOf, removePair } from '../yaml-edit/index.ts'

/**
 * The edits `npm run migrate` makes to a block: renaming and moving fields,
 * filling defaults. Parsing and printing, and the small node helpers, are
 * shared with the studio's forms in src/compiler/yaml-edit/.
 */

/** Why a step cannot be applied: the node to point at, and what is in the way. */
export type Conflict =
  | { kind: 'taken'; node: Node; field: string }
  | { kind: 'blocked'; node: Node; field: string; found: string }

/** What an edit did: `changed` is false when there was nothing to do. */
export interface EditResult {
  changed: boolean
  conflict?: Conflict
}

const unchanged: EditResult = { changed: false }

/**
 * Move the field at `from` to `to` (paths of field names inside `block`).
 * Mappings on the way to `to` are created, mappings `from` leaves empty are
 * removed, and what arrives takes the place of what left where the paths
 * allow, so a rename keeps the field's position and the blank line before
 * it. The field carries its comments; comments of removed mappings go along.
 */
export function moveField(block: YAMLMap, from: readonly string[], to: readonly string[]): EditResult {
  const source = mapsAlong(block, from, 0, from.length - 1)
  if (!('maps' in source)) return source.conflict ? { changed: false, conflict: source.conflict } : unchanged
  const maps = source.maps
  const pair = pairOf(maps[from.length - 1]!, from[from.length - 1]!)
  if (!pair) return unchanged
  // maps[k] is the deepest mapping holding both paths; below it they part.
  let k = 0
  while (k < from.length - 1 && k < to.length - 1 && from[k] === to[k]) k++
  const shared = maps[k]!
  const target = mapsAlong(shared, to, k, to.length - 1)
  if ('conflict' in target && target.conflict) return { changed: false, conflict: target.conflict }
  if ('maps' in target && pairOf(target.maps[target.maps.length - 1]!, to[to.length - 1]!)) {
    return { changed: false, conflict: { kind: 'taken', node: keyOf(pair), field: to.join('.') } }
  }

  // The branch of `shared` the field comes from, and whether it leaves with it.
  const left = pairOf(shared, from[k]!)!
  const leftIndex = shared.items.indexOf(left)
  const comments: string[] = []
  let depth = from.length - 1
  // yaml gives a comment above the first field of a nested mapping to the
  // mapping; it is about that field, so it goes where the field goes.
  if (depth > 0 && maps[depth]!.items[0] === pair && maps[depth]!.commentBefore) {
    comments.push(maps[depth]!.commentBefore!)
    maps[depth]!.commentBefore = undefined
  }
  if (depth > k) removePair(maps[depth]!, pair)
  while (depth > k && maps[depth]!.items.length === 0) {
    const emptied = pairOf(maps[depth - 1]!, from[depth - 1]!)!
    if (depth - 1 > k) {
      comments.unshift(...commentsOf(emptied))
      removePair(maps[depth - 1]!, emptied)
    }
    depth--
  }
  const leaves = depth === k
  const key = keyOf(pair)
  key.value = to[to.length - 1]!

  // What arrives in `shared`: the field itself, a new branch holding it, or
  // nothing when the branch exists already and the field goes into it.
  let arriving: Pair | undefined
  let holder: YAMLMap
  if (k === to.length - 1) [arriving, holder] = [pair, shared]
  else if (!pairOf(shared, to[k]!)) {
    const branch = nest(to.slice(k, -1), pair)
    ;[arriving, holder] = [branch.outer, branch.inner]
  } else {
    const into = mapsAlong(shared, to, k, to.length - 1, true) as { maps: YAMLMap[] }
    holder = into.maps[into.maps.length - 1]!
    holder.items.push(pair)
  }
  if (leaves && arriving) {
    // Take the place of the branch that left, with its blank line and comments.
    if (left !== pair) {
      keyOf(arriving).spaceBefore = keyOf(left).spaceBefore
      if (arriving === pair) comments.unshift(...commentsOf(left))
      else keyOf(arriving).commentBefore = joinComments(commentsOf(left))
    }
    shared.items.splice(leftIndex, 1, arriving)
  } else if (leaves) {
    if (left !== pair) comments.unshift(...commentsOf(left))
    removePair(shared, left)
  } else if (arriving) shared.items.splice(shared.items.indexOf(left) + 1, 0, arriving)
  key.commentBefore = joinComments([...comments, key.commentBefore])
  // A blank line right under a new parent would look like a mistake.
  if (holder !== shared && holder.items[0] === pair) key.spaceBefore = undefined
  return { changed: true }
}

/** Set the field at `path` to `value` unless it is there already; nothing when its parent is absent. */
export function setDefault(doc: Document, block: YAMLMap, path: readonly string[], value: unknown): EditResult {
  const along = mapsAlong(block, path, 0, path.length - 1)
  if (!('maps' in along)) return along.conflict ? { changed: false, conflict: along.conflict } : unchanged
  const map = along.maps[along.maps.length - 1]!
  if (pairOf(map, path[path.length - 1]!)) return unchanged
  map.items.push(new Pair(new Scalar(path[path.length - 1]!), doc.createNode(value)))
  return { changed: true }
}

/** Remove a top-level field with the lines under it; the blank line before it stays. */
export function removeField(root: YAMLMap, key: string): EditResult {
  const pair = pairOf(root, key)
  if (!pair) return unchanged
  removePair(root, pair)
  return { changed: true }
}

type Along = { maps: YAMLMap[] } | { missing: true; conflict?: undefined } | { missing?: undefined; conflict: Conflict }

/**
 * The mappings at path[0..end) below `start` (which stands for path[0..from)),
 * or where the way is missing or blocked. With `create`, missing mappings are
 * added at the end of their parent.
 */
function mapsAlong(start: YAMLMap, path: readonly string[], from: number, end: number, create = false): Along {
  const maps = [start]
  for (let i = from; i < end; i++) {
    const here = maps[maps.length - 1]!
    const pair = pairOf(here, path[i]!)
    if (!pair) {
      if (!create) return { missing: true }
      const made = new Pair(new Scalar(path[i]!), new YAMLMap())
      here.items.push(made)
      maps.push(made.value as YAMLMap)
    } else if (isMap(pair.value)) maps.push(pair.value)
    else return { conflict: { kind: 'blocked', node: (pair.value as Node | null) ?? keyOf(pair), field: path.slice(0, i + 1).join('.'), found: describeValue(pair.value) } }
  }
  return { maps }
}

/** New mappings along `path` (at least one name), the innermost holding `pair`. */
function nest(path: readonly string[], pair: Pair): { outer: Pair; inner: YAMLMap } {
  const inner = new YAMLMap()
  inner.items.push(pair)
  let outer = new Pair(new Scalar(path[path.length - 1]!), inner)
  for (const segment of path.slice(0, -1).reverse()) {
    const map = new YAMLMap()
    map.items.push(outer)
    outer = new Pair(new Scalar(segment), map)
  }
  return { outer, inner }
}

function commentsOf(pair: Pair): string[] {
  const value = pair.value as Node | null
  return [keyOf(pair).commentBefore, keyOf(pair).comment, value?.commentBefore, value?.comment].filter((c): c is string => Boolean(c))
}

function joinComments(comments: readonly (string | null | undefined)[]): string | undefined {
  return comments.filter(Boolean).join('\n') || undefined
}
