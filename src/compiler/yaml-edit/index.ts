export { layoutOf, pageLayout, parseForEditing, printYaml, type EditableYaml, type Layout } from './document.ts'
export { describeValue, keyOf, pairOf, removePair } from './nodes.ts'
export { applyEdit, applyEdits, editDocument, showPath, type DocumentEdit, type EditOutcome, type Path } from './edit.ts'
export { minimalChange, type TextChange } from './text.ts'
