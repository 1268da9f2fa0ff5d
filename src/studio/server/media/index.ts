export { importMedia, type ImportResult } from './import-media.ts'
export { uploadLimits } from './refusals.ts'
