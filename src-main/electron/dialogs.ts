import { dialog, type BrowserWindow } from 'electron'
import type { FileDialogPort } from '../core/files'

/** The operating system's open and save dialogs, attached to the console window. */
export function nativeDialogs(window: () => BrowserWindow | null): FileDialogPort {
  const filtersOf = (extensions: readonly string[]) => [{ name: extensions.join('、'), extensions: [...extensions] }]
  return {
    async openFiles({ title, extensions, multiple }) {
      const options: Electron.OpenDialogOptions = {
        title,
        filters: filtersOf(extensions),
        properties: multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      }
      const win = window()
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths
    },
    async saveFile({ title, defaultName, extensions }) {
      const options: Electron.SaveDialogOptions = { title, defaultPath: defaultName, filters: filtersOf(extensions) }
      const win = window()
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
  }
}
