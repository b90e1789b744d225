/**
 * How every workbook the product writes prints (issue 30): A4 landscape, all columns on
 * one page wide (as many pages down as the rows need), the header row repeated on every
 * page, narrow margins, 第 n 页，共 m 页 at the foot. The server's sheets (`addSheet`) and
 * the renderer's seat list take it from here, so no export prints on six pages again.
 */
export const WORKBOOK_PRINT_SETUP = {
  /** 9 is A4 in the spreadsheet's paper codes. */
  paperSize: 9,
  orientation: 'landscape',
  fitToPage: true,
  fitToWidth: 1,
  /** 0: as many pages down as needed. */
  fitToHeight: 0,
  printTitlesRow: '1:1',
  horizontalCentered: true,
  margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
} as const

export const WORKBOOK_FOOTER = '&C第 &P 页，共 &N 页'
