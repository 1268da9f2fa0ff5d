export { layoutOf, pageLayout, parseForEditing, printYaml, type EditableYaml, type Layout } from './document.ts'
export { keyOf, pairOf, removePair } from './nodes.ts'
