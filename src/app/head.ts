import { useEffect } from 'react'

/** "<page title> | <brand>", the one format for every document title. */
export function documentTitle(title: string, brand: string): string {
  return title.includes(brand) ? title : `${title} | ${brand}`
}

/**
 * Keeps <title> and the meta description in step with client-side
 * navigation. The prerenderer writes the same values into the HTML, so on
 * first paint this effect changes nothing. With no title it leaves the head
 * to another part (the layout, to the error page it holds).
 */
export function useDocumentHead(title: string | undefined, description: string): void {
  useEffect(() => {
    if (title === undefined) return
    document.title = title
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [title, description])
}
