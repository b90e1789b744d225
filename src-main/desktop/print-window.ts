import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MadePdf } from '../core/documents'
import type { PrintPort } from '../core/documents/methods'

/**
 * 打印 on the desktop, as plain code (src-main/electron/printer.ts only hands it Electron's
 * BrowserWindow): the PDF the core drew is written to a file of its own, shown in a window of
 * its own — Chromium's PDF viewer is the preview, with its own print button for a second copy —
 * and the system print dialog is opened on it. The file goes when the window closes.
 */

/** The options of the preview window (Electron's BrowserWindowConstructorOptions, as far as used). */
export interface PreviewWindowOptions<Parent> {
  parent?: Parent
  width: number
  height: number
  title: string
  webPreferences: { partition: string; plugins: boolean; sandbox: boolean; contextIsolation: boolean; nodeIntegration: boolean }
}

/** What is asked of webContents.print. */
export interface PrintOptions {
  silent: boolean
  printBackground: boolean
  landscape: boolean
}

/** The part of a BrowserWindow the preview uses. */
export interface PreviewWindow {
  setMenuBarVisibility(visible: boolean): void
  loadURL(url: string): Promise<void>
  close(): void
  on(event: 'closed', listener: () => void): void
  webContents: {
    on(event: 'will-navigate', listener: (event: { preventDefault(): void }) => void): void
    setWindowOpenHandler(handler: () => { action: 'deny' }): void
    print(options: PrintOptions, callback: (success: boolean, failureReason: string) => void): void
  }
}

export function previewWindowOptions<Parent>(title: string, parent: Parent | null): PreviewWindowOptions<Parent> {
  return {
    parent: parent ?? undefined,
    width: 1000,
    height: 800,
    title,
    // A session of its own: the console's policy (object-src 'none') would keep the PDF viewer out.
    webPreferences: { partition: 'print-preview', plugins: true, sandbox: true, contextIsolation: true, nodeIntegration: false },
  }
}

/**
 * Whether the PDF's pages are wider than tall (a wide list, the seat chart), read from its
 * first page box: the print dialog then starts in that orientation instead of the printer's default.
 */
export function isLandscape(pdf: Uint8Array): boolean {
  const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(Buffer.from(pdf).toString('latin1'))
  if (!box) return false
  const [x0, y0, x1, y1] = box.slice(1).map(Number)
  return Math.abs(x1 - x0) > Math.abs(y1 - y0)
}

export function printOptions(pdf: MadePdf): PrintOptions {
  // Not silent: the clerk chooses the printer and copies in the system dialog.
  return { silent: false, printBackground: true, landscape: isLandscape(pdf.bytes) }
}

/** The desktop's PrintPort: `open` makes the window (Electron's BrowserWindow in the app). */
export function previewPrinter<Parent>(open: (options: PreviewWindowOptions<Parent>) => PreviewWindow, parent: () => Parent | null): PrintPort {
  return {
    async print(pdf) {
      const dir = await mkdtemp(join(tmpdir(), 'print-'))
      const file = join(dir, pdf.name)
      await writeFile(file, pdf.bytes)
      const win = open(previewWindowOptions(pdf.name, parent()))
      win.setMenuBarVisibility(false)
      // Nothing but this PDF: no navigation away, no new windows.
      win.webContents.on('will-navigate', (event) => event.preventDefault())
      win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
      win.on('closed', () => void rm(dir, { recursive: true, force: true }))
      try {
        await win.loadURL(pathToFileURL(file).href)
      } catch (error) {
        win.close()
        throw error
      }
      return new Promise((resolve) => {
        win.webContents.print(printOptions(pdf), (success) => resolve(success ? 'printed' : 'cancelled'))
      })
    },
  }
}
