/**
 * The thread type-check.ts checks src/ on: one check at a time, as asked,
 * each pass remembered here as soon as it is found (a check that is
 * stopped, its build's pages having problems, ends with the thread and
 * remembers nothing).
 */
import { parentPort } from 'node:worker_threads'
import { checkProgram, rememberPass, sourceHash } from './type-program.ts'
import type { FromTypeChecker, ToTypeChecker } from './type-check.ts'

parentPort!.on('message', ({ id, root, hash }: ToTypeChecker) => {
  let answer: FromTypeChecker
  try {
    const problems = checkProgram(root)
    // Remembered under the hash the build took before the check only if the files still hash to it: one written
    // while TypeScript read them (a type error fixed mid-build, then put back) would pass under the bytes before.
    if (!problems.length && sourceHash(root) === hash) rememberPass(root, hash)
    answer = { id, problems }
  } catch (error) {
    answer = { id, error: { message: (error as Error).message, stack: (error as Error).stack } }
  }
  parentPort!.postMessage(answer)
})
