import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileOutlined,
  FolderAddOutlined,
  FolderOutlined,
  InboxOutlined,
  LinkOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { DocumentItem } from '@atrium/domain';
import { App, Breadcrumb, Button, Card, Col, Input, Modal, Progress, Row, Space, Table, Tooltip, Typography } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { useConfirm } from '../confirm/confirm-modal';
import { formatDate } from '../dates/format-date';
import type { RecordRef } from '../notes/notes.api';
import {
  copyDocuments,
  createFolder,
  deleteDocuments,
  moveDocuments,
  renameDocument,
  uploadDocuments,
  useBreadcrumb,
  useDocumentMutation,
  useDocuments,
  type UploadProgress,
} from './documents.api';
import { FolderTree } from './folder-tree';
import './documents.css';

const formatSize = (n: number) =>
  n < 1024 ? `${n} B` : n < 1_048_576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1_048_576).toFixed(1)} MB`;

type TargetDialog = { mode: 'move' | 'copy'; ids: string[]; target: string | null };

// Documents explorer of any record: folder tree, breadcrumb, drag-and-drop upload with a
// progress bar per file, move/copy/rename/delete (deleting asks first) and image preview.
export function DocumentsPanel({ record, canAdd = true }: { record: RecordRef; canAdd?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [folder, setFolder] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [preview, setPreview] = useState<DocumentItem | null>(null);
  const [renaming, setRenaming] = useState<{ doc: DocumentItem; name: string } | null>(null);
  const [newFolder, setNewFolder] = useState<string | null>(null);
  const [dialog, setDialog] = useState<TargetDialog | null>(null);
  const [treeVersion, setTreeVersion] = useState(0);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const docs = useDocuments(record, folder, 1);
  const crumbs = useBreadcrumb(record, folder);
  const refreshTree = () => setTreeVersion((v) => v + 1);
  const showError = (err: unknown) =>
    void message.error(isApiError(err) ? errorText(t, err.code) : t('documents.failed', 'Something went wrong'));

  const upload = useDocumentMutation(record, (files: File[]) =>
    uploadDocuments(record, folder, files, (i, percent) => setUploads((prev) => prev.map((u, j) => (j === i ? { ...u, percent } : u)))),
  );
  const mkdir = useDocumentMutation(record, (name: string) => createFolder(record, folder, name));
  const rename = useDocumentMutation(record, ({ id, name }: { id: string; name: string }) => renameDocument(id, name));
  const move = useDocumentMutation(record, ({ ids, target }: TargetDialog) => moveDocuments(ids, target));
  const copy = useDocumentMutation(record, ({ ids, target }: TargetDialog) => copyDocuments(ids, target));
  const remove = useDocumentMutation(record, (ids: string[]) => deleteDocuments(ids));

  const startUpload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploads(files.map((f) => ({ name: f.name, percent: 0, status: 'uploading' })));
    try {
      await upload.mutateAsync(files);
      setUploads((prev) => prev.map((u) => ({ ...u, percent: 100, status: 'done' })));
      void message.success(t('documents.uploaded', 'Files uploaded'));
    } catch (err) {
      setUploads((prev) => prev.map((u) => ({ ...u, status: 'error' })));
      showError(err);
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void startUpload(Array.from(e.dataTransfer.files));
  };

  // one item is named; several are counted with the language's plural rule
  const onDelete = async (ids: string[], name?: string) => {
    const ok = await confirm({
      title: name !== undefined ? t('documents.deleteNamed', { name }) : t('documents.deleteTitle', { count: ids.length }),
      description: t('documents.deleteDescription', 'Folders are deleted with everything in them.'),
      okText: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(ids);
      setSelected([]);
      refreshTree();
      void message.success(t('documents.deleted', 'Deleted'));
    } catch (err) {
      showError(err);
    }
  };

  const runDialog = async () => {
    if (!dialog) return;
    try {
      await (dialog.mode === 'move' ? move : copy).mutateAsync(dialog);
      setDialog(null);
      setSelected([]);
      refreshTree();
      void message.success(dialog.mode === 'move' ? t('documents.moved', 'Moved') : t('documents.copied', 'Copied'));
    } catch (err) {
      showError(err);
    }
  };

  const open = (doc: DocumentItem) => {
    if (doc.type === 'Folder') {
      setFolder(doc.id);
      setSelected([]);
    } else if (doc.type === 'Image') setPreview(doc);
    else if (doc.type === 'Link' && doc.linkUrl) window.open(doc.linkUrl, '_blank', 'noopener,noreferrer');
    else if (doc.url) window.open(doc.url, '_blank', 'noopener,noreferrer');
  };

  const icon = (doc: DocumentItem) =>
    doc.type === 'Folder' ? (
      <FolderOutlined />
    ) : doc.type === 'Link' ? (
      <LinkOutlined />
    ) : doc.thumbUrl ? (
      <img src={doc.thumbUrl} alt="" className="document-thumb" />
    ) : (
      <FileOutlined />
    );

  return (
    <Card title={t('documents.title', 'Documents')} style={{ marginTop: 16 }} aria-label={t('documents.title', 'Documents')}>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <FolderTree
            record={record}
            selected={folder}
            onSelect={(id) => {
              setFolder(id);
              setSelected([]);
            }}
            version={treeVersion}
          />
        </Col>
        <Col xs={24} md={18}>
          <Breadcrumb
            aria-label={t('documents.breadcrumb', 'Folder path')}
            items={[
              {
                key: 'root',
                title: (
                  <Button type="link" size="small" className="document-crumb" onClick={() => setFolder(null)}>
                    {t('documents.root', 'Documents')}
                  </Button>
                ),
              },
              ...(crumbs.data ?? []).map((c) => ({
                key: c.id,
                title: (
                  <Button type="link" size="small" className="document-crumb" onClick={() => setFolder(c.id)}>
                    {c.name}
                  </Button>
                ),
              })),
            ]}
          />
          <Space wrap style={{ margin: '12px 0' }}>
            {canAdd ? (
              <Button icon={<FolderAddOutlined />} onClick={() => setNewFolder('')}>
                {t('documents.newFolder', 'New folder')}
              </Button>
            ) : null}
            <Button
              icon={<SwapOutlined />}
              disabled={selected.length === 0}
              onClick={() => setDialog({ mode: 'move', ids: selected, target: folder })}
            >
              {t('documents.move', 'Move')}
            </Button>
            <Button
              icon={<CopyOutlined />}
              disabled={selected.length === 0 || !canAdd}
              onClick={() => setDialog({ mode: 'copy', ids: selected, target: folder })}
            >
              {t('documents.copy', 'Copy')}
            </Button>
            <Button icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => void onDelete(selected)}>
              {t('common.delete')}
            </Button>
          </Space>
          {canAdd ? (
            <div
              role="button"
              tabIndex={0}
              aria-label={t('documents.dropZone', 'Drop files here or click to upload')}
              className={dragging ? 'document-drop document-drop-active' : 'document-drop'}
              onClick={() => input.current?.click()}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') input.current?.click();
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <InboxOutlined style={{ fontSize: 24 }} />
              <div>{t('documents.dropZone', 'Drop files here or click to upload')}</div>
              <input
                ref={input}
                type="file"
                multiple
                hidden
                data-testid="document-file-input"
                onChange={(e) => {
                  void startUpload(Array.from(e.target.files ?? []));
                  e.target.value = '';
                }}
              />
            </div>
          ) : null}
          {uploads.length > 0 ? (
            <ul className="document-uploads" aria-label={t('documents.uploads', 'Uploads')}>
              {uploads.map((u) => (
                <li key={u.name}>
                  <Typography.Text>{u.name}</Typography.Text>
                  <Progress
                    percent={u.percent}
                    size="small"
                    status={u.status === 'error' ? 'exception' : u.status === 'done' ? 'success' : 'active'}
                    aria-label={u.name}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <Table<DocumentItem>
            size="small"
            rowKey="id"
            loading={docs.isLoading}
            dataSource={docs.data?.data ?? []}
            pagination={false}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            onRow={(doc) => ({ onDoubleClick: () => open(doc) })}
            columns={[
              {
                key: 'name',
                title: t('documents.name', 'Name'),
                render: (_, doc) => (
                  <Space>
                    {icon(doc)}
                    <Button type="link" size="small" className="document-name" onClick={() => open(doc)}>
                      {doc.name}
                    </Button>
                  </Space>
                ),
              },
              {
                key: 'size',
                title: t('documents.size', 'Size'),
                width: 100,
                render: (_, doc) => (doc.type === 'Folder' || doc.type === 'Link' ? '' : formatSize(doc.size)),
              },
              {
                key: 'updatedAt',
                title: t('documents.modified', 'Modified'),
                width: 180,
                render: (_, doc) => formatDate(doc.updatedAt, 'dateTime'),
              },
              {
                key: 'actions',
                title: '',
                width: 170,
                render: (_, doc) => (
                  <Space size={0}>
                    {doc.type === 'Image' ? (
                      <Tooltip title={t('documents.preview', 'Preview')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EyeOutlined />}
                          aria-label={`${t('documents.preview', 'Preview')} ${doc.name}`}
                          onClick={() => setPreview(doc)}
                        />
                      </Tooltip>
                    ) : null}
                    {doc.url ? (
                      <Tooltip title={t('documents.download', 'Download')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<DownloadOutlined />}
                          aria-label={`${t('documents.download', 'Download')} ${doc.name}`}
                          href={doc.url}
                          target="_blank"
                          rel="noopener noreferrer"
                        />
                      </Tooltip>
                    ) : null}
                    <Tooltip title={t('documents.rename', 'Rename')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`${t('documents.rename', 'Rename')} ${doc.name}`}
                        onClick={() => setRenaming({ doc, name: doc.name })}
                      />
                    </Tooltip>
                    <Tooltip title={t('common.delete')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${doc.name}`}
                        onClick={() => void onDelete([doc.id], doc.name)}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        </Col>
      </Row>

      <Modal open={preview !== null} title={preview?.name} footer={null} onCancel={() => setPreview(null)} width={760}>
        {preview?.url ? <img src={preview.url} alt={preview.name} style={{ maxWidth: '100%' }} /> : null}
      </Modal>

      <Modal
        open={renaming !== null}
        title={t('documents.rename', 'Rename')}
        okText={t('common.save')}
        confirmLoading={rename.isPending}
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          if (!renaming) return;
          try {
            await rename.mutateAsync({ id: renaming.doc.id, name: renaming.name });
            setRenaming(null);
            refreshTree();
          } catch (err) {
            showError(err);
          }
        }}
      >
        <Input
          aria-label={t('documents.newName', 'New name')}
          value={renaming?.name ?? ''}
          onChange={(e) => setRenaming((r) => (r ? { ...r, name: e.target.value } : r))}
        />
      </Modal>

      <Modal
        open={newFolder !== null}
        title={t('documents.newFolder', 'New folder')}
        okText={t('documents.create', 'Create')}
        confirmLoading={mkdir.isPending}
        onCancel={() => setNewFolder(null)}
        onOk={async () => {
          if (!newFolder) return;
          try {
            await mkdir.mutateAsync(newFolder);
            setNewFolder(null);
            refreshTree();
          } catch (err) {
            showError(err);
          }
        }}
      >
        <Input
          aria-label={t('documents.folderName', 'Folder name')}
          value={newFolder ?? ''}
          onChange={(e) => setNewFolder(e.target.value)}
        />
      </Modal>

      <Modal
        open={dialog !== null}
        title={dialog?.mode === 'copy' ? t('documents.copyTo', 'Copy to folder') : t('documents.moveTo', 'Move to folder')}
        okText={dialog?.mode === 'copy' ? t('documents.copy', 'Copy') : t('documents.move', 'Move')}
        confirmLoading={move.isPending || copy.isPending}
        onCancel={() => setDialog(null)}
        onOk={() => void runDialog()}
      >
        {dialog ? (
          <FolderTree
            record={record}
            selected={dialog.target}
            onSelect={(target) => setDialog({ ...dialog, target })}
            version={treeVersion}
            disabledIds={dialog.ids}
          />
        ) : null}
      </Modal>
    </Card>
  );
}
