// The TipTap extensions of a proposal section (docs/decisions/132): exactly the nodes and marks of
// the contract's rich text (contracts/proposal-document), so whatever the seller types or pastes is
// parsed into that schema and nothing else: ProseMirror's paste drops markup it has no node for.
import type { Extensions } from '@tiptap/core'
import Bold from '@tiptap/extension-bold'
import Document from '@tiptap/extension-document'
import HardBreak from '@tiptap/extension-hard-break'
import Heading from '@tiptap/extension-heading'
import Italic from '@tiptap/extension-italic'
import Link from '@tiptap/extension-link'
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list'
import Paragraph from '@tiptap/extension-paragraph'
import Text from '@tiptap/extension-text'
import { UndoRedo } from '@tiptap/extensions'
import { isSafeHref, RICH_HEADING_LEVELS } from '@valueproof/contracts/proposal-document'

export const PROPOSAL_EXTENSIONS: Extensions = [
  Document,
  Paragraph,
  Text,
  Bold,
  Italic,
  Heading.configure({ levels: [...RICH_HEADING_LEVELS] }),
  BulletList,
  OrderedList,
  ListItem,
  HardBreak,
  Link.configure({
    openOnClick: false,
    autolink: true,
    protocols: ['mailto'],
    defaultProtocol: 'https',
    // Links only https: and mailto: (the schema refuses the rest); a bare "example.com" autolinks as https.
    isAllowedUri: (url) => isSafeHref(url),
    shouldAutoLink: (url) => isSafeHref(url.includes(':') ? url : `https://${url}`),
  }),
  UndoRedo,
]
