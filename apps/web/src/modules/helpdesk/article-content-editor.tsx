import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceKey } from '../../platform/api/query-keys';
import { fetchDocument, uploadImage } from '../../platform/documents/documents.api';
import type { StructuredEditorProps } from '../../platform/entity/web-entity';
import { LazyNoteEditor } from '../../platform/notes/lazy-note-editor';

// The ids of the documents an article's HTML shows (<img data-document-id>).
const imageIdsOf = (html: string) => [...html.matchAll(/data-document-id="([0-9a-f-]{36})"/gi)].map((m) => m[1] ?? '');

// An article's content in the record form: the notes' rich text editor with its formatting
// buttons and images uploaded as the article's documents. The stored HTML names an image by its
// document; the editor shows each from the document's signed address, looked up first.
export function ArticleContentEditor({ id, value, onChange, disabled, recordId }: StructuredEditorProps) {
  const { t } = useTranslation();
  const html = typeof value === 'string' ? value : '';
  // addresses of the images known so far: those the content had, then each one uploaded
  const urls = useRef(new Map<string, string>());
  const [ids] = useState(() => imageIdsOf(html));
  const initial = useQuery({
    queryKey: workspaceKey('article-images', recordId ?? '', ids.join(',')),
    queryFn: async () => {
      const docs = await Promise.all(ids.map((docId) => fetchDocument(docId).catch(() => null)));
      for (const d of docs) if (d?.url) urls.current.set(d.id, d.url);
      return true;
    },
    // the addresses are read once, when the editor opens; later ones come from the uploads
    staleTime: Infinity,
    enabled: ids.length > 0,
  });
  if (ids.length > 0 && initial.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <>
      <LazyNoteEditor
        {...(id ? { id } : {})}
        initialHtml={html}
        onChange={(next) => onChange?.(next)}
        mentions={false}
        toolbar
        disabled={disabled}
        label={t('helpdesk.article.field.content')}
        placeholder={t('helpdesk.article.contentPlaceholder')}
        {...(recordId
          ? {
              images: {
                upload: async (file: File) => {
                  const doc = await uploadImage({ entityKind: 'Article', entityId: recordId }, file);
                  if (doc.url) urls.current.set(doc.id, doc.url);
                  return { id: doc.id, url: doc.url ?? '' };
                },
                srcOf: (documentId: string) => urls.current.get(documentId),
              },
            }
          : {})}
      />
      {recordId ? null : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('helpdesk.article.imagesAfterCreate')}
        </Typography.Text>
      )}
    </>
  );
}
