import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

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
    plugins: [react()],
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
