// Builds better-sqlite3 for Electron's ABI into .electron-native/, beside Node's own
// build in node_modules (which the web host, the server and the tests keep using).
// The desktop app under `npm start` loads this one (src-main/desktop/native-binding.ts).
// Needs what node-gyp needs (Python 3, a C++ toolchain) and the network for Electron's
// headers or better-sqlite3's prebuilt binary. Skipped when already built for this Electron.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rebuild } from '@electron/rebuild'

const root = new URL('..', import.meta.url).pathname
const target = join(root, '.electron-native')
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
const sqliteVersion = JSON.parse(readFileSync(join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')).version
const stamp = join(target, 'built-for.json')
const wanted = JSON.stringify({ electronVersion, sqliteVersion, platform: process.platform, arch: process.arch })

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) {
  console.log(`better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}: already built`)
} else {
  rmSync(target, { recursive: true, force: true })
  mkdirSync(join(target, 'node_modules'), { recursive: true })
  writeFileSync(join(target, 'package.json'), JSON.stringify({ name: 'electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }))
  cpSync(join(root, 'node_modules/better-sqlite3'), join(target, 'node_modules/better-sqlite3'), {
    recursive: true,
    filter: (path) => !path.includes(`${join('better-sqlite3', 'build')}`),
  })
  await rebuild({ buildPath: target, electronVersion, onlyModules: ['better-sqlite3'], force: true })
  writeFileSync(stamp, wanted)
  console.log(`better-sqlite3 ${sqliteVersion} built for Electron ${electronVersion} in .electron-native/`)
}
