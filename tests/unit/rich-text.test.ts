import { describe, expect, it } from 'vitest'
import { cleanRichText } from '../../src-server/files/rich-text'

describe('rich text as stored', () => {
  it('drops data: links and keeps pasted data: pictures', () => {
    expect(cleanRichText('<p><a href="data:text/html;base64,PHNjcmlwdD4=">点此</a></p>')).toBe('<p><a>点此</a></p>')
    expect(cleanRichText('<img src="data:image/png;base64,iVBORw0KGgo=" />')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />')
  })

  it('gives a link opening a new tab rel="noopener noreferrer", whatever rel it came with', () => {
    expect(cleanRichText('<a href="https://example.cn" target="_blank" rel="opener">通知</a>')).toBe(
      '<a href="https://example.cn" target="_blank" rel="noopener noreferrer">通知</a>',
    )
    expect(cleanRichText('<a href="https://example.cn">通知</a>')).toBe('<a href="https://example.cn">通知</a>')
  })
})
