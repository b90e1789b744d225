import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'

/**
 * The member phone pages' one script (src-phone → out/phone/phone.js, served by the server
 * at /m/phone.js): a bundle of its own, one IIFE with only the phone's routes and schemas,
 * built after the renderer so that every `electron-vite build` (npm run build) makes it.
 */
const phoneBundle: Plugin = {
  name: 'phone-bundle',
  apply: 'build',
  async closeBundle() {
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: resolve(__dirname, 'out/phone'),
        emptyOutDir: true,
        minify: true,
        lib: { entry: resolve(__dirname, 'src-phone/main.ts'), formats: ['iife'], name: 'phone', fileName: () => 'phone.js' },
      },
    })
  },
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      // The embedded server runs in a utility process of its own (src-main/electron/server-child.ts).
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/electron/main.ts'), 'server-child': resolve(__dirname, 'src-main/electron/server-child.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react(), phoneBundle],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; the web host serves it too.
      minify: true,
      // React + Fluent UI + zod make one ~750 kB entry; screens are split off lazily.
      chunkSizeWarningLimit: 1000,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
})
