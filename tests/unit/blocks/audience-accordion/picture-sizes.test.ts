import { expect, it } from 'vitest'
import { cardPictureSizes } from '../../../../src/blocks/audience-accordion/picture-sizes'

it('a row of seven cards shows a 4:3 picture at its cover width, 32rem x 4/3, on every desktop', () => {
  expect(cardPictureSizes(7)).toBe('(min-width: 769px) 42.67rem, (min-width: 34.5rem) calc(100vw - 2.5rem), 32rem')
})

it('a row of three cards shows it as wide as the open card once that is wider than the cover width', () => {
  expect(cardPictureSizes(3)).toBe(
    '(min-width: 81rem) 64rem, (min-width: 59.67rem) calc(100vw - 17rem), (min-width: 769px) 42.67rem, (min-width: 34.5rem) calc(100vw - 2.5rem), 32rem',
  )
})

it('a wider picture needs a wider copy in the same box', () => {
  expect(cardPictureSizes(7, 16 / 9)).toMatch(/^\(min-width: 769px\) 56\.89rem, .* 42\.67rem$/)
})
