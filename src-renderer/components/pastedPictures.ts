import { isStoredPath } from '../../src-shared/schemas/files'

/*
 * Pictures pasted or dropped into rich text (issue 32). A text keeps only pictures named by
 * a stored upload path; a pasted picture used to stay as 图片加载中… and vanish on save.
 * Now a picture file (a screenshot, a copied image) and a picture inlined as a data: URL are
 * uploaded like 插入图片; a picture the page cannot read (a web page's address, a local
 * file named by Word) is taken out of the paste and the user is told.
 */

/** The files of a paste or a drop that are pictures. */
export function pictureFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'))
}

/** Pasted HTML with its pictures taken out: those inlined as data: URLs (to upload) and how many cannot be kept. */
export function splitPastedPictures(html: string): { html: string; inlined: string[]; refused: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const inlined: string[] = []
  let refused = 0
  for (const picture of doc.querySelectorAll('img')) {
    const src = picture.getAttribute('src') ?? ''
    if (isStoredPath(src)) continue
    if (/^data:image\/[\w.+-]+;base64,/.test(src)) inlined.push(src)
    else refused += 1
    picture.remove()
  }
  return { html: doc.body.innerHTML, inlined, refused }
}

const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' }

/** A base64 data: URL's picture as a file named by its type (a type the upload does not take keeps its own, and is refused by name). */
export function fileOfDataUrl(url: string, index: number): File {
  const comma = url.indexOf(',')
  const type = /^data:([^;,]+)/.exec(url)?.[1] ?? ''
  const bytes = Uint8Array.from(atob(url.slice(comma + 1)), (c) => c.charCodeAt(0))
  return new File([bytes], `粘贴的图片${index + 1}.${extensionOf[type] ?? (type.split('/')[1] || 'bin')}`, { type })
}
