// One section's rich text (issue 37): TipTap with the contract's nodes only (editor-extensions.ts)
// and a small toolbar whose buttons say what they do (aria-label) and whether it is on
// (aria-pressed). TipTap's own shortcuts work: Ctrl/⌘+B, I, Z, Shift+Z, Ctrl+Alt+3/4, Shift+Ctrl+8/7.
// Uncontrolled: the content is read at mount; the parent remounts it (a key) to replace it, or
// calls `editor.commands.setContent` through `onReady`, which keeps undo.
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import { isSafeHref, type RichText } from '@valueproof/contracts/proposal-document'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { PROPOSAL_EXTENSIONS } from './editor-extensions.ts'
import { richTextOfEditor } from './rich-text-json.ts'

const TOOL =
  'inline-flex h-11 min-w-11 sm:h-8 sm:min-w-8 items-center justify-center rounded px-2 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:bg-primary aria-pressed:text-primary-foreground'

// Tailwind resets lists and headings: the editing area shows them as the page does.
const RICH_TEXT_CLASS =
  'min-h-24 px-3 py-2 leading-relaxed focus:outline-none [&_a]:text-primary [&_a]:underline [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-2 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:pl-6'

/** The words of the link prompt's refusal. */
export const LINK_REFUSED = 'Links must start with https: or mailto:'

function Tool({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    // mousedown would take the selection out of the editor before the command runs.
    <button
      type="button"
      className={TOOL}
      aria-label={label}
      aria-pressed={pressed}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  )
}

/** Asks for the link's address; a refused one is said and nothing changes. An empty answer removes the link. */
function promptLink(editor: Editor): void {
  const attributes: Record<string, unknown> = editor.getAttributes('link')
  const current = attributes.href
  const answer = window.prompt('Link address (https: or mailto:)', typeof current === 'string' ? current : 'https://')
  if (answer === null) return
  const href = answer.trim()
  if (href === '') {
    editor.chain().focus().extendMarkRange('link').unsetLink().run()
    return
  }
  if (!isSafeHref(href)) {
    window.alert(LINK_REFUSED)
    return
  }
  editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h3: current.isActive('heading', { level: 3 }),
      h4: current.isActive('heading', { level: 4 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  })
  const run = () => editor.chain().focus()
  return (
    <div role="toolbar" aria-label={`Format ${label}`} className="flex flex-wrap gap-1 border-b bg-muted/40 p-1">
      <Tool label="Bold" pressed={active.bold} onClick={() => run().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label="Italic" pressed={active.italic} onClick={() => run().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label="Heading 3" pressed={active.h3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label="Heading 4" pressed={active.h4} onClick={() => run().toggleHeading({ level: 4 }).run()}>
        H4
      </Tool>
      <Tool label="Bulleted list" pressed={active.bullet} onClick={() => run().toggleBulletList().run()}>
        •
      </Tool>
      <Tool label="Numbered list" pressed={active.ordered} onClick={() => run().toggleOrderedList().run()}>
        1.
      </Tool>
      <Tool label="Link" pressed={active.link} onClick={() => promptLink(editor)}>
        Link
      </Tool>
    </div>
  )
}

export function RichTextEditor({
  content,
  label,
  editable = true,
  onChange,
  onReady,
}: {
  content: RichText
  /** The editing area's accessible name ("Executive Summary text"). */
  label: string
  editable?: boolean
  onChange?: (content: RichText) => void
  onReady?: (editor: Editor | null) => void
}) {
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    onChangeRef.current = onChange
  })
  // Read once: TipTap would otherwise compare and re-apply its options on every keystroke's render.
  const [initialContent] = useState(content)
  const editor = useEditor({
    extensions: PROPOSAL_EXTENSIONS,
    content: initialContent,
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: RICH_TEXT_CLASS,
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current?.(richTextOfEditor(current.getJSON())),
  })
  useEffect(() => {
    onReady?.(editor)
    return () => onReady?.(null)
  }, [editor, onReady])

  if (!editable) return <EditorContent editor={editor} />
  return (
    <div className="rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  )
}
