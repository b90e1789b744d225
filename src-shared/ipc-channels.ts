/**
 * The bridge's IPC channel names, apart from ipc.ts so that the sandboxed preload
 * can use them without pulling in zod and the route table (a sandboxed preload can
 * require nothing but electron).
 */
export const RPC_CHANNEL = 'rpc'
export const EVENT_CHANNEL = 'rpc-event'
