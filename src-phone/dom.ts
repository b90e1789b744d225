/** The element of `id`, typed by the caller; the server's page always has it. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T
}

/** Text for innerHTML built on the phone (the exam page draws its questions). */
export const esc = (v: unknown): string =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** A status line: `kind` '' (neutral), 'ok' or 'fail'. */
export type Say = (kind: '' | 'ok' | 'fail', text: string) => void

export const sayIn = (el: HTMLElement, base = ''): Say => (kind, text) => {
  el.className = [base, kind].filter(Boolean).join(' ')
  el.textContent = text
}

/** The server's page data for this page (a JSON block beside the script). */
export function pageData<T>(): T {
  return JSON.parse(byId('phone-data').textContent ?? '{}') as T
}
