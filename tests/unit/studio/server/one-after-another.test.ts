import { describe, expect, it } from 'vitest'
import { OneAfterAnother } from '../../../../src/studio/server/project/one-after-another'

/** A job whose runs the test ends by hand, in order, so nothing here depends on timing. */
function controlledJob() {
  const runs: { end: (value: number) => void; fail: (error: Error) => void }[] = []
  const job = () =>
    new Promise<number>((resolve, reject) => {
      runs.push({ end: resolve, fail: reject })
    })
  return { job, runs }
}

/** Lets every promise callback already queued run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('OneAfterAnother (the studio reading the whole site again)', () => {
  it('runs at once when nothing runs, and answers with that run', async () => {
    const { job, runs } = controlledJob()
    const once = new OneAfterAnother(job)
    const answer = once.run()
    expect(runs).toHaveLength(1)
    expect(once.busy).toBe(true)
    runs[0]!.end(1)
    await expect(answer).resolves.toBe(1)
    expect(once.busy).toBe(false)
  })

  it('queues one run behind the running one, shared by every ask made meanwhile', async () => {
    const { job, runs } = controlledJob()
    const once = new OneAfterAnother(job)
    const first = once.run()
    const second = once.run()
    const third = once.run()
    expect(second).toBe(third)
    // The queued run starts only once the running one has ended: what that one read may predate the asks.
    await settle()
    expect(runs).toHaveLength(1)
    runs[0]!.end(1)
    await expect(first).resolves.toBe(1)
    await settle()
    expect(runs).toHaveLength(2)
    runs[1]!.end(2)
    await expect(second).resolves.toBe(2)
    expect(runs).toHaveLength(2)
  })

  it('an ask made while the queued run runs queues another', async () => {
    const { job, runs } = controlledJob()
    const once = new OneAfterAnother(job)
    void once.run()
    const second = once.run()
    runs[0]!.end(1)
    await settle()
    const third = once.run()
    expect(third).not.toBe(second)
    runs[1]!.end(2)
    await settle()
    expect(runs).toHaveLength(3)
    runs[2]!.end(3)
    await expect(third).resolves.toBe(3)
  })

  it('runs the queued one after a run that failed, and the failure is only its own askers\'', async () => {
    const { job, runs } = controlledJob()
    const once = new OneAfterAnother(job)
    const first = once.run()
    const second = once.run()
    runs[0]!.fail(new Error('a file vanished mid-read'))
    await expect(first).rejects.toThrow('a file vanished mid-read')
    await settle()
    runs[1]!.end(2)
    await expect(second).resolves.toBe(2)
  })

  it('idle() settles only once no run is under way or queued, a failed one included', async () => {
    const { job, runs } = controlledJob()
    const once = new OneAfterAnother(job)
    void once.run().catch(() => undefined)
    void once.run()
    let idle = false
    void once.idle().then(() => (idle = true))
    runs[0]!.fail(new Error('failed'))
    await settle()
    expect(idle).toBe(false)
    runs[1]!.end(2)
    await settle()
    expect(idle).toBe(true)
    await expect(new OneAfterAnother(job).idle()).resolves.toBeUndefined()
  })
})
