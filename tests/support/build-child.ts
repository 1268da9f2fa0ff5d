/**
 * Child process of output-swap.test.ts: builds the project at argv[2] into
 * argv[3] and SIGKILLs itself when the build reaches the moment argv[4]
 * (a name no moment has, such as "never", lets it finish: tests/e2e/newsletter.spec.ts).
 */
import { buildSite } from '../../src/compiler/bundle/build-site'

const [root, outDir, killAt] = process.argv.slice(2)
await buildSite({
  root: root!,
  outDir: outDir!,
  logLevel: 'silent',
  onMoment: (moment) => {
    if (moment === killAt) process.kill(process.pid, 'SIGKILL')
  },
})
