import { blocks } from 'virtual:blocks'
import type { Page } from '../generated/schema-types'
import { loadPageModule, MissingBlockType } from '../render/page-module'
import type { PageModule } from '../render/types'
import { pageDataId } from '../shared/layout-ids'
import { pageDataPathOf } from '../shared/routes'
import { notFound } from './routes'

/** Each route's data, fetched once per visit: going back to a page asks nothing of the network. */
const fetched = new Map<string, Promise<Page>>()

/**
 * The page at a route, with its block components loaded. The page the
 * visitor opened comes with its data inside the HTML (the prerender wrote it
 * beside #root); any other is its JSON file, fetched once.
 */
export async function loadPage(route: string): Promise<PageModule> {
  const page = await pageData(route)
  try {
    return await loadPageModule(page, blocks)
  } catch (error) {
    // Data published after these scripts were loaded, with a block type they
    // do not have: load the page whole, with the scripts of its release.
    if (error instanceof MissingBlockType) {
      window.location.assign(route)
      return new Promise(() => {})
    }
    throw error
  }
}

/**
 * Fetch a page's data and its blocks' chunks ahead of a visit (prefetch.ts),
 * into the same caches loadPage reads. Never navigates, never throws: a page
 * that cannot be fetched now is fetched again when the visitor follows the
 * link, and one with a block type these scripts lack is loaded whole then.
 */
export async function prefetchPage(route: string): Promise<void> {
  try {
    await loadPageModule(await pageData(route), blocks)
  } catch {
    // Left to the visit itself (see above).
  }
}

function pageData(route: string): Promise<Page> {
  let data = fetched.get(route)
  if (!data) {
    const inline = document.getElementById(pageDataId)
    data = inline?.dataset.route === route ? Promise.resolve(JSON.parse(inline.textContent ?? '') as Page) : fetchPage(route)
    // A failed fetch is tried again next time (the network may be back).
    data.catch(() => fetched.delete(route))
    fetched.set(route, data)
  }
  return data
}

async function fetchPage(route: string): Promise<Page> {
  const response = await fetch(`/${pageDataPathOf(route)}`)
  if (response.status === 404) throw notFound()
  if (!response.ok) throw new Error(`The page's data did not load (${response.status}): ${await response.text()}`)
  return (await response.json()) as Page
}
