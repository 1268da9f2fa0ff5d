/**
 * What every field of a form may use: the edit it makes (one Document edit
 * of the open page, applied by the document store), the problems at its
 * path, and the site's routes and media for the pickers.
 */
import { createContext, useContext, type ComponentType } from 'react'
import type { DocumentEdit, Path } from '../../compiler/yaml-edit/index.ts'
import type { Problem } from '../../compiler/problems/problems.ts'
import type { MediaFile } from '../shared/api.ts'
import type { BlockForm, Field } from './fields.ts'
import type { LinkTarget } from './link-targets.ts'

/** Where a value is in a page (the Document edits' own paths). */
export type { Path }

export interface FormContext {
  edit: (edit: DocumentEdit) => void
  /** Several edits as one change (one step of Undo). */
  editAll: (edits: readonly DocumentEdit[]) => void
  /** The value at a path of the open document (a field's sibling, for a field picked from it). */
  valueAt: (path: Path) => unknown
  /** The problems whose data path is exactly this one. */
  problemsAt: (path: Path) => Problem[]
  /** The problems one step below this path (at a field of this group). */
  problemsUnder: (path: Path) => Problem[]
  /** Every page and anchored part a link may go to, with its title, for the link picker (link-targets.ts). */
  linkTargets: readonly LinkTarget[]
  /** Fetches linkTargets (empty until a field asks and they arrive): a link field asks when it is reached. */
  askTargets: () => void
  /** The site's pictures and videos: undefined until a field asks for them and they arrive. */
  media: MediaFile[] | undefined
  /** Fetches media: a media field asks when its picker opens. */
  askMedia: () => void
  blocks: BlockForm[]
  /** The component for any field (field-view.tsx), handed down so that groups and lists can draw their parts without importing it back. */
  FieldView: ComponentType<{ field: Field; path: Path; value: unknown }>
}

export const Form = createContext<FormContext | undefined>(undefined)

export function useForm(): FormContext {
  const form = useContext(Form)
  if (!form) throw new Error('A field is drawn outside a form.')
  return form
}

/** A stable id for a field's input, from its path: labels and problems point at it. */
export const idOf = (path: Path) => `field-${path.join('.')}`

export const samePath = (a: Path | undefined, b: Path) => a !== undefined && a.length === b.length && a.every((part, i) => String(part) === String(b[i]))
