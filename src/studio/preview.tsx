/**
 * The preview inside each iframe: the real page, with the site's header,
 * footer, block components and CSS, rendered from the data the studio posts
 * after each valid edit. React keeps the blocks mounted, so the scroll
 * position stays. A click on a block tells the studio which one it was.
 */
import { memo, startTransition, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter } from 'react-router-dom'
import { components } from 'virtual:studio-blocks'
import { Header } from '../app/header'
import { Footer } from '../app/footer'
import { turnOnBrandFontWhenFetched } from '../app/brand-font'
import { RenderBlocks } from '../render/render-blocks'
import type { Block, Site } from '../generated/schema-types'
import type { FromPreview, RenderMessage } from './shared/preview-messages.ts'
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

function Preview() {
  const [shown, setShown] = useState<RenderMessage>()
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.data?.type !== 'render') return
      // Rendered in a transition: it yields to the editor, which shares this thread.
      startTransition(() => setShown(event.data as RenderMessage))
    }
    addEventListener('message', onMessage)
    tell({ type: 'ready' })
    return () => removeEventListener('message', onMessage)
  }, [])
  useEffect(() => {
    if (!shown) return
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
