import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../site/plain-files.ts'
import { listBlockSchemas } from '../schema/schema-files.ts'
import { writeGenerated } from '../codegen/generated-outputs.ts'
import { planNewBlock } from './new-block.ts'

/**
 * Write a new block type's files (new-block.ts plans them), then make what
 * is derived from the schemas again (src/generated/, and the block's row in
 * docs/authoring.md from its schema's description), so the check and the
 * build pass at once. Each file is new (never replaced) and written whole;
 * a refused name writes nothing.
 */
export async function writeNewBlock(root: string, type: string): Promise<{ ok: true; written: string[] } | { ok: false; reason: string }> {
  const blocksDir = join(root, 'src', 'blocks')
  const plan = planNewBlock(type, { schemas: listBlockSchemas(join(root, 'schema')), folders: existsSync(blocksDir) ? readdirSync(blocksDir) : [] })
  if (!plan.ok) return plan
  for (const file of plan.files) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true })
    writeFileAtomic(join(root, file.path), file.text, { exclusive: true })
  }
  return { ok: true, written: [...plan.files.map((f) => f.path), ...(await writeGenerated(root))] }
}
