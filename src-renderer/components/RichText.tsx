import { useEffect, useMemo, useRef, useState } from 'react'
import { makeStyles, mergeClasses, ToggleButton, Toolbar, ToolbarButton, tokens } from '@fluentui/react-components'
import { ImageAddRegular, TextBoldRegular, TextBulletListRegular, TextItalicRegular, TextNumberListLtrRegular } from '@fluentui/react-icons'
import ImageExtension from '@tiptap/extension-image'
import { DOMSerializer } from '@tiptap/pm/model'
import { Selection } from '@tiptap/pm/state'
import { EditorContent, NodeViewWrapper, ReactNodeViewRenderer, useEditor, useEditorState, type Editor, type ReactNodeViewProps } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import DOMPurify from 'dompurify'
import { isStoredPath, type UploadedFile } from '../../src-shared/schemas/files'
import { call } from '../lib/bridge'
import { pickAndUploadOne, uploadFile } from '../lib/upload'
import { fileOfDataUrl, pictureFilesOf, splitPastedPictures } from './pastedPictures'
import { useStoredFile } from './FileUpload'
import { useNotify } from './toast'

const useStyles = makeStyles({
  root: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  invalid: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  toolbar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '0 4px' },
  content: {
    padding: `0 ${tokens.spacingHorizontalM}`,
    minHeight: '96px',
    '& .tiptap': { outline: 'none', minHeight: '96px' },
    '& .tiptap p': { margin: `${tokens.spacingVerticalXS} 0` },
  },
  view: { '& p': { margin: `${tokens.spacingVerticalXS} 0` }, '& img': { maxWidth: '100%' } },
  picture: { maxWidth: '100%' },
})

/**
 * Pictures of the text are uploads, stored as the path the upload route issued (the
 * server keeps no other <img>); the page loads the path's bytes through the core.
 */
function StoredPicture({ node }: ReactNodeViewProps) {
  const styles = useStyles()
  const url = useStoredFile(String(node.attrs.src))
  return <NodeViewWrapper>{url ? <img className={styles.picture} src={url} alt={String(node.attrs.alt ?? '')} /> : '图片加载中…'}</NodeViewWrapper>
}

const Picture = ImageExtension.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      // Rendered in the page as data-path, never src: the page would request the path as an address of its own.
      src: { default: null, parseHTML: (element) => element.getAttribute('src'), renderHTML: (attributes) => ({ 'data-path': attributes.src as string }) },
    }
  },
  addNodeView: () => ReactNodeViewRenderer(StoredPicture),
})

// Shown text keeps only pictures named by a stored path, moved to data-path so the page
// requests nothing by itself; RichTextView loads them through the core.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'IMG') return
  const src = node.getAttribute('src') ?? ''
  node.removeAttribute('src')
  if (isStoredPath(src)) node.setAttribute('data-path', src)
})

/**
 * The document as stored; tiptap's empty one as '' so "required" checks see an empty
 * field. Built in a detached document, where a picture's data-path becomes its src again.
 */
function storedHtml(editor: Editor): string {
  const detached = document.implementation.createHTMLDocument()
  const container = detached.createElement('div')
  container.append(DOMSerializer.fromSchema(editor.schema).serializeFragment(editor.state.doc.content, { document: detached }))
  for (const picture of container.querySelectorAll('img[data-path]')) {
    picture.setAttribute('src', picture.getAttribute('data-path') ?? '')
    picture.removeAttribute('data-path')
  }
  return container.innerHTML === '<p></p>' ? '' : container.innerHTML
}

export interface RichTextProps {
  value: string
  onChange(html: string): void
  /** Accessible name of the editing area. */
  label: string
  invalid?: boolean
}

/** A small rich-text editor (bold, italic, lists, pictures) whose value is HTML. */
export function RichText({ value, onChange, label, invalid }: RichTextProps) {
  const styles = useStyles()
  const notify = useNotify()
  const [uploading, setUploading] = useState(false)
  // Pictures pasted or dropped go up like 插入图片 (pastedPictures.ts); the editor's handlers are set once, so they call the latest through a ref.
  const pasted = useRef<(files: File[], refused: number) => void>(() => undefined)
  const editor = useEditor({
    // Without trailingNode the stored HTML is what the user typed, with no extra empty paragraph.
    extensions: [StarterKit.configure({ trailingNode: false, heading: false, codeBlock: false, code: false }), Picture],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
      handlePaste: (_view, event) => takePictureFiles(event.clipboardData),
      handleDrop: (_view, event) => takePictureFiles((event as DragEvent).dataTransfer),
      transformPastedHTML: (html) => {
        const split = splitPastedPictures(html)
        if (split.inlined.length || split.refused) pasted.current(split.inlined.map(fileOfDataUrl), split.refused)
        return split.html
      },
    },
    onUpdate: ({ editor: current }) => onChange(storedHtml(current)),
  })
  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
    }),
  })

  // A value set from outside (a loaded training, a form reset) replaces the document.
  // useEditor may hand over an instance it has just destroyed while it sets up the next.
  useEffect(() => {
    if (editor.isDestroyed) return
    if (storedHtml(editor) !== value) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const chain = () => editor.chain().focus()

  /** A paste or drop of picture files: uploaded and inserted here instead of the editor's own handling. */
  function takePictureFiles(data: DataTransfer | null): boolean {
    const files = pictureFilesOf(data)
    if (files.length === 0) return false
    pasted.current(files, 0)
    return true
  }

  // Every picture goes up by the same path and limits (kind image: jpg/png up to 1MB) and is inserted at the cursor.
  const upload = async (work: () => Promise<UploadedFile[]>) => {
    setUploading(true)
    try {
      for (const file of await work()) {
        chain()
          .setImage({ src: file.path, alt: file.name })
          // The cursor leaves the picture for the text after it, or before it at the end (left
          // selected, the next key or paste replaced the picture).
          .command(({ tr }) => {
            const after = tr.doc.resolve(tr.selection.to)
            const text = Selection.findFrom(after, 1, true) ?? Selection.findFrom(after, -1, true)
            if (text) tr.setSelection(text)
            return true
          })
          .run()
      }
    } catch (error) {
      notify.warning(error instanceof Error ? error.message : '上传失败')
    } finally {
      setUploading(false)
    }
  }
  const insertPasted = async (files: File[], refused: number) => {
    if (refused > 0) notify.warning(`粘贴内容中有 ${refused} 张图片无法读取，未保留；请用“插入图片”上传`)
    if (files.length === 0) return
    await upload(async () => {
      const uploaded: UploadedFile[] = []
      for (const file of files) {
        const one = await uploadFile('image', file)
        if (one) uploaded.push(one)
      }
      return uploaded
    })
  }
  useEffect(() => {
    pasted.current = (files, refused) => void insertPasted(files, refused)
  })

  const insertPicture = () =>
    upload(async () => {
      const file = await pickAndUploadOne('image')
      return file ? [file] : []
    })
  return (
    <div className={mergeClasses(styles.root, invalid && styles.invalid)}>
      <Toolbar size="small" className={styles.toolbar} aria-label={`${label}格式`}>
        <ToggleButton appearance="subtle" size="small" icon={<TextBoldRegular />} checked={marks.bold} onClick={() => chain().toggleBold().run()} aria-label="加粗" />
        <ToggleButton appearance="subtle" size="small" icon={<TextItalicRegular />} checked={marks.italic} onClick={() => chain().toggleItalic().run()} aria-label="倾斜" />
        <ToggleButton appearance="subtle" size="small" icon={<TextBulletListRegular />} checked={marks.bullet} onClick={() => chain().toggleBulletList().run()} aria-label="项目符号" />
        <ToggleButton appearance="subtle" size="small" icon={<TextNumberListLtrRegular />} checked={marks.ordered} onClick={() => chain().toggleOrderedList().run()} aria-label="编号" />
        <ToolbarButton appearance="subtle" icon={<ImageAddRegular />} disabled={uploading} onClick={() => void insertPicture()} aria-label="插入图片" />
      </Toolbar>
      <EditorContent editor={editor} className={styles.content} />
    </div>
  )
}

/** Stored HTML shown read-only, sanitized first (it came from another user). */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const styles = useStyles()
  const view = useRef<HTMLDivElement>(null)
  const clean = useMemo(() => DOMPurify.sanitize(html), [html])
  useEffect(() => {
    let current = true
    for (const picture of view.current?.querySelectorAll<HTMLImageElement>('img[data-path]') ?? []) {
      call('files.readAsDataUrl', { path: picture.dataset.path ?? '' }).then(
        (url) => current && (picture.src = url),
        // A picture that cannot be read shows its alt text, as a browser does.
        () => undefined,
      )
    }
    return () => {
      current = false
    }
  }, [clean])
  return <div ref={view} className={mergeClasses(styles.view, className)} dangerouslySetInnerHTML={{ __html: clean }} />
}
