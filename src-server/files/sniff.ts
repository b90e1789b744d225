import { open, type FileHandle } from 'node:fs/promises'

/** What a file's bytes say it is, whatever its name claims. */
export type ContentFamily = 'png' | 'jpeg' | 'pdf' | 'ole2' | 'docx' | 'xlsx' | 'pptx' | 'zip' | 'isoMedia' | 'webm' | 'unknown'

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b)

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const PDF = [...Buffer.from('%PDF-')]
/** Compound File Binary: the container of .doc, .xls and .ppt. */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const EBML = [0x1a, 0x45, 0xdf, 0xa3]
/** Top-level box types an MP4 / QuickTime file may start with. */
const ISO_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'])

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await file.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024

/**
 * Entry names from a zip's central directory (at the end of the file), enough to
 * tell an Office Open XML document from any other zip without unpacking it.
 */
async function zipEntryNames(file: FileHandle, size: number): Promise<string[]> {
  const tailLength = Math.min(size, 22 + 0xffff)
  const tail = await readAt(file, size - tailLength, tailLength)
  let eocd = -1
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return []
  const directorySize = tail.readUInt32LE(eocd + 12)
  const directoryOffset = tail.readUInt32LE(eocd + 16)
  if (directorySize > MAX_CENTRAL_DIRECTORY || directoryOffset + directorySize > size) return []
  const directory = await readAt(file, directoryOffset, directorySize)
  const names: string[] = []
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_ENTRY_SIGNATURE; ) {
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
  }
  return names
}

function officeKind(names: string[]): ContentFamily {
  if (!names.includes('[Content_Types].xml')) return 'zip'
  if (names.some((n) => n.startsWith('word/'))) return 'docx'
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx'
  if (names.some((n) => n.startsWith('ppt/'))) return 'pptx'
  return 'zip'
}

export async function sniffFile(path: string): Promise<ContentFamily> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    const head = await readAt(file, 0, 16)
    if (startsWith(head, PNG)) return 'png'
    if (startsWith(head, JPEG)) return 'jpeg'
    if (startsWith(head, PDF)) return 'pdf'
    if (startsWith(head, OLE2)) return 'ole2'
    if (startsWith(head, EBML)) return 'webm'
    if (head.length >= 8 && ISO_BOXES.has(head.toString('latin1', 4, 8))) return 'isoMedia'
    if (startsWith(head, ZIP)) return officeKind(await zipEntryNames(file, size))
    return 'unknown'
  } finally {
    await file.close()
  }
}
