/** RFC 6266 header value that keeps Chinese file names intact. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

