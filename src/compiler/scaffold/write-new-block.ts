import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../site/plain-files.ts'
import { listBlockSchemas } from '../schema/schema-files.ts'
import { writeGenerated } from '../codegen/generated-outputs.ts'
import { planNewBlock, withGuideRow } from './new-block.ts'

/**
 * Write a new block type's files (new-block.ts plans them) and its row in
 * docs/authoring.md, then make src/generated/ from the schemas again, so
 * the check and the build pass at once. Each file is new (never replaced)
 * and written whole; a refused name writes nothing.
 */
export async function writeNewBlock(root: string, type: string): Promise<{ ok: true; written: string[] } | { ok: false; reason: string }> {
  const blocksDir = join(root, 'src', 'blocks')
  const plan = planNewBlock(type, { schemas: listBlockSchemas(join(root, 'schema')), folders: existsSync(blocksDir) ? readdirSync(blocksDir) : [] })
  if (!plan.ok) return plan
  const guidePath = join(root, 'docs', 'authoring.md')
  const guide = existsSync(guidePath) ? withGuideRow(readFileSync(guidePath, 'utf8'), plan.guideRow) : undefined
  for (const file of plan.files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true })
    writeFileAtomic(join(root, file.path), file.text, { exclusive: true })
  }
  const written = plan.files.map((f) => f.path)
  if (guide !== undefined) {
    writeFileAtomic(guidePath, guide)
    written.push('docs/authoring.md')
  }
  written.push(...(await writeGenerated(root)))
  return { ok: true, written }
}
