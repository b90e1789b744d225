import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { allScreens } from '../../src-shared/permissions'
import { layers } from '../../scripts/eslint-layers.mjs'

const ROOT = resolve(__dirname, '../..')
const eslint = new ESLint({ cwd: ROOT })

/** The layer messages lint gives one line of code placed in a file of the given folder. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1\n`, { filePath: join(ROOT, file) })
  return result.messages.filter((m) => m.ruleId === 'layers/allowed-imports').map((m) => m.message)
}

/** A path from a file in `from` to a module in `to`, as an import would name it. */
function pathTo(from: string, to: string): string {
  const rel = relative(from, join(ROOT, to, 'x')).split('\\').join('/')
  return rel.startsWith('.') ? rel : `./${rel}`
}

const folderNames = [...layers.map((l) => l.name), 'tests']

/**
 * One forbidden import per rule of the allow-lists (issue 29: lint refused 2 of 13 bad
 * imports when the rules were deny-lists): every folder a layer is not allowed, and a
 * package each layer must not load.
 */
describe('layers by allow-list', () => {
  const cases = layers.flatMap((layer) =>
    folderNames
      .filter((to) => !layer.folders.includes(to) && !(to.startsWith(`${layer.name}/`) && layer.name === 'src-renderer'))
      .filter((to) => to !== layer.name)
      .map((to) => ({ from: layer.name, to })),
  )

  it.each(cases)('$from may not import $to', async ({ from, to }) => {
    const dir = join(ROOT, from, '__probe__')
    const errors = await layerErrors(join(from, '__probe__', 'probe.ts'), `import { x } from '${pathTo(dir, to)}'`)
    expect(errors.join('\n')).toMatch(/may (not import|import only types)/)
  })

  const packages: Record<string, string> = {
    'src-shared': 'node:fs',
    'src-server': 'react',
    'src-main/core': 'electron',
    'src-main/desktop': '@fluentui/react-components',
    'src-main/web': 'electron-store',
    'src-main/electron': 'fastify',
    'src-preload': 'zod',
    'src-phone': 'axios',
    'src-renderer/lib': 'node:path',
    'src-renderer/components': 'axios',
    'src-renderer/features': 'kysely',
    'src-renderer/app': 'electron',
    'src-renderer': 'fs',
  }

  it('names a forbidden package for every layer', () => {
    expect(Object.keys(packages).sort()).toEqual(layers.map((l) => l.name).sort())
  })

  it.each(Object.entries(packages))('%s may not import the package %s', async (from, name) => {
    const errors = await layerErrors(join(from, 'probe.ts'), `import { x } from '${name}'`)
    expect(errors.join('\n')).toContain(`may not import the package ${name}`)
  })

  it('lets the Electron layer take the server options as a type only (no server code loads in the main process)', async () => {
    const from = join(ROOT, 'src-main/electron')
    const spec = relative(from, join(ROOT, 'src-server/options')).split('\\').join('/')
    expect(await layerErrors('src-main/electron/probe.ts', `import type { ServerOptions } from '${spec}'\nexport type O = ServerOptions`)).toEqual([])
    expect((await layerErrors('src-main/electron/probe.ts', `import { optionsFromEnv } from '${spec}'\nexport const o = optionsFromEnv`)).join('')).toContain(
      'may import only types',
    )
  })

  it('allows what a layer may import (a feature uses the bridge, a component and the shared schemas)', async () => {
    const errors = await layerErrors(
      'src-renderer/features/x/probe.ts',
      `import { call } from '../../lib/bridge'\nimport { Pager } from '../../components/Pager'\nimport { z } from 'zod'\nexport const all = [call, Pager, z]`,
    )
    expect(errors).toEqual([])
  })
})

/** Relative imports of a source file, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = resolve(dirname(file), m[1])
    const target = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => exists(p))
    if (target) found.push(target)
  }
  return found
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  )
}

describe('the renderer', () => {
  it('has no import cycle between its modules', () => {
    const graph = new Map(sourceFiles(join(ROOT, 'src-renderer')).map((f) => [f, importsOf(f)]))
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => relative(ROOT, f)).join(' → '))
        return
      }
      state.set(file, 'open')
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of graph.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })

  it('has a screen for every screen of the permission tree that a link can open', async () => {
    const { screens } = await import('../../src-renderer/app/screens')
    // 审核 is an action of 培训班管理, not a screen of its own (src-shared/permissions.ts).
    expect(allScreens.filter((s) => !(s.key in screens)).map((s) => s.key)).toEqual(['training:audit'])
  })
})
