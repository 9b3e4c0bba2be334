import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import type { DocumentItem } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRef } from '../notes/notes.api';
import { documentKeys, fetchDocuments } from './documents.api';

type Props = {
  record: RecordRef;
  selected: string | null;
  onSelect: (folderId: string | null) => void;
  // changes whenever folders may have changed: the tree reloads
  version: number;
  // folders that may not be chosen (a folder cannot move into itself)
  disabledIds?: readonly string[];
};

// The folders of a record, loaded one level at a time; the root ("Documents") sits above. The
// top level is a query (fetched once, refreshed when documents change); deeper levels load when
// a folder is opened. Nothing here fetches on render.
export function FolderTree({ record, selected, onSelect, version, disabledIds }: Props) {
  const { t } = useTranslation();
  const [children, setChildren] = useState<{ version: number; byParent: Map<string, DocumentItem[]> }>({ version, byParent: new Map() });
  const top = useQuery({
    queryKey: [...documentKeys.folders(record, null), version],
    queryFn: () => fetchDocuments(record, null, 1, 'Folder'),
  });
  const byParent = children.version === version ? children.byParent : null;

  const nodes = useMemo(() => {
    const build = (folders: readonly DocumentItem[]): TreeDataNode[] =>
      folders.map((f) => {
        const below = byParent?.get(f.id);
        return {
          key: f.id,
          title: f.name,
          icon: <FolderOutlined />,
          disabled: disabledIds?.includes(f.id) ?? false,
          ...(below ? { children: build(below) } : {}),
        };
      });
    return build(top.data?.data ?? []);
  }, [top.data, byParent, disabledIds]);

  return (
    <nav aria-label={t('documents.folders')}>
      <Button
        type={selected === null ? 'primary' : 'text'}
        size="small"
        icon={<HomeOutlined />}
        onClick={() => onSelect(null)}
        block
        style={{ justifyContent: 'flex-start' }}
      >
        {t('documents.root')}
      </Button>
      <Tree
        key={version}
        showIcon
        blockNode
        treeData={nodes}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) onSelect(String(key));
        }}
        loadData={async (node) => {
          const res = await fetchDocuments(record, String(node.key), 1, 'Folder');
          setChildren((prev) => {
            const map = new Map(prev.version === version ? prev.byParent : []);
            map.set(String(node.key), res.data);
            return { version, byParent: map };
          });
        }}
      />
    </nav>
  );
}
