/**
 * Fields whose text must be a part of another field of the same block: a
 * block's "highlight" is words of its "title". The build checks it
 * (compiler/schema/page-rules.ts) and the studio's form offers the title's
 * words to pick from (studio/forms/schema-fields.ts): one list for both, by
 * field name, so a new block type with these two fields gets both for free.
 */
export const partOfFields: Readonly<Record<string, string>> = { highlight: 'title' }
