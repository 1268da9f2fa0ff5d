import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePortBlock } from '../../../scripts/port-block'

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

describe('freePortBlock', () => {
  it('gives a block whose every port can be listened on, below the ephemeral range', async () => {
    const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0])
    const first = await freePortBlock(400)
    expect(first).toBeGreaterThanOrEqual(10000)
    expect(first + 400).toBeLessThanOrEqual(ephemeralLow)
    // The ports the specs derive (+20, +100, +300, +399) are all free to take.
    const servers = await Promise.all([first, first + 20, first + 100, first + 300, first + 399].map(listen))
    await Promise.all(servers.map((s) => new Promise((done) => s.close(done))))
  })
})
