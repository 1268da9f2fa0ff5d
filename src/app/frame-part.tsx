import { createContext, useContext, type ReactNode } from 'react'

/** The parts of the page frame that every page of a build draws alike: one list, which the prerenderer copies (src/prerender/frame-copy.ts). */
export const frameParts = ['header', 'footer'] as const
export type FramePart = (typeof frameParts)[number]

const Copied = createContext(false)

/**
 * Given `true` by the prerenderer for a page whose frame it copies from a
 * page drawn before (src/prerender/frame-copy.ts): each FramePartOf below
 * then draws a marker in place of its part.
 */
export const CopyFrame = Copied.Provider

/** What a part copied from another page draws instead of itself: an element, which no page's text can write (its `<` is escaped). */
export function frameMarker(part: FramePart): string {
  return `<template data-frame-part="${part}"></template>`
}

/**
 * A part of the frame around every page: the header and the footer. They
 * are drawn from the site's settings alone, never from the page or its
 * route, so every page of a build has the same HTML for them, and a
 * prerender worker draws them for its first pages only, then copies them:
 * at 10,000 generated pages they were three quarters of each page's
 * elements. Whatever a part draws must keep to that (read only `site`;
 * nothing of useLocation, the page or its data): a part that varied would
 * be copied wrong, which the worker's check against a second page and
 * tests/unit/prerender/frame-copy.test.ts (every page drawn both ways)
 * catch. In the browser, and in every other render, the part is drawn.
 */
export function FramePartOf({ part, children }: { part: FramePart; children: ReactNode }) {
  // The marker's own element, as React writes it: frameMarker's text.
  return useContext(Copied) ? <template data-frame-part={part} /> : children
}
