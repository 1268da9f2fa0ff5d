import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { RulesBuckets } from '../../../../src/compiler/cache/rules-buckets'

const dir = mkdtempSync(join(tmpdir(), 'rules-buckets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Keys as page texts can be: quotes, a number, a name objects know, line breaks, any script. */
const keys = ['a "quoted" \\ text', '12', '0', '__proto__', 'constructor', 'line\nbreak', 'ünïcödé — ✓', '']
const valueOf = (key: string, kind: string) => ({ kind, key, routes: [`/p/${key.length}`, '/'], at: [1, 2] })

it('gives back every list as it was kept, whatever the keys, from a pack and from buckets written one by one', () => {
  const made = RulesBuckets.empty(dir, 200)
  for (const kind of ['titles', 'prose']) for (const key of keys) made.lists<unknown>(kind).set(key, valueOf(key, kind))
  const refs = made.save()
  const read = new RulesBuckets(dir, refs)
  for (const kind of ['titles', 'prose']) for (const key of keys) expect(read.lists<unknown>(kind).get(key), `${kind} ${JSON.stringify(key)}`).toEqual(valueOf(key, kind))
  expect(read.lists<unknown>('titles').get('not kept')).toBeUndefined()
  // Changed in place and saved bucket by bucket: the change and every other list are read back.
  read.lists<unknown>('titles').set('__proto__', ['changed'])
  read.lists<unknown>('prose').delete('12')
  const again = new RulesBuckets(dir, read.save())
  expect(again.lists<unknown>('titles').get('__proto__')).toEqual(['changed'])
  expect(again.lists<unknown>('prose').get('12')).toBeUndefined()
  for (const key of keys.filter((k) => k !== '__proto__')) expect(again.lists<unknown>('titles').get(key)).toEqual(valueOf(key, 'titles'))
})
