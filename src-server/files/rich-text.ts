import sanitizeHtml from 'sanitize-html'
import { isStoredPath } from '../../src-shared/schemas/files'

/**
 * Rich text from the editor (intro, content, requirement …) as it is stored: the
 * editor's formatting survives, scripts, event handlers and foreign markup do not,
 * whoever sent the request.
 */
export function cleanRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style'] },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/], color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(/] } },
    // Links open web pages or mail only (a data: link can carry a page of its own).
    allowedSchemes: ['http', 'https', 'mailto'],
    // Pictures are uploads only (the editor's 插入图片), named by the path the upload
    // route issued: no data: blobs in the database, no outside address to call home to.
    exclusiveFilter: (frame) => frame.tag === 'img' && !isStoredPath(frame.attribs.src ?? ''),
    transformTags: {
      // A link opening a new tab gets no handle on this page and sends no referrer.
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  })
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }

/** The words of stored (already cleaned) rich text, as an SMS carries them: blocks become spaces. */
export function richTextAsPlain(html: string): string {
  return html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim()
}
