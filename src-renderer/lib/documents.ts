import type { DownloadResult } from '../../src-shared/ipc'
import type { DocumentSpec, PrintResult } from '../../src-shared/schemas/documents'
import { call } from './bridge'
import { saveInBrowser } from './download'

const pdfBlob = (base64: string) => new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' })

/**
 * Saves a document the core draws as a vector PDF (src-main/core/documents): Electron's
 * native save dialog, or the browser's download in the web host.
 */
export async function saveDocument(document: DocumentSpec): Promise<DownloadResult> {
  const result = await call('documents.save', { document })
  if (result.kind === 'data') saveInBrowser(result.name, pdfBlob(result.base64))
  return result
}

/**
 * 打印: the desktop prints through its own dialog; the web host gets the PDF back and
 * opens it in a tab whose PDF viewer prints it (the tab is opened before the document is
 * made — a list reads all its pages first — and drawn, while the click still allows a new window).
 */
export async function printDocument(make: () => DocumentSpec | Promise<DocumentSpec>): Promise<PrintResult> {
  const host = await call('app.info', undefined)
  const tab = host.host === 'web' ? window.open('', '_blank') : null
  try {
    const result = await call('documents.print', { document: await make() })
    if (result.kind === 'data') {
      const url = URL.createObjectURL(pdfBlob(result.base64))
      if (tab) tab.location.href = url
      else window.open(url, '_blank')
      // The tab has the PDF once it loads it; the URL lives until the console reloads otherwise.
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } else tab?.close()
    return result
  } catch (error) {
    tab?.close()
    throw error
  }
}
