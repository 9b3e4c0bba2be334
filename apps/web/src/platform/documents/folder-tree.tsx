import { Tree, type TreeDataNode } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordRef } from '../notes/notes.api';
import { fetchDocuments } from './documents.api';

export const ROOT_KEY = 'root';

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
  return nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: replaceChildren(n.children, key, children) } : n));
}

// The folders of a record, loaded one level at a time.
export function FolderTree({ record, selected, onSelect, version, disabledIds = [] }: Props) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<TreeDataNode[]>([]);
  const [expanded, setExpanded] = useState<string[]>([ROOT_KEY]);

  const childrenOf = useCallback(
    async (parentId: string | null): Promise<TreeDataNode[]> => {
      const res = await fetchDocuments(record, parentId, 1, 'Folder');
      return res.data.map((f) => ({ key: f.id, title: f.name, disabled: disabledIds.includes(f.id) }));
    },
    [record, disabledIds],
  );

  useEffect(() => {
    let live = true;
    void childrenOf(null).then((children) => {
      if (live) setNodes([{ key: ROOT_KEY, title: t('documents.root', 'Documents'), children }]);
    });
    return () => {
      live = false;
    };
  }, [childrenOf, version, t]);

  return (
    <Tree.DirectoryTree
      aria-label={t('documents.folders', 'Folders')}
      treeData={nodes}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys.map(String))}
      selectedKeys={[selected ?? ROOT_KEY]}
      onSelect={(keys) => {
        const key = String(keys[0] ?? ROOT_KEY);
        onSelect(key === ROOT_KEY ? null : key);
      }}
      loadData={async (node) => {
        if (node.key === ROOT_KEY) return;
        const children = await childrenOf(String(node.key));
        setNodes((prev) => replaceChildren(prev, String(node.key), children.length ? children : []));
      }}
    />
  );
}
