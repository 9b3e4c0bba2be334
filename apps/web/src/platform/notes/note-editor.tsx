import type { MentionSuggestion } from '@atrium/domain';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { Avatar, Button, Space } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMentionSuggestions, type RecordRef } from './notes.api';
import './notes.css';

type Popup = { items: MentionSuggestion[]; rect: DOMRect | null; index: number; select: (item: MentionSuggestion) => void };

// Below the caret, or above it when the caret sits near the bottom of the window (the list is
// fixed to the window, so below the fold it could be neither seen nor clicked); never taller than
// the room it has, scrolling inside instead.
const MARGIN = 8;
function popupPlacement(rect: DOMRect | null): CSSProperties {
  const top = (rect?.bottom ?? 0) + 4;
  const roomBelow = window.innerHeight - top - MARGIN;
  const roomAbove = (rect?.top ?? 0) - 4 - MARGIN;
  if (roomBelow >= 240 || roomBelow >= roomAbove) return { top, maxHeight: Math.max(roomBelow, 0), overflowY: 'auto' };
  return { bottom: window.innerHeight - (rect?.top ?? 0) + 4, maxHeight: roomAbove, overflowY: 'auto' };
}

// Mentions are stored as <span class="mention" data-mention-id="tenantUserId">@Name</span>, the
// one form the server's sanitizer keeps and reads mentions from.
const NoteMention = Mention.extend({
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-mention-id'),
        renderHTML: (attrs) => ({ 'data-mention-id': attrs.id }),
      },
      label: { default: null, parseHTML: (el) => el.textContent?.replace(/^@/, '') ?? null, renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-mention-id]' }];
  },
});

type Props = {
  // the record the note is on: its people are suggested first
  about?: RecordRef;
  initialHtml?: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (html: string) => Promise<unknown>;
  onCancel?: () => void;
};

// Rich-text note editor (TipTap) with @mention suggestions of workspace members.
export function NoteEditor({ about, initialHtml = '', submitLabel, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [popup, setPopup] = useState<Popup | null>(null);
  // the editor's key handler reads the popup outside React's render cycle
  const popupRef = useRef<Popup | null>(null);
  const showPopup = (next: Popup | null) => {
    popupRef.current = next;
    setPopup(next);
  };
  const [empty, setEmpty] = useState(!initialHtml);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] } }),
      // an empty editor says what it is for and how to mention someone (issue 26, item 4)
      Placeholder.configure({ placeholder: t('notes.placeholder') }),
      NoteMention.configure({
        HTMLAttributes: { class: 'mention' },
        renderText: ({ node }) => `@${String(node.attrs.label ?? '')}`,
        renderHTML: ({ options, node }) => [
          'span',
          { ...options.HTMLAttributes, 'data-mention-id': String(node.attrs.id) },
          `@${String(node.attrs.label ?? '')}`,
        ],
        suggestion: {
          char: '@',
          items: async ({ query }) => {
            try {
              return await fetchMentionSuggestions(query, about);
            } catch {
              return [];
            }
          },
          render: () => {
            const show = (props: SuggestionProps<MentionSuggestion>) =>
              showPopup({
                items: props.items,
                rect: props.clientRect?.() ?? null,
                index: Math.min(popupRef.current?.index ?? 0, Math.max(props.items.length - 1, 0)),
                select: (item) => props.command({ id: item.id, label: item.name }),
              });
            return {
              onStart: show,
              onUpdate: show,
              onExit: () => showPopup(null),
              onKeyDown: ({ event }: SuggestionKeyDownProps) => {
                const current = popupRef.current;
                if (!current || current.items.length === 0) return false;
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  const step = event.key === 'ArrowDown' ? 1 : -1;
                  showPopup({ ...current, index: (current.index + step + current.items.length) % current.items.length });
                  return true;
                }
                if (event.key === 'Enter' || event.key === 'Tab') {
                  const item = current.items[current.index];
                  if (item) current.select(item);
                  return true;
                }
                if (event.key === 'Escape') {
                  showPopup(null);
                  return true;
                }
                return false;
              },
            };
          },
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'note-editor-content',
        'aria-label': t('notes.editor', 'Note'),
        'aria-placeholder': t('notes.placeholder'),
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
    onUpdate: ({ editor: e }) => setEmpty(e.isEmpty),
  });

  useEffect(() => () => editor?.destroy(), [editor]);

  const submit = async () => {
    if (!editor || editor.isEmpty) return;
    try {
      await onSubmit(editor.getHTML());
      if (!initialHtml) editor.commands.clearContent(true);
    } catch {
      // the caller showed the error; the text stays for another try
    }
  };

  return (
    <div className="note-editor">
      <EditorContent editor={editor} />
      {popup && popup.items.length > 0 ? (
        <ul
          role="listbox"
          aria-label={t('notes.mentionSuggestions', 'People to mention')}
          className="mention-popup"
          style={{ position: 'fixed', left: popup.rect?.left ?? 0, zIndex: 1050, ...popupPlacement(popup.rect) }}
        >
          {popup.items.map((item, i) => (
            <li
              key={item.id}
              role="option"
              aria-selected={i === popup.index}
              className={i === popup.index ? 'mention-option mention-option-active' : 'mention-option'}
              onMouseDown={(e) => {
                e.preventDefault();
                popup.select(item);
              }}
            >
              <Avatar size="small" src={item.pictureUrl ?? undefined}>
                {item.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <span>{item.name}</span>
              <span className="mention-email">{item.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => void submit()} loading={busy ?? false} disabled={empty}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
      </Space>
    </div>
  );
}
