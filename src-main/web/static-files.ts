import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
}

/** The file under `rootDir` that `urlPath` names, or null when it is outside or absent. */
async function fileFor(rootDir: string, urlPath: string): Promise<string | null> {
  let relative: string
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)
  } catch {
    return null
  }
  const root = resolve(rootDir)
  const path = resolve(root, '.' + relative)
  if (!path.startsWith(root + sep)) return null
  const info = await stat(path).catch(() => null)
  return info?.isFile() ? path : null
}

/** Text-like files shrink several times; images, fonts and the like are compressed already. */
function compressible(type: string): boolean {
  return /^(text\/|application\/(json|wasm)|image\/svg)/.test(type)
}

/**
 * The encoding the browser accepts that we prefer: brotli, then gzip. Brotli at a
 * middle quality: compressed per request, the top quality costs more time than it saves.
 */
function encoderFor(acceptEncoding: string | undefined) {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.split(';')[0].trim().toLowerCase())
  if (accepted.includes('br')) return { name: 'br', stream: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) }
  if (accepted.includes('gzip')) return { name: 'gzip', stream: () => createGzip() }
  return null
}

/** Sends the built renderer's file for `urlPath`, compressed when the browser takes it; 404 when there is none. */
export async function serveStatic(rootDir: string, urlPath: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = await fileFor(rootDir, urlPath)
  if (!path) {
    const hint = urlPath === '/' ? '未找到界面文件，请先运行 npm run build' : '页面不存在'
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(hint)
    return
  }
  const type = contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'
  const encoder = compressible(type) ? encoderFor(req.headers['accept-encoding']) : null
  // The page itself is never cached (it changes with every build); hashed assets may be revalidated.
  res.writeHead(200, {
    'Content-Type': type,
    'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoder ? { 'Content-Encoding': encoder.name } : {}),
  })
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const file = createReadStream(path)
  const sent = encoder ? pipeline(file, encoder.stream(), res) : pipeline(file, res)
  await sent.catch(() => res.destroy())
}
