import { isMap, isScalar, isSeq, type Pair, type Scalar, type YAMLMap } from 'yaml'

/** Small helpers over yaml's nodes, shared by migrate's steps and the document edits. */
export function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return (map.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === key)
}

export function keyOf(pair: Pair): Scalar {
  return pair.key as Scalar
}

/** Take a pair out; the blank line before it stays between its neighbours. */
export function removePair(map: YAMLMap, pair: Pair): void {
  const index = map.items.indexOf(pair)
  map.items.splice(index, 1)
  const next = map.items[index]
  if (!next) return
  if (index === 0) keyOf(next).spaceBefore = undefined
  else if (keyOf(pair).spaceBefore) keyOf(next).spaceBefore = true
}

/** A value in the words of the problem catalogue: "text", "a list", "empty". */
export function describeValue(value: unknown): string {
  if (isSeq(value)) return 'a list'
  if (isMap(value)) return 'a group of fields'
  if (!isScalar(value) || value.value === null) return 'empty'
  return typeof value.value === 'string' ? 'text' : typeof value.value === 'number' ? 'a number' : 'true or false'
}
