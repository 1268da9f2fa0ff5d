import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkPageSource } from '../../src/build/load-site'
import { planNewPage } from '../../src/build/new-page'
import { readBlockSchemas } from '../../src/build/schema-set'
import { fixtureSchemas, projectRoot } from './fixture-targets'

const existing = new Map([['/b2b/smes', 'pages/b2b/smes.yaml']])
const versions = readBlockSchemas(join(projectRoot, 'schema'))

describe('new-page', () => {
  it('writes a starter that passes every check', () => {
    const plan = planNewPage('/b2b/fleet-managers', existing, versions)
    expect(plan).toMatchObject({ ok: true, file: 'b2b/fleet-managers.yaml' })
    if (!plan.ok) return
    expect(plan.yaml).toContain('title: Fleet managers')
    expect(checkPageSource(plan.file, new TextEncoder().encode(plan.yaml), fixtureSchemas()).problems).toEqual([])
  })

  it('copies a page with --like and gives it the new title', () => {
    const plan = planNewPage('/investor/familyOffices', existing, versions, 'title: SME research\ndescription: d\nblocks: []\n')
    expect(plan).toEqual({ ok: true, file: 'investor/familyOffices.yaml', yaml: 'title: Family offices\ndescription: d\nblocks: []\n' })
  })

  it('refuses routes that exist or cannot be addresses, saying why', () => {
    expect(planNewPage('/b2b/smes', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('already exists: it is made by pages/b2b/smes.yaml') })
    expect(planNewPage('b2b/x', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('starts with "/"') })
    expect(planNewPage('/b2b/new page', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('"new page" cannot be part of an address') })
    expect(planNewPage('/_drafts/x', existing, versions)).toMatchObject({ ok: false })
    expect(planNewPage('/b2b/SMEs', existing, versions)).toEqual({ ok: false, reason: expect.stringContaining('differs from the existing page /b2b/smes only in capital letters') })
  })
})
