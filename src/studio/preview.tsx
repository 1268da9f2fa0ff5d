/**
 * The preview inside each iframe: the real page, with the site's header,
 * footer, block components and CSS, rendered from the data the studio posts
 * after each valid edit. React keeps the blocks mounted, so the scroll
 * position stays while a page is edited; another page starts at its top,
 * and the block the author moves to in the form is scrolled into view. A
 * click on a block tells the studio which one it was.
 */
import { memo, startTransition, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter } from 'react-router-dom'
import { components } from 'virtual:studio-blocks'
import { Header } from '../app/header'
import { Footer } from '../app/footer'
import { turnOnBrandFontWhenFetched } from '../app/brand-font'
import { RenderBlocks } from '../render/render-blocks'
import type { Block, Site } from '../generated/schema-types'
import type { FromPreview, RenderMessage, ShowBlockMessage } from './shared/preview-messages.ts'
import '../styles/global.css'

const tell = (message: FromPreview) => parent.postMessage(message, location.origin)

/**
 * One block, rendered again only when its data changed: an edit usually
 * touches one block, and the others keep their DOM (and their animations).
 */
const BlockView = memo(
  function BlockView({ index, json }: { index: number; json: string }) {
    return (
      <div data-studio-block={index} style={{ display: 'contents' }}>
        <RenderBlocks blocks={[JSON.parse(json) as Block]} components={components} />
      </div>
    )
  },
  (a, b) => a.index === b.index && a.json === b.json,
)

const Frame = memo(
  function Frame({ json, part }: { json: string; part: 'header' | 'footer' }) {
    const site = JSON.parse(json) as Site
    return part === 'header' ? <Header site={site} /> : <Footer site={site} />
  },
  (a, b) => a.json === b.json && a.part === b.part,
)

/** A block's first box (its wrapper is display: contents, which has none). */
const blockBox = (index: number) => document.querySelector(`[data-studio-block="${index}"]`)?.firstElementChild ?? undefined

/**
 * Scroll this frame to a block's top, below the site's header where it
 * stays on screen, gently unless the author asked for less motion. Not
 * scrollIntoView: it scrolls the studio's own panels too, moving the frame
 * itself out of the author's sight.
 */
function scrollToBlock(box: Element): void {
  const header = document.querySelector('header')
  const covered = header && ['sticky', 'fixed'].includes(getComputedStyle(header).position) ? header.getBoundingClientRect().height : 0
  scrollTo({ top: scrollY + box.getBoundingClientRect().top - covered, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth' })
}

function Preview() {
  const [shown, setShown] = useState<RenderMessage>()
  // A block asked for (show-block) that this frame has not drawn yet: one just added, shown once it is.
  const wanted = useRef<number | undefined>(undefined)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin) return
      const message = event.data as RenderMessage | ShowBlockMessage
      if (message?.type === 'show-block') {
        const box = blockBox(message.index)
        wanted.current = box ? undefined : message.index
        if (box) scrollToBlock(box)
      }
      // Rendered in a transition: it yields to the editor, which shares this thread.
      else if (message?.type === 'render') startTransition(() => setShown(message))
    }
    addEventListener('message', onMessage)
    tell({ type: 'ready' })
    return () => removeEventListener('message', onMessage)
  }, [])
  useEffect(() => {
    if (!shown) return
    if (shown.fromTop) scrollTo({ top: 0, behavior: 'instant' })
    const box = wanted.current === undefined ? undefined : blockBox(wanted.current)
    if (box) {
      wanted.current = undefined
      scrollToBlock(box)
    }
    // After the browser has painted the new state.
    requestAnimationFrame(() => setTimeout(() => tell({ type: 'rendered', version: shown.version })))
  }, [shown])
  if (!shown) return null
  const site = shown.site && JSON.stringify(shown.site)
  return (
    <MemoryRouter>
      {site && <Frame json={site} part="header" />}
      <main id="main">
        {shown.page.blocks.map((block, index) => (
          <BlockView key={index} index={index} json={JSON.stringify(block)} />
        ))}
      </main>
      {site && <Frame json={site} part="footer" />}
    </MemoryRouter>
  )
}

// A click picks a block (and never follows a link away from the preview).
document.addEventListener(
  'click',
  (event) => {
    const target = event.target as Element
    if (target.closest('a')) event.preventDefault()
    const block = target.closest('[data-studio-block]')
    // The words clicked, so the form can focus the field that holds them.
    const words = target.closest('h1, h2, h3, h4, p, li, a, button, figcaption, blockquote, td, th, dt, dd, span, summary')?.textContent?.trim()
    if (block) tell({ type: 'block', index: Number(block.getAttribute('data-studio-block')), ...(words ? { text: words } : {}) })
  },
  true,
)

// Ctrl+S (Cmd+S) saves wherever focus is, a click in the preview included: the studio does the saving.
document.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
    event.preventDefault()
    tell({ type: 'save' })
  }
})

createRoot(document.getElementById('root')!).render(<Preview />)

// The page as a visitor reads it from their second page on: in Inter, which
// the site keeps out of a first visit's first paint only (brand-font.ts).
// Switched on once it has arrived, or font-display: optional could keep the
// fallback for as long as the preview is open.
turnOnBrandFontWhenFetched()
