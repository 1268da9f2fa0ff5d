/**
 * The copies made beside a picture or a loop (scripts/media/render.mjs for
 * the site's own, the studio's import for an author's): smaller sizes
 * ("x-800w.webp"), the phone's tall crop ("x-portrait.webp") and the link
 * preview's 1200 x 630 JPEG ("x-share.jpg"). The build reads them
 * (compiler/site/public-media.ts); the studio shows them as part of their
 * picture, never as pictures of their own. No Node imports.
 */

/** "x-portrait.webm" beside "x.webm": the same picture or loop cut to a phone's tall box. */
export const portraitOf = (src: string): string => src.replace(/(\.[a-z0-9]+)$/i, '-portrait$1')

/** "x-share.jpg" beside "x.webp": the picture cut to 1200 x 630, as link previews show it. */
export const shareCopyOf = (src: string): string => src.replace(/\.[a-z0-9]+$/i, '-share.jpg')

/** A smaller size's name: "x-800w.webp" is x.webp at 800 pixels wide. */
export const sizedCopyPattern = /^(.*)-(\d+)w(\.[a-z0-9]+)$/

/** `paths` but the copies of a picture or loop that is among them: what an author brought in, each once. */
export function withoutCopies(paths: ReadonlySet<string>): string[] {
  return [...paths].filter((path) => originalOf(path, paths) === undefined)
}

/** The picture or loop `path` was made from, when it is one of its copies and that file is among `paths`. */
export function originalOf(path: string, paths: ReadonlySet<string>): string | undefined {
  const sized = sizedCopyPattern.exec(path)
  if (sized && paths.has(sized[1]! + sized[3]!)) return sized[1]! + sized[3]!
  const portrait = /^(.*)-portrait(\.[a-z0-9]+)$/i.exec(path)
  if (portrait && paths.has(portrait[1]! + portrait[2]!)) return portrait[1]! + portrait[2]!
  const share = /^(.*)-share\.jpg$/i.exec(path)
  return share ? [...paths].find((p) => p !== path && p.startsWith(`${share[1]}.`) && portraitOf(p) !== path) : undefined
}
