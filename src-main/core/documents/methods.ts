import type { DownloadResult } from '../../../src-shared/ipc'
import type { DocumentSpec, PrintResult } from '../../../src-shared/schemas/documents'
import type { CoreFiles } from '../files'
import { makeDocument, type MadePdf } from '.'

/** The desktop's printing (Electron: a hidden window showing the PDF, printed through the system dialog). */
export interface PrintPort {
  print(pdf: MadePdf): Promise<'printed' | 'cancelled'>
}

/**
 * `documents.save` and `documents.print`: the PDF is drawn here in the core, where the
 * font file is, so the renderer bundles no font; both hosts share it. Printing itself is
 * the host's: Electron's port, or the web host's browser (the PDF handed back).
 */
export function createDocumentMethods(deps: { files: Pick<CoreFiles, 'saveBytes'>; resourcesDir?: string; printer?: PrintPort }) {
  return {
    'documents.save': async ({ document }: { document: DocumentSpec }): Promise<DownloadResult> => {
      const made = await makeDocument(document, deps.resourcesDir)
      return deps.files.saveBytes({ name: made.name, contentType: 'application/pdf', base64: made.bytes.toString('base64') })
    },
    'documents.print': async ({ document }: { document: DocumentSpec }): Promise<PrintResult> => {
      const made = await makeDocument(document, deps.resourcesDir)
      if (deps.printer) return { kind: await deps.printer.print(made) }
      return { kind: 'data', name: made.name, base64: made.bytes.toString('base64') }
    },
  }
}
