/**
 * The studio page's side of the preview frames: it keeps the last page
 * rendered, so a frame that loads (or reloads) later gets it at once, and
 * hands what the frames say to whoever listens.
 */
import type { FromPreview, RenderMessage, ShowBlockMessage } from '../shared/preview-messages.ts'

const frames = new Set<HTMLIFrameElement>()
const listeners = new Set<(message: FromPreview) => void>()
let last: RenderMessage | undefined
/** The page shown before the open file changed: the site settings have no page, and preview their header and footer over it. */
let previous: RenderMessage | undefined

/** The block last scrolled to (showBlock), on the page open. */
let shownBlock: number | undefined

/** Pages that failed their checks since the last render: the preview shows an older state. */
let staleProblems = 0
const staleListeners = new Set<() => void>()

export const previewChannel = {
  /** A frame's ref callback: a frame joins, and frames no longer in the page leave. */
  frame(element: HTMLIFrameElement | null) {
    if (element) frames.add(element)
    for (const f of frames) if (!f.isConnected) frames.delete(f)
  },
  render(message: RenderMessage) {
    last = message
    staleProblems = 0
    post(message)
    for (const listener of staleListeners) listener()
  },
  /** Site settings being edited (pages/_site.yaml): the header and footer change over the page shown last. */
  renderSite(site: NonNullable<RenderMessage['site']>) {
    const shown = last ?? previous
    if (shown) this.render({ ...shown, site })
    else this.stale(0)
  },
  /**
   * Scroll the frames to block `index`, once per block the author moves to:
   * moving between the fields of one block leaves the preview where the
   * author may have scrolled it.
   */
  showBlock(index: number) {
    if (index === shownBlock) return
    shownBlock = index
    post({ type: 'show-block', index })
  },
  stale(problems: number) {
    staleProblems = problems
    for (const listener of staleListeners) listener()
  },
  forget() {
    shownBlock = undefined
    previous = last ?? previous
    last = undefined
    staleProblems = 0
    for (const listener of staleListeners) listener()
  },
  listen(listener: (message: FromPreview) => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** For useSyncExternalStore: how many problems keep the preview from updating. */
  subscribeStale(listener: () => void): () => void {
    staleListeners.add(listener)
    return () => staleListeners.delete(listener)
  },
  staleCount: () => staleProblems,
  /** What the frames show: the open page (as it last was without problems), the page opened before it (the open one has not rendered yet), or nothing. */
  shows: (): 'this' | 'other' | 'none' => (last ? 'this' : previous ? 'other' : 'none'),
}

function post(message: RenderMessage | ShowBlockMessage): void {
  for (const frame of frames) frame.contentWindow?.postMessage(message, location.origin)
}

addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== location.origin) return
  const message = event.data as FromPreview
  if (message?.type === 'ready' && last) post(last)
  // A block clicked in a frame is in view there: the focus it sends to the form scrolls nothing.
  if (message?.type === 'block') shownBlock = message.index
  for (const listener of listeners) listener(message)
})
