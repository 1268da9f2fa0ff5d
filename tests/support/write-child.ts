/**
 * Child process of plain-files.test.ts: writes argv[2] over and over, each
 * time with one of two large texts, until it is killed. With argv[3] =
 * "plain" it writes with writeFileSync instead, the way pages were written
 * before, so the test can show what a kill then leaves.
 */
import { writeFileSync } from 'node:fs'
import { writeFileAtomic } from '../../src/compiler/site/plain-files'
import { bigTexts } from './write-texts'

const [path, how] = process.argv.slice(2)
const write = how === 'plain' ? (text: string) => writeFileSync(path!, text) : (text: string) => writeFileAtomic(path!, text)
process.stdout.write('ready\n')
for (let i = 0; ; i++) write(bigTexts[i % 2]!)
