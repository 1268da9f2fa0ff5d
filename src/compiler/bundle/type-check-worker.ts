/**
 * The thread type-check.ts checks src/ on: one check at a time, as asked,
 * each pass remembered here as soon as it is found (a check that is
 * stopped, its build's pages having problems, ends with the thread and
 * remembers nothing).
 */
import { parentPort } from 'node:worker_threads'
import { checkProgram, rememberPass } from './type-program.ts'
import type { FromTypeChecker, ToTypeChecker } from './type-check.ts'

parentPort!.on('message', ({ id, root, hash }: ToTypeChecker) => {
  let answer: FromTypeChecker
  try {
    const problems = checkProgram(root)
    if (!problems.length) rememberPass(root, hash)
    answer = { id, problems }
  } catch (error) {
    answer = { id, error: { message: (error as Error).message, stack: (error as Error).stack } }
  }
  parentPort!.postMessage(answer)
})
