import { App, Avatar, Button, Card, Empty, List, Pagination, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { errorText } from '../feedback/form-errors';
import { formatDate } from '../dates/format-date';
import { LazyNoteEditor } from './lazy-note-editor';
import { type RecordRef, useAddNote, useDeleteNote, useNotes, useUpdateNote } from './notes.api';

// Notes of any record: newest first, rich text with @mentions; the server sanitizes the HTML,
// so rendering it is safe.
export function NotesPanel({ record, canAdd = true }: { record: RecordRef; canAdd?: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const notes = useNotes(record, page);
  const add = useAddNote(record);
  const update = useUpdateNote(record);
  const remove = useDeleteNote(record);

  const onDelete = async (id: string) => {
    const ok = await confirm({
      title: t('notes.deleteTitle', 'Delete this note?'),
      description: t('notes.deleteDescription', 'The note is removed for everyone.'),
      okText: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync(id);
    void message.success(t('notes.deleted', 'Note deleted'));
  };

  return (
    <Card title={t('notes.title', 'Notes')} style={{ marginTop: 16 }} aria-label={t('notes.title', 'Notes')}>
      {canAdd ? (
        <LazyNoteEditor
          about={record}
          submitLabel={t('notes.add', 'Add note')}
          busy={add.isPending}
          onSubmit={async (html) => {
            try {
              await add.mutateAsync(html);
              void message.success(t('notes.added', 'Note added'));
            } catch (err) {
              void message.error(isApiError(err) ? errorText(t, err.code) : t('errorCodes.internalServerError'));
              throw err;
            }
          }}
        />
      ) : null}
      <List
        style={{ marginTop: 16 }}
        loading={notes.isLoading}
        dataSource={notes.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('common.noData')} /> }}
        renderItem={(note) => (
          <List.Item
            key={note.id}
            actions={
              note.canEdit && editing !== note.id
                ? [
                    <Button key="edit" type="link" size="small" onClick={() => setEditing(note.id)}>
                      {t('common.edit', 'Edit')}
                    </Button>,
                    <Button key="delete" type="link" size="small" onClick={() => void onDelete(note.id)}>
                      {t('common.delete')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              avatar={<Avatar>{note.author.name.slice(0, 1).toUpperCase()}</Avatar>}
              title={
                <Space>
                  <Typography.Text strong>{note.author.name}</Typography.Text>
                  <Typography.Text type="secondary">{formatDate(note.createdAt, 'dateTime')}</Typography.Text>
                </Space>
              }
              description={
                editing === note.id ? (
                  <LazyNoteEditor
                    about={record}
                    initialHtml={note.body}
                    submitLabel={t('common.save')}
                    busy={update.isPending}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (html) => {
                      await update.mutateAsync({ id: note.id, body: html });
                      setEditing(null);
                    }}
                  />
                ) : (
                  <div className="note-body" dangerouslySetInnerHTML={{ __html: note.body }} />
                )
              }
            />
          </List.Item>
        )}
      />
      {(notes.data?.total ?? 0) > 25 ? (
        <Pagination size="small" current={page} pageSize={25} total={notes.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      ) : null}
    </Card>
  );
}
