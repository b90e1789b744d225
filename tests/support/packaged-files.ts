import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { minimatch } from 'minimatch'

/**
 * The files an installer carries as the app's own (the asar and what is unpacked beside it;
 * Electron's runtime aside), computed from the builder's configuration the way electron-builder
 * collects them: the `files` globs over the project, plus the production dependencies' closure
 * of package-lock.json with electron-builder's default exclusions for node_modules
 * (app-builder-lib NodeModuleCopyHelper / fileMatcher) and the same `files` negations.
 */
export interface PackagedFile {
  /** Path inside the app, with forward slashes: `out/main/index.js`, `node_modules/zod/index.js`. */
  path: string
  bytes: number
  unpacked: boolean
}

export interface BuilderConfig {
  files: string[]
  asarUnpack?: string[]
}

const EXCLUDED_NAMES = new Set(
  (
    '.DS_Store,node_modules,CHANGELOG.md,ChangeLog,changelog.md,Changelog.md,Changelog,binding.gyp,.npmignore,node_gyp_bins,' +
    '.git,.hg,.svn,CVS,RCS,SCCS,__pycache__,thumbs.db,.gitignore,.gitkeep,.gitattributes,.idea,.vs,.flowconfig,.jshintrc,.eslintrc,' +
    '.circleci,.yarn-integrity,.yarn-metadata.json,yarn-error.log,yarn.lock,package-lock.json,npm-debug.log,pnpm-lock.yaml,bun.lock,' +
    'bun.lockb,appveyor.yml,.travis.yml,circle.yml,.nyc_output,.husky,.github,electron-builder.env'
  ).split(','),
)
const TOP_LEVEL_EXCLUDED = new Set(['karma.conf.js', '.coveralls.yml', 'README.md', 'readme.markdown', 'README', 'readme.md', 'Readme.md', 'Readme', 'readme', 'test', 'tests', '__tests__', 'powered-test', 'example', 'examples', '.bin'])
const EXCLUDED_EXTS = 'iml,hprof,orig,pyc,pyo,rbc,swp,csproj,sln,suo,xproj,cc,d.ts,mk,a,o,obj,forge-meta'.split(',').map((ext) => `.${ext}`)

const toPosix = (path: string) => path.split(sep).join('/')

function matches(path: string, patterns: string[]): boolean {
  const positive = patterns.filter((p) => !p.startsWith('!'))
  const negative = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1))
  const ok = (p: string) => minimatch(path, p, { dot: true }) || minimatch(path, p.replace(/^\*\*\//, ''), { dot: true })
  return (positive.length === 0 || positive.some(ok)) && !negative.some(ok)
}

function walk(dir: string, visit: (file: string, bytes: number) => void, skipDir: (name: string, path: string) => boolean = () => false): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!skipDir(entry.name, path)) walk(path, visit, skipDir)
    } else if (entry.isFile()) visit(path, statSync(path).size)
  }
}

/** Packages of package-lock.json that the app needs at run time (not `dev` / `devOptional`), installed here. */
export function productionPackages(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; devOptional?: boolean; optional?: boolean; link?: boolean }> }
  return Object.entries(lock.packages)
    .filter(([path, info]) => path !== '' && !info.dev && !info.devOptional && !info.link)
    .map(([path]) => path)
    .filter((path) => {
      try {
        return statSync(join(root, path)).isDirectory()
      } catch {
        return false // an optional package of another platform
      }
    })
}

export function packagedFiles(root: string, config: BuilderConfig): PackagedFile[] {
  const files: PackagedFile[] = []
  const unpack = config.asarUnpack ?? []
  const add = (path: string, bytes: number) => files.push({ path, bytes, unpacked: unpack.some((p) => minimatch(path, p, { dot: true })) })

  // The app's own files: the `files` globs over the project (its node_modules are added below).
  walk(
    root,
    (file, bytes) => {
      const path = toPosix(relative(root, file))
      if (matches(path, config.files)) add(path, bytes)
    },
    (name, path) => relative(root, path) === name && (name === 'node_modules' || name === '.git' || name === 'dist'),
  )

  // The production dependencies, each without its nested node_modules (a lock entry of its own).
  for (const pkg of productionPackages(root)) {
    const base = join(root, pkg)
    walk(
      base,
      (file, bytes) => {
        const inside = toPosix(relative(base, file))
        const name = inside.split('/').pop()!
        const top = inside.split('/')[0]
        if (EXCLUDED_NAMES.has(name) || name.startsWith('._') || EXCLUDED_EXTS.some((ext) => name.endsWith(ext))) return
        if (TOP_LEVEL_EXCLUDED.has(top)) return
        if (/(^|\/)build\/[^/]*$/.test(inside) && /(gyp-mac-tool|Makefile|\.mk|\.gypi|\.Makefile)$/.test(name)) return
        if (/(^|\/)Release\/(\.deps|obj\.target)\//.test(inside)) return
        const path = `${toPosix(pkg)}/${inside}`
        if (matches(path, config.files.filter((p) => p.startsWith('!')))) add(path, bytes)
      },
      (name, path) => name === 'node_modules' || EXCLUDED_NAMES.has(name) || (path === join(base, name) && TOP_LEVEL_EXCLUDED.has(name)),
    )
  }
  return files
}
