import { describe, expect, it } from 'vitest'
import { cleanRichText } from '../../src-server/files/rich-text'

describe('rich text as stored', () => {
  it('drops data: links, and pictures other than uploads', () => {
    expect(cleanRichText('<p><a href="data:text/html;base64,PHNjcmlwdD4=">点此</a></p>')).toBe('<p><a>点此</a></p>')
    expect(cleanRichText('<p>图<img src="data:image/png;base64,iVBORw0KGgo=" /></p>')).toBe('<p>图</p>')
    expect(cleanRichText('<p>图<img src="https://example.com/x.png" /></p>')).toBe('<p>图</p>')
    expect(cleanRichText('<p>图<img src="2026/11/0123456789abcdef0123456789abcdef.png" /></p>')).toBe('<p>图<img src="2026/11/0123456789abcdef0123456789abcdef.png" /></p>')
  })

  it('gives a link opening a new tab rel="noopener noreferrer", whatever rel it came with', () => {
    expect(cleanRichText('<a href="https://example.cn" target="_blank" rel="opener">通知</a>')).toBe(
      '<a href="https://example.cn" target="_blank" rel="noopener noreferrer">通知</a>',
    )
    expect(cleanRichText('<a href="https://example.cn">通知</a>')).toBe('<a href="https://example.cn">通知</a>')
  })
})
