import sanitizeHtml from 'sanitize-html'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { hasVisibleContent } from '../../src-shared/fields'
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

/**
 * A required rich-text field as it is stored: sanitised, and refused as a validation
 * failure of `path` with the field's own `message` (请输入简介 …) when nothing visible is
 * left, e.g. a body that was only a script. The schema's check sees the text before
 * sanitising, so this is the check that keeps an empty body out of the database.
 */
export function cleanRequiredRichText(html: string, path: string, message: string): string {
  const clean = cleanRichText(html)
  if (!hasVisibleContent(clean)) throw new AppError(ErrorKey.VALIDATION, message, [{ path, message }])
  return clean
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

/**
 * Text a member typed (a course comment) as it is stored: plain words only. Any markup is
 * dropped (a script with its content), entities are read back as the characters they
 * stand for, and runs of blank space become one space.
 */
export function cleanPlainText(text: string): string {
  return richTextAsPlain(sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }))
}
