import type { Field } from './fields.ts'
import type { Path } from './form-context.ts'
import { TextField } from './fields/text-field.tsx'
import { ChoiceField } from './fields/choice-field.tsx'
import { LinkField } from './fields/link-field.tsx'
import { MediaField } from './fields/media-field.tsx'
import { NumberField } from './fields/number-field.tsx'
import { FlagField } from './fields/flag-field.tsx'
import { GroupField } from './fields/group-field.tsx'
import { ListField } from './fields/list-field.tsx'
import { BlocksField } from './fields/blocks-field.tsx'
import { studioSentences } from '../shared/author-words.ts'

/** The component for a field, by its kind: the one place that knows them all. */
export function FieldView({ field, path, value }: { field: Field; path: Path; value: unknown }) {
  switch (field.kind) {
    case 'text':
      return <TextField field={field} path={path} value={value} />
    case 'choice':
      return <ChoiceField field={field} path={path} value={value} />
    case 'link':
      return <LinkField field={field} path={path} value={value} />
    case 'media':
      return <MediaField field={field} path={path} value={value} />
    case 'number':
      return <NumberField field={field} path={path} value={value} />
    case 'flag':
      return <FlagField field={field} path={path} value={value} />
    case 'group':
      return <GroupField field={field} path={path} value={value} />
    case 'list':
      return <ListField field={field} path={path} value={value} />
    case 'blocks':
      return <BlocksField field={field} path={path} value={value} />
    case 'fixed':
      return null
    case 'yaml-only':
      return <p className="field-help">{studioSentences.editedAsText({ label: field.label })}</p>
  }
}
