import { dialog, type BrowserWindow } from 'electron'
import type { FileDialogPort } from '../core/files'

const formatNames: Record<string, string> = { xlsx: 'Excel 工作簿（*.xlsx）', xls: 'Excel 97-2003 工作簿（*.xls）' }

/** The operating system's open and save dialogs, attached to the console window. */
export function nativeDialogs(window: () => BrowserWindow | null): FileDialogPort {
  const filtersOf = (extensions: readonly string[]) => [{ name: extensions.join('、'), extensions: [...extensions] }]
  // One choice per format in the save dialog: the extension chosen decides the format written.
  const saveFiltersOf = (extensions: readonly string[]) => extensions.map((ext) => ({ name: formatNames[ext] ?? ext, extensions: [ext] }))
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
      const options: Electron.SaveDialogOptions = { title, defaultPath: defaultName, filters: saveFiltersOf(extensions) }
      const win = window()
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
  }
}
