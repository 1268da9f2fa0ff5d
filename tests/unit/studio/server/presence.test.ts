import { afterEach, expect, test } from 'vitest'
import { Presence } from '../../../../src/studio/server/presence'
import { presenceBeatMs, type HereNow } from '../../../../src/studio/shared/presence-types'

const ana = { name: 'Ana Author', email: 'ana@example.org' }
const eve = { name: 'Eve Editor', email: 'eve@example.org' }
let clock = 1_000_000
const opened: Presence[] = []
afterEach(() => opened.splice(0).forEach((p) => p.close()))

function presence(): { presence: Presence; told: HereNow[][] } {
  const told: HereNow[][] = []
  const made = new Presence((here) => told.push(here), () => clock)
  opened.push(made)
  return { presence: made, told }
}

test('each person once per page they have open, told when it changes and only then', () => {
  const { presence: p, told } = presence()
  p.mark('ana-tab-1', ana, 'about.yaml')
  p.mark('ana-tab-2', ana, 'about.yaml')
  p.mark('eve-tab-1', eve, 'about.yaml')
  expect(p.list()).toEqual([
    { ...ana, file: 'about.yaml' },
    { ...eve, file: 'about.yaml' },
  ])
  // Ana's second tab saying the same again changes nothing, so nothing is told.
  p.mark('ana-tab-2', ana, 'about.yaml')
  expect(told).toHaveLength(2)
  p.mark('eve-tab-1', eve, 'team.yaml')
  expect(told.at(-1)).toEqual([
    { ...ana, file: 'about.yaml' },
    { ...eve, file: 'team.yaml' },
  ])
  // Leaving (no page) takes the tab out; a tab never seen that leaves changes nothing.
  p.mark('eve-tab-1', eve, undefined)
  p.mark('never-seen', eve, undefined)
  expect(p.list()).toEqual([{ ...ana, file: 'about.yaml' }])
})

test('a tab that stops saying so is forgotten after two missed beats', () => {
  const { presence: p } = presence()
  p.mark('ana-tab-1', ana, 'about.yaml')
  clock += presenceBeatMs * 2
  expect(p.list()).toHaveLength(1)
  clock += 20_000
  expect(p.list()).toEqual([])
})
