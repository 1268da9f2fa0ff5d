// A worker thread's first module when no bundle of the compiler can be made
// (no esbuild; see ts-worker.ts), in plain JavaScript: it lets the thread
// load the compiler's TypeScript through tsx and then runs the module the
// thread was started for. Threads do not inherit tsx's loader when the
// parent runs TypeScript another way (vitest), so it is registered here,
// once, in every case.
import { register } from 'tsx/esm/api'
import { workerData } from 'node:worker_threads'

register()
await import(workerData.entry)
