import { describe, expect, it } from 'vitest'
import { stagesOf } from '../../../scripts/bench-fresh-clone'

describe("the bench's fresh-clone figures", () => {
  it("reads each stage from npm test's last line of times", () => {
    const output = 'lots of output\n── browser tests: passed in 700.2 s\n\n── times: browser set-up 1.2 s, type check 21.7 s, build 20.8 s, unit tests 490.6 s, browser tests 700.2 s; npm test 1234.5 s in all\n'
    expect(stagesOf(output)).toEqual([
      { name: 'browser set-up', seconds: 1.2 },
      { name: 'type check', seconds: 21.7 },
      { name: 'build', seconds: 20.8 },
      { name: 'unit tests', seconds: 490.6 },
      { name: 'browser tests', seconds: 700.2 },
    ])
  })

  it('finds no stage in a run that never printed its times', () => {
    expect(stagesOf('npm ERR! something failed\n')).toEqual([])
  })
})
