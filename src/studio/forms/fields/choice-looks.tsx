import type { ReactNode } from 'react'
import { Icon, isIconName } from '../../../components/icon.tsx'
import { cardColours, isCardColour } from '../../../shared/card-colours.ts'

/** What one allowed value looks like on the page, drawn small beside its name. */
export type Look = (option: string) => ReactNode

/**
 * How to show a list of allowed values, found from the values themselves:
 * the names of the site's symbols are drawn as those symbols, the names of
 * its card colours as swatches of them. Any other list (sizes, styles) has
 * no picture and stays a drop-down.
 */
export function looksOf(options: readonly string[]): Look | undefined {
  if (!options.length) return undefined
  if (options.every(isIconName)) return (option) => isIconName(option) && <Icon name={option} className="choice-icon" />
  if (options.every(isCardColour)) return (option) => isCardColour(option) && <span className="choice-swatch" style={{ background: cardColours[option].background }} />
  return undefined
}
