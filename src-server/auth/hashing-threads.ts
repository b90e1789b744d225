import { Worker } from 'node:worker_threads'
import type { DeriveKey } from './passwords'

/**
 * The threads the password queue hashes on (issue 28). On libuv's pool a check ran at the
 * event loop's own priority, so on two shared cores the hashes of a sign-in rush took the
 * CPU the exam calls needed (their answers waited seconds behind hashes). Here each check
 * runs on a thread of this process's own, at a lower scheduling priority (nice +10 on
 * Linux, relative to the process's: the scheduler gives the event loop and the database about ten times the share of
 * a hashing thread whenever both want a core, and the hashing thread all that is left
 * over). Elsewhere (no per-thread priority) the threads run at the normal priority.
 * One pool per process, shared by every server in it; a thread is made when no idle one is
 * there (the queue bounds how many checks run at once) and kept for the next check.
 */
/** How much lower than the event loop's the hashing threads' priority is (nice steps). */
export const HASHING_NICE = 10

/** The thread's code (CommonJS, evaluated: nothing to bundle or find on disk). */
const SOURCE = `
const { parentPort } = require('node:worker_threads')
const { scryptSync } = require('node:crypto')
if (process.platform === 'linux') {
  try {
    // /proc/thread-self names this thread's id; on Linux setpriority of a thread id is that thread's own.
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())
    const os = require('node:os')
    // Below the process's own priority (a server started with nice keeps its order), never past 19.
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + ${HASHING_NICE}))
  } catch {
    // Not allowed here (a sandbox): hash at the normal priority.
  }
}
parentPort.on('message', ({ password, salt, options, keyLength }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) })
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) })
  }
})
`

interface Job {
  resolve: (key: Buffer) => void
  reject: (error: Error) => void
}

interface HashingThread {
  worker: Worker
  job: Job | null
}

const idle: HashingThread[] = []

function newThread(): HashingThread {
  const thread: HashingThread = { worker: new Worker(SOURCE, { eval: true }), job: null }
  thread.worker.on('message', (answer: { key?: Uint8Array; error?: string }) => {
    const job = thread.job
    thread.job = null
    // Idle, it keeps nothing alive: a server closing ends its process as before.
    thread.worker.unref()
    idle.push(thread)
    if (answer.key) job?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength))
    else job?.reject(new Error(answer.error))
  })
  const gone = (error: Error) => {
    const at = idle.indexOf(thread)
    if (at >= 0) idle.splice(at, 1)
    thread.job?.reject(error)
    thread.job = null
  }
  thread.worker.on('error', gone)
  thread.worker.on('exit', (code) => gone(new Error(`hashing thread exited (${code})`)))
  return thread
}

/** Derives a key on an idle hashing thread (a new one when none is idle). */
export const deriveOnHashingThread: DeriveKey = (password, salt, options, keyLength) =>
  new Promise((resolve, reject) => {
    const thread = idle.pop() ?? newThread()
    thread.job = { resolve, reject }
    thread.worker.ref()
    thread.worker.postMessage({ password, salt, options, keyLength })
  })
