import { describe, expect, it } from 'vitest'
import { meterFill, positionAt, slideFrame } from '../../../../src/blocks/zoom-gallery/frames'

describe('zoom gallery frames', () => {
  const count = 7

  it('holds still at both ends of the scroll, then moves through every picture', () => {
    expect(positionAt(0, count)).toBe(0)
    expect(positionAt(0.02, count)).toBe(0) // the hold before the first zoom
    expect(positionAt(1, count)).toBe(count - 1)
    expect(positionAt(0.98, count)).toBe(count - 1) // the hold after the last
    expect(positionAt(0.5, count)).toBeCloseTo((count - 1) / 2)
  })

  it('starts with the first picture filling the frame and the others small and hidden', () => {
    expect(slideFrame(0, 0, count)).toEqual({ scale: 1, opacity: 1, visible: true, shade: 0, caption: 1 })
    const second = slideFrame(0, 1, count)
    expect(second.scale).toBeCloseTo(0.3)
    expect(second.opacity).toBe(0)
  })

  it('zooms the next picture in while the current one zooms on past the edges and darkens', () => {
    const current = slideFrame(0.5, 0, count)
    const next = slideFrame(0.5, 1, count)
    expect(current.scale).toBeGreaterThan(1)
    expect(current.shade).toBeGreaterThan(0)
    expect(current.caption).toBe(0)
    expect(next.scale).toBeGreaterThan(0.3)
    expect(next.scale).toBeLessThan(1)
    expect(next.opacity).toBe(1)
  })

  it('hides a picture once it is fully covered and ends on the last one, untransformed', () => {
    expect(slideFrame(1, 0, count).visible).toBe(false)
    expect(slideFrame(count - 1, count - 1, count)).toMatchObject({ scale: 1, opacity: 1, visible: true })
    expect(meterFill(count - 1, count)).toBe(1)
    expect(meterFill(0, count)).toBeCloseTo(1 / count)
  })
})
