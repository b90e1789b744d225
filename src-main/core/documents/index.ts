import type { DocumentSpec } from '../../../src-shared/schemas/documents'
import { reportPdf } from './report'
import { seatChartPdf } from './seat-chart'
import { tableViewPdf } from './table-view'
import { certificatesPdf, nameTentsPdf, seatLabelsPdf, signInSheetPdf } from './venue'

export interface MadePdf {
  /** The file name, ending in .pdf. */
  name: string
  bytes: Buffer
}

/** Characters a file name may not hold on Windows or macOS. */
const fileName = (name: string) => `${name.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim() || '文档'}.pdf`

/**
 * The one document pipeline: every PDF the product writes is drawn here, as vectors with
 * the shipped CJK font embedded and subset (see fonts.ts). `resourcesDir` is where the
 * installer put the fonts (absent in a checkout).
 */
export async function makeDocument(spec: DocumentSpec, resourcesDir?: string): Promise<MadePdf> {
  const bytes = await draw(spec, resourcesDir)
  return { name: fileName(spec.fileName), bytes }
}

function draw(spec: DocumentSpec, resourcesDir?: string): Promise<Buffer> {
  switch (spec.kind) {
    case 'report':
      return reportPdf(spec, resourcesDir)
    case 'seatChart':
      return seatChartPdf(spec, resourcesDir)
    case 'signInSheet':
      return signInSheetPdf(spec, resourcesDir)
    case 'nameTents':
      return nameTentsPdf(spec, resourcesDir)
    case 'seatLabels':
      return seatLabelsPdf(spec, resourcesDir)
    case 'certificates':
      return certificatesPdf(spec, resourcesDir)
    case 'tableView':
      return tableViewPdf(spec, resourcesDir)
  }
}
