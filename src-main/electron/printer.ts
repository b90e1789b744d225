import { BrowserWindow } from 'electron'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PrintPort } from '../core/documents/methods'

/**
 * 打印 on the desktop, kept thin: the PDF the core drew is shown in a window of its own
 * (Chromium's PDF viewer: its preview, and its own print button for a second copy) and the
 * system print dialog is opened on it. The PDF file is removed when the window closes.
 */
export function electronPrinter(parent: () => BrowserWindow | null): PrintPort {
  return {
    async print(pdf) {
      const dir = await mkdtemp(join(tmpdir(), 'print-'))
      const file = join(dir, pdf.name)
      await writeFile(file, pdf.bytes)
      const win = new BrowserWindow({
        parent: parent() ?? undefined,
        width: 1000,
        height: 800,
        title: pdf.name,
        // A session of its own: the console's policy (object-src 'none') would keep the PDF viewer out.
        webPreferences: { partition: 'print-preview', plugins: true, sandbox: true, contextIsolation: true, nodeIntegration: false },
      })
      win.setMenuBarVisibility(false)
      // Nothing but this PDF: no navigation away, no new windows.
      win.webContents.on('will-navigate', (event) => event.preventDefault())
      win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
      win.on('closed', () => void rm(dir, { recursive: true, force: true }))
      await win.loadURL(pathToFileURL(file).href)
      return new Promise((resolve) => {
        win.webContents.print({ silent: false, printBackground: true }, (success) => resolve(success ? 'printed' : 'cancelled'))
      })
    },
  }
}
