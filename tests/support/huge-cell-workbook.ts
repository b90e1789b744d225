import { crc32, deflateRawSync } from 'node:zlib'

/**
 * A minimal .xlsx (one sheet of inline strings) written by hand rather than by exceljs:
 * its second row's column A holds `chars` letters, a cell no spreadsheet program would
 * write (Excel stops at 32,767), which exceljs would first have to build whole. 100 M
 * letters deflate to ≈100 KB, the workbook of issue 25 that stalled the server.
 */
export function hugeCellWorkbook(headers: readonly string[], chars: number): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${escape(text)}</t></is></c>`
  const column = (i: number) => String.fromCharCode(65 + i)
  const header = headers.map((h, i) => cell(`${column(i)}1`, h)).join('')
  const sheet = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        `<row r="1">${header}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`,
    ),
    Buffer.alloc(chars, 'a'),
    Buffer.from('</t></is></c></row></sheetData></worksheet>'),
  ])
  const parts: [string, Buffer][] = [
    [
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    ],
    [
      '_rels/.rels',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    ],
    [
      'xl/workbook.xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ]
  return zip(parts)
}

/** A zip record of `length` bytes with these little-endian fields (offset, width, value); the rest zero. */
function record(length: number, fields: readonly (readonly [number, 2 | 4, number])[]): Buffer {
  const bytes = Buffer.alloc(length)
  for (const [offset, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, offset)
    else bytes.writeUInt32LE(value, offset)
  }
  return bytes
}

/** A zip of deflated entries: local headers, data, central directory, end record. */
function zip(parts: readonly [string, Buffer][]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, data] of parts) {
    const fileName = Buffer.from(name)
    const packed = deflateRawSync(data, { level: 9 })
    const crc = crc32(data)
    // Version 2.0, deflate (8), CRC and sizes; the central record also says where the local one is.
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], [14, 4, crc], [18, 4, packed.length], [22, 4, data.length], [26, 2, fileName.length]])
    const central = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], [16, 4, crc], [20, 4, packed.length], [24, 4, data.length], [28, 2, fileName.length], [42, 4, offset]])
    locals.push(local, fileName, packed)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, parts.length], [10, 2, parts.length], [12, 4, directory.length], [16, 4, offset]])
  return Buffer.concat([...locals, directory, end])
}
