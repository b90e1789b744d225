import { call } from '../../app/bridge'

/**
 * A member-facing link of the server (sign-up, check-in) as a phone must open it: links
 * the server already made absolute (its configured public address) are kept; a path is
 * joined to the address this console reaches the server at.
 */
export async function absoluteLink(link: string): Promise<string> {
  if (/^https?:\/\//.test(link)) return link
  const { serverUrl } = await call('app.info')
  return `${serverUrl.replace(/\/$/, '')}${link.startsWith('/') ? '' : '/'}${link}`
}
