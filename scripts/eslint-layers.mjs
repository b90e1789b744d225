import { dirname, relative, resolve, sep } from 'node:path'

/**
 * Layers by allow-list (as VS Code's code-layering): each folder names the folders and
 * packages it may import; anything else is refused by lint. The rule that a layer may
 * not reach up is then the default, not a list of what someone thought to forbid.
 * docs/ARCHITECTURE.md describes the layers; tests/unit/layers.test.ts feeds lint one
 * forbidden import per rule.
 *
 * `folders`: the layers whose files it may import (its own included when listed).
 * `typesFrom`: layers it may import types from only (erased at build: no code loaded).
 * `packages`: the packages it may import (a prefix per entry: `node:` allows every
 * built-in); `anyPackageBut`: instead, every package except these.
 */
const NODE = ['node:']
const SERVER_ONLY = ['fastify', '@fastify/', 'kysely', 'better-sqlite3', 'pg', 'sanitize-html', 'svg-captcha', 'helmet']
const RENDERER_ONLY = ['react', 'react-dom', '@fluentui/', 'react-router-dom', 'react-hook-form', '@hookform/', 'echarts', '@tiptap/', '@tanstack/', 'pdfjs-dist']
const ELECTRON = ['electron', 'electron-store', 'electron-updater', 'electron-log']

export const layers = [
  { name: 'src-shared', folders: ['src-shared'], packages: ['zod', 'crypto-js', 'dayjs'] },
  { name: 'src-server', folders: ['src-shared', 'src-server'], anyPackageBut: [...RENDERER_ONLY, ...ELECTRON, 'axios'] },
  // The core embeds the platform server for standalone use (embedded-server.ts).
  { name: 'src-main/core', folders: ['src-shared', 'src-main/core', 'src-server'], anyPackageBut: [...RENDERER_ONLY, ...ELECTRON] },
  // electron-log's Node build (electron-log/node) writes the log files of both hosts.
  {
    name: 'src-main/desktop', folders: ['src-shared', 'src-main/core', 'src-main/desktop', 'src-server'],
    anyPackageBut: [...RENDERER_ONLY, ...ELECTRON.filter((p) => p !== 'electron-log')],
  },
  { name: 'src-main/web', folders: ['src-shared', 'src-main/core', 'src-main/web', 'package.json'], anyPackageBut: [...RENDERER_ONLY, ...ELECTRON] },
  // The Electron layer stays thin: what it does lives in core and desktop.
  {
    name: 'src-main/electron', folders: ['src-shared', 'src-main/core', 'src-main/desktop', 'src-main/electron'], typesFrom: ['src-server'],
    anyPackageBut: [...RENDERER_ONLY, ...SERVER_ONLY],
  },
  // The phone pages' bundle (out/phone/phone.js): the shared contract and the DOM, nothing else.
  { name: 'src-phone', folders: ['src-shared', 'src-phone'], packages: ['zod'] },
  { name: 'src-preload', folders: ['src-shared', 'src-preload'], packages: ['electron'] },
  // The renderer talks only to the bridge: no Node, no Electron, no server code, no HTTP client.
  { name: 'src-renderer/lib', folders: ['src-shared', 'src-renderer/lib'], anyPackageBut: [...NODE, ...ELECTRON, ...SERVER_ONLY, 'axios'] },
  { name: 'src-renderer/components', folders: ['src-shared', 'src-renderer/lib', 'src-renderer/components'], anyPackageBut: [...NODE, ...ELECTRON, ...SERVER_ONLY, 'axios'] },
  {
    name: 'src-renderer/features', folders: ['src-shared', 'src-renderer/lib', 'src-renderer/components', 'src-renderer/features'],
    anyPackageBut: [...NODE, ...ELECTRON, ...SERVER_ONLY, 'axios'],
  },
  {
    name: 'src-renderer/app', folders: ['src-shared', 'src-renderer/lib', 'src-renderer/components', 'src-renderer/features', 'src-renderer/app'],
    anyPackageBut: [...NODE, ...ELECTRON, ...SERVER_ONLY, 'axios'],
  },
  { name: 'src-renderer', folders: ['src-shared', 'src-renderer/app', 'src-renderer/lib'], anyPackageBut: [...NODE, ...ELECTRON, ...SERVER_ONLY, 'axios'] },
]

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..')

/** The layer of a path relative to the repository: the longest layer name it lies in, else its first segment. */
function layerOf(path) {
  const unix = path.split(sep).join('/')
  const matching = layers.filter((l) => unix === l.name || unix.startsWith(`${l.name}/`))
  if (matching.length === 0) return unix.split('/')[0]
  return matching.reduce((a, b) => (b.name.length > a.name.length ? b : a)).name
}

const startsWithAny = (name, prefixes) => prefixes.some((p) => (p.endsWith('/') || p.endsWith(':') ? name.startsWith(p) : name === p || name.startsWith(`${p}/`)))

const allowedImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      folder: '{{from}} may not import {{to}} (allowed: {{allowed}}; docs/ARCHITECTURE.md, scripts/eslint-layers.mjs).',
      typesOnly: '{{from}} may import only types from {{to}} (import type …): its code must not load here.',
      package: '{{from}} may not import the package {{name}} (scripts/eslint-layers.mjs).',
    },
  },
  create(context) {
    const file = relative(ROOT, context.filename)
    const from = layers.find((l) => l.name === layerOf(file))
    if (!from) return {}
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return
      if (source.startsWith('.')) {
        const to = layerOf(relative(ROOT, resolve(dirname(context.filename), source)))
        if (from.folders.includes(to)) return
        if (typeOnly && from.typesFrom?.includes(to)) return
        const messageId = from.typesFrom?.includes(to) ? 'typesOnly' : 'folder'
        context.report({ node, messageId, data: { from: from.name, to, allowed: from.folders.join(', ') } })
        return
      }
      const refused = from.packages ? !startsWithAny(source, from.packages) : startsWithAny(source, from.anyPackageBut ?? [])
      // Node's built-ins without the node: prefix are the same modules.
      const bareBuiltin = /^(fs|path|os|crypto|child_process|http|https|net|stream|util|url|zlib)(\/|$)/.test(source)
      const builtinRefused = bareBuiltin && (from.packages ? !from.packages.includes('node:') : startsWithAny('node:', from.anyPackageBut ?? []))
      if (refused || builtinRefused) context.report({ node, messageId: 'package', data: { from: from.name, name: source } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type' || node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    }
  },
}

export const layersPlugin = { rules: { 'allowed-imports': allowedImports } }
