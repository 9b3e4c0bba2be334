import type { MentionSuggestion } from '@atrium/domain';
import { Node, mergeAttributes } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
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

// An image of rich text is a document of its record: stored as <img data-document-id alt> (the
// form the server's sanitizer keeps), shown from an address the editor is given (a document's
// short-lived signed URL), which the server drops again on save.
const DocumentImage = Node.create<{ srcOf: (documentId: string) => string | undefined }>({
  name: 'documentImage',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { srcOf: () => undefined };
  },
  addAttributes() {
    return {
      documentId: { default: null, parseHTML: (el) => el.getAttribute('data-document-id'), renderHTML: () => ({}) },
      alt: { default: '' },
      src: { default: null, renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'img[data-document-id]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const id = String(node.attrs.documentId ?? '');
    const src = (node.attrs.src as string | null) ?? this.options.srcOf(id) ?? '';
    return ['img', mergeAttributes(HTMLAttributes, { src, 'data-document-id': id, class: 'rich-text-image' })];
  },
});

// What an editor of a record's rich text (an article) may do beyond a note's: images uploaded as
// the record's documents.
export type RichTextImages = {
  upload: (file: File) => Promise<{ id: string; url: string }>;
  srcOf: (documentId: string) => string | undefined;
};

type Props = {
  // the record the note is on: its people are suggested first
  about?: RecordRef;
  initialHtml?: string;
  // without a submit label the editor is a form's input: it reports each change to onChange
  submitLabel?: string;
  busy?: boolean;
  onSubmit?: (html: string) => Promise<unknown>;
  onCancel?: () => void;
  onChange?: (html: string) => void;
  // @mentions of members (notes); an article has none
  mentions?: boolean;
  // the formatting buttons (headings, bold, italic, lists, link, code, and images when given)
  toolbar?: boolean;
  images?: RichTextImages;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
};

// A link's address: http(s) and mailto only, as the server's sanitizer keeps.
const safeHref = (href: string) => (/^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : `https://${href.trim()}`);

// The formatting buttons: each one a labelled button (keyboard and screen readers), pressed when
// its format is on at the caret.
function Toolbar({ editor, images, disabled }: { editor: Editor; images?: RichTextImages | undefined; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const update = () => rerender((n) => n + 1);
    editor.on('selectionUpdate', update);
    editor.on('transaction', update);
    return () => {
      editor.off('selectionUpdate', update);
      editor.off('transaction', update);
    };
  }, [editor]);
  const chain = () => editor.chain().focus();
  const button = (key: string, label: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip key={key} title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );
  const applyLink = () => {
    if (href.trim() === '') chain().unsetLink().run();
    else
      chain()
        .extendMarkRange('link')
        .setLink({ href: safeHref(href) })
        .run();
    setLinkOpen(false);
  };
  const openPicker = () => fileInput.current?.click();
  const pickImage = async (file: File | undefined) => {
    if (!file || !images) return;
    setUploading(true);
    try {
      const uploaded = await images.upload(file);
      chain()
        .insertContent({
          type: 'documentImage',
          attrs: { documentId: uploaded.id, src: uploaded.url, alt: file.name.replace(/\.[^.]+$/, '') },
        })
        .run();
    } catch (error) {
      // the server names the rule: the spec's image type and size messages (imageType, imageSize)
      message.error(isApiError(error) ? errorText(t, error.code) : t('notes.imageFailed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('notes.formatting')}>
      {button('h2', t('notes.heading'), <span className="rich-text-toolbar-text">H2</span>, editor.isActive('heading', { level: 2 }), () =>
        chain().toggleHeading({ level: 2 }).run(),
      )}
      {button(
        'h3',
        t('notes.subheading'),
        <span className="rich-text-toolbar-text">H3</span>,
        editor.isActive('heading', { level: 3 }),
        () => chain().toggleHeading({ level: 3 }).run(),
      )}
      {button('bold', t('notes.bold'), <BoldOutlined />, editor.isActive('bold'), () => chain().toggleBold().run())}
      {button('italic', t('notes.italic'), <ItalicOutlined />, editor.isActive('italic'), () => chain().toggleItalic().run())}
      {button('bullets', t('notes.bulletList'), <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
        chain().toggleBulletList().run(),
      )}
      {button('numbers', t('notes.orderedList'), <OrderedListOutlined />, editor.isActive('orderedList'), () =>
        chain().toggleOrderedList().run(),
      )}
      {button('code', t('notes.code'), <CodeOutlined />, editor.isActive('codeBlock'), () => chain().toggleCodeBlock().run())}
      <Popover
        open={linkOpen}
        onOpenChange={(open) => {
          setLinkOpen(open);
          if (open) setHref(String(editor.getAttributes('link').href ?? ''));
        }}
        trigger="click"
        content={
          <Space.Compact>
            <Input
              autoFocus
              aria-label={t('notes.linkAddress')}
              placeholder="https://"
              value={href}
              onChange={(e) => setHref(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                applyLink();
              }}
            />
            <Button type="primary" onClick={applyLink}>
              {t('notes.applyLink')}
            </Button>
          </Space.Compact>
        }
      >
        <Tooltip title={t('notes.link')}>
          <Button
            size="small"
            type={editor.isActive('link') ? 'primary' : 'text'}
            aria-label={t('notes.link')}
            icon={<LinkOutlined />}
            disabled={disabled}
          />
        </Tooltip>
      </Popover>
      {images ? (
        <>
          <Tooltip title={t('notes.image')}>
            <Button
              size="small"
              type="text"
              aria-label={t('notes.image')}
              icon={<PictureOutlined />}
              disabled={disabled}
              onClick={openPicker}
            />
          </Tooltip>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
            hidden
            aria-label={t('notes.image')}
            onChange={(e) => void pickImage(e.target.files?.[0])}
          />
          {uploading ? <span className="rich-text-toolbar-status">{t('notes.uploading')}</span> : null}
        </>
      ) : null}
    </div>
  );
}

// Rich-text note editor (TipTap) with @mention suggestions of workspace members; with `toolbar`
// and `images` it is also the editor of a record's rich text (a helpdesk article).
export function NoteEditor({
  about,
  initialHtml = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  onChange,
  mentions = true,
  toolbar = false,
  images,
  label,
  placeholder,
  disabled = false,
  id,
}: Props) {
  const { t } = useTranslation();
  const [popup, setPopup] = useState<Popup | null>(null);
  // the editor's key handler reads the popup outside React's render cycle
  const popupRef = useRef<Popup | null>(null);
  const showPopup = (next: Popup | null) => {
    popupRef.current = next;
    setPopup(next);
  };
  const [empty, setEmpty] = useState(!initialHtml);

  const placeholderText = placeholder ?? t('notes.placeholder');

  // the latest onChange, read by the editor's update handler; what it last reported, so a value
  // the form sets (a save's answer, a reset) is told from the editor's own
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const emitted = useRef(initialHtml);

  const mentionExtension = NoteMention.configure({
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
  });

  const editor = useEditor({
    editable: !disabled,
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }),
      // an empty editor says what it is for and how to mention someone (issue 26, item 4)
      Placeholder.configure({ placeholder: placeholderText }),
      // the image addresses are the caller's to keep (its srcOf reads them as they grow)
      ...(images ? [DocumentImage.configure({ srcOf: images.srcOf })] : []),
      ...(mentions ? [mentionExtension] : []),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'note-editor-content',
        'aria-label': label ?? t('notes.editor', 'Note'),
        'aria-placeholder': placeholderText,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      setEmpty(e.isEmpty);
      if (onChangeRef.current) {
        const html = e.isEmpty ? '' : e.getHTML();
        emitted.current = html;
        onChangeRef.current(html);
      }
    },
  });

  useEffect(() => () => editor?.destroy(), [editor]);

  // without an update event: TipTap's setEditable emits one by default, which a form took for
  // an edit, so a record with rich text was "changed" as soon as it opened
  useEffect(() => {
    if (editor && editor.isEditable === Boolean(disabled)) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A form's input follows the value it is given when that is not what it reported itself
  // (the saved record's sanitized HTML, a reset), without reporting it back.
  useEffect(() => {
    if (!editor || !onChange || initialHtml === emitted.current) return;
    emitted.current = initialHtml;
    editor.commands.setContent(initialHtml, { emitUpdate: false });
    setEmpty(editor.isEmpty);
  }, [editor, onChange, initialHtml]);

  const submit = async () => {
    if (!editor || editor.isEmpty || !onSubmit) return;
    try {
      await onSubmit(editor.getHTML());
      if (!initialHtml) editor.commands.clearContent(true);
    } catch {
      // the caller showed the error; the text stays for another try
    }
  };

  return (
    <div className="note-editor">
      {toolbar && editor ? <Toolbar editor={editor} images={images} disabled={disabled} /> : null}
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
      {submitLabel ? (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" onClick={() => void submit()} loading={busy ?? false} disabled={empty}>
            {submitLabel}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        </Space>
      ) : null}
    </div>
  );
}
