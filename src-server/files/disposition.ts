/**
 * RFC 6266 Content-Disposition value: an ASCII fallback name plus `filename*`
 * (RFC 5987, UTF-8) so Chinese file names arrive intact.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
