import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'

/**
 * An .xlsx file read by its zip's central directory, as an unzip tool would: the limits
 * check inflates the parts it lists, and the row reader gets exactly those parts, in
 * the order it needs them.
 */
export interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  declaredSize: number
  localHeaderOffset: number
}

export interface ZipDirectory {
  entries: ZipEntry[]
  /** Where the central directory starts: the end of the last entry's record. */
  directoryOffset: number
}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
export const LOCAL_SIGNATURE = 0x04034b50
/** Zip64 marks a field too large for 32 bits; no import file comes near 4 GB. */
export const ZIP64 = 0xffffffff
export const STORED = 0
export const DEFLATED = 8

/** Not a zip the readers could open either: a plain Error, which the import answers with its "unreadable" message. */
export class NotAZip extends Error {}

/** The entries of the zip's central directory (read from the file's tail, nothing inflated). */
export async function zipDirectory(file: string): Promise<ZipDirectory> {
  const handle = await open(file, 'r')
  try {
    const { size } = await handle.stat()
    const tailLength = Math.min(size, 22 + 0xffff)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let eocd = -1
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i
        break
      }
    }
    if (eocd < 0) throw new NotAZip()
    const directorySize = tail.readUInt32LE(eocd + 12)
    const directoryOffset = tail.readUInt32LE(eocd + 16)
    if (directorySize === ZIP64 || directoryOffset === ZIP64 || directoryOffset + directorySize > size) throw new NotAZip()
    const directory = Buffer.alloc(directorySize)
    await handle.read(directory, 0, directorySize, directoryOffset)
    const entries: ZipEntry[] = []
    for (let at = 0; at + 46 <= directorySize && directory.readUInt32LE(at) === CENTRAL_SIGNATURE; ) {
      const nameLength = directory.readUInt16LE(at + 28)
      entries.push({
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        declaredSize: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      })
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32)
    }
    return { entries, directoryOffset }
  } finally {
    await handle.close()
  }
}

/**
 * A zip stream of the entries `choose` names from the directory's, in its order: each entry's local record
 * (header, data, any data descriptor) copied byte for byte from the file, then an empty
 * end-of-directory record so the reader knows the archive ended. What a sequential unzip
 * reader (exceljs's WorkbookReader) needs to meet the parts in a chosen order.
 */
export function entriesInOrder(file: string, { entries, directoryOffset }: ZipDirectory, choose: (names: string[]) => string[]): Readable {
  const names = choose(entries.map((e) => e.name))
  const starts = [...entries.map((e) => e.localHeaderOffset), directoryOffset].sort((a, b) => a - b)
  const ranges = names.flatMap((name) => {
    const entry = entries.find((e) => e.name === name)
    if (!entry) return []
    const end = starts.find((offset) => offset > entry.localHeaderOffset)
    if (end === undefined) throw new NotAZip()
    return [{ start: entry.localHeaderOffset, end: end - 1 }]
  })
  async function* records(): AsyncGenerator<Buffer> {
    for (const range of ranges) {
      for await (const chunk of createReadStream(file, range)) yield chunk as Buffer
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(EOCD_SIGNATURE, 0)
    yield end
  }
  return Readable.from(records())
}
