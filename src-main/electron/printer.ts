import { BrowserWindow } from 'electron'
import type { PrintPort } from '../core/documents/methods'
import { previewPrinter } from '../desktop/print-window'

/** 打印 on the desktop: the preview window and print dialog of src-main/desktop/print-window.ts, on Electron's BrowserWindow. */
export function electronPrinter(parent: () => BrowserWindow | null): PrintPort {
  return previewPrinter((options) => new BrowserWindow(options), parent)
}
