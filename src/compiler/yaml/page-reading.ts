/**
 * How page files are read, by the check (parse-yaml.ts) and by every edit of
 * a page (src/compiler/yaml-edit/, for `npm run migrate` and the studio's
 * forms): YAML 1.2 core types only, no tags resolved beyond them, no merge
 * keys. Duplicate keys are checked separately, in linear time: the library's
 * own check is quadratic and takes seconds on a mapping with 20,000 keys.
 * This file imports nothing, so browser code can use it too.
 */
export const pageReading = {
  schema: 'core',
  version: '1.2',
  resolveKnownTags: false,
  merge: false,
  uniqueKeys: false,
} as const
