import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRef } from '../notes/notes.api';
import { fetchDocuments } from './documents.api';

type Props = {
  record: RecordRef;
  selected: string | null;
  onSelect: (folderId: string | null) => void;
  // changes whenever folders may have changed: the tree reloads
  version: number;
  // folders that may not be chosen (a folder cannot move into itself)
  disabledIds?: readonly string[];
};

function replaceChildren(nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: replaceChildren(n.children, key, children) } : n,
  );
}

// The folders of a record, loaded one level at a time; the root ("Documents") sits above.
export function FolderTree({ record, selected, onSelect, version, disabledIds = [] }: Props) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<TreeDataNode[]>([]);

  const childrenOf = useCallback(
    async (parentId: string | null): Promise<TreeDataNode[]> => {
      const res = await fetchDocuments(record, parentId, 1, 'Folder');
      return res.data.map((f) => ({ key: f.id, title: f.name, icon: <FolderOutlined />, disabled: disabledIds.includes(f.id) }));
    },
    [record, disabledIds],
  );

  useEffect(() => {
    let live = true;
    void childrenOf(null).then((children) => {
      if (live) setNodes(children);
    });
    return () => {
      live = false;
    };
  }, [childrenOf, version]);

  return (
    <nav aria-label={t('documents.folders', 'Folders')}>
      <Button
        type={selected === null ? 'primary' : 'text'}
        size="small"
        icon={<HomeOutlined />}
        onClick={() => onSelect(null)}
        block
        style={{ justifyContent: 'flex-start' }}
      >
        {t('documents.root', 'Documents')}
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
          const children = await childrenOf(String(node.key));
          setNodes((prev) => replaceChildren(prev, String(node.key), children));
        }}
      />
    </nav>
  );
}
