import { expect, it } from 'vitest'
import { forwardedRouteNames } from '../../src-shared/api'
import { coreMethods, rpcNames } from '../../src-shared/ipc'

it('gives each RPC name one meaning: the seat save is the core’s method (outbox when offline), its server route is not forwarded beside it', () => {
  expect(new Set(rpcNames).size).toBe(rpcNames.length)
  expect(Object.keys(coreMethods)).toContain('seat.save')
  expect(forwardedRouteNames).not.toContain('seat.save')
})
