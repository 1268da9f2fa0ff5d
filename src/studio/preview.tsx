/**
 * The preview inside each iframe: the real page, with the site's header,
 * footer, block components and CSS, rendered from the data the studio posts
 * after each valid edit. React keeps the blocks mounted, so the scroll
 * position stays. A click on a block tells the studio which one it was.
 */
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter } from 'react-router-dom'
import { components } from 'virtual:studio-blocks'
import { Header } from '../app/header'
import { Footer } from '../app/footer'
import { RenderBlocks } from '../render/render-blocks'
import type { Page, Site } from '../generated/schema-types'
import '../styles/global.css'

interface Shown {
  version: number
  page: Page
  site?: Site
}

function Preview() {
  const [shown, setShown] = useState<Shown>()
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.data?.type !== 'render') return
      setShown(event.data as Shown)
    }
    addEventListener('message', onMessage)
    parent.postMessage({ type: 'ready' }, location.origin)
    return () => removeEventListener('message', onMessage)
  }, [])
  useEffect(() => {
    if (!shown) return
    // After the browser has painted the new state.
    requestAnimationFrame(() => setTimeout(() => parent.postMessage({ type: 'rendered', version: shown.version }, location.origin)))
  }, [shown])
  if (!shown) return null
  return (
    <MemoryRouter>
      {shown.site && <Header site={shown.site} />}
      <main id="main">
        {shown.page.blocks.map((block, index) => (
          <div key={index} data-studio-block={index} style={{ display: 'contents' }}>
            <RenderBlocks blocks={[block]} components={components} />
          </div>
        ))}
      </main>
      {shown.site && <Footer site={shown.site} />}
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
    if (block) parent.postMessage({ type: 'block', index: Number(block.getAttribute('data-studio-block')) }, location.origin)
  },
  true,
)

createRoot(document.getElementById('root')!).render(<Preview />)
