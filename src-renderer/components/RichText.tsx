import { useEffect } from 'react'
import { makeStyles, mergeClasses, ToggleButton, Toolbar, tokens } from '@fluentui/react-components'
import { TextBoldRegular, TextBulletListRegular, TextItalicRegular, TextNumberListLtrRegular } from '@fluentui/react-icons'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import DOMPurify from 'dompurify'

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
  view: { '& p': { margin: `${tokens.spacingVerticalXS} 0` } },
})

/** Tiptap's empty document; stored as '' so "required" checks see an empty field. */
function storedHtml(html: string): string {
  return html === '<p></p>' ? '' : html
}

export interface RichTextProps {
  value: string
  onChange(html: string): void
  /** Accessible name of the editing area. */
  label: string
  invalid?: boolean
}

/** A small rich-text editor (bold, italic, lists) whose value is HTML. */
export function RichText({ value, onChange, label, invalid }: RichTextProps) {
  const styles = useStyles()
  const editor = useEditor({
    // Without trailingNode the stored HTML is what the user typed, with no extra empty paragraph.
    extensions: [StarterKit.configure({ trailingNode: false, heading: false, codeBlock: false, code: false })],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(storedHtml(current.getHTML())),
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
    if (storedHtml(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const chain = () => editor.chain().focus()
  return (
    <div className={mergeClasses(styles.root, invalid && styles.invalid)}>
      <Toolbar size="small" className={styles.toolbar} aria-label={`${label}格式`}>
        <ToggleButton appearance="subtle" size="small" icon={<TextBoldRegular />} checked={marks.bold} onClick={() => chain().toggleBold().run()} aria-label="加粗" />
        <ToggleButton appearance="subtle" size="small" icon={<TextItalicRegular />} checked={marks.italic} onClick={() => chain().toggleItalic().run()} aria-label="倾斜" />
        <ToggleButton appearance="subtle" size="small" icon={<TextBulletListRegular />} checked={marks.bullet} onClick={() => chain().toggleBulletList().run()} aria-label="项目符号" />
        <ToggleButton appearance="subtle" size="small" icon={<TextNumberListLtrRegular />} checked={marks.ordered} onClick={() => chain().toggleOrderedList().run()} aria-label="编号" />
      </Toolbar>
      <EditorContent editor={editor} className={styles.content} />
    </div>
  )
}

/** Stored HTML shown read-only, sanitized first (it came from another user). */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const styles = useStyles()
  return <div className={mergeClasses(styles.view, className)} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
}
