import { PlusOutlined } from '@ant-design/icons';
import { organizationEntity, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Tag, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { entityApi } from '../../platform/entity/entity-api';
import { EntityCreateModal } from '../../platform/entity/entity-create.modal';
import { useEntityText } from '../../platform/entity/entity-text';
import { useAccess } from '../../platform/permissions/use-access';

type Node = { id: string; parentId: string | null; title: string; number: string | null; depth: number };
type Hierarchy = { rootId: string; path: string[]; nodes: Node[] };

const api = entityApi(organizationEntity);

// The tree an organization belongs to, from its top parent down; the open organization is marked
// and its ancestors are expanded. A child is added here with this organization as its parent.
export function OrganizationHierarchy({ record }: { record: EntityRecord }) {
  const { t, text } = useEntityText(organizationEntity);
  const navigate = useNavigate();
  const { can } = useAccess();
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    queryKey: [...api.keys.hierarchy(record.id), record.version],
    queryFn: () => apiRequest<Hierarchy>(api.paths.hierarchy(record.id)),
  });
  if (!query.data) return <Skeleton active />;
  const { nodes, path } = query.data;
  const build = (level: Node[]): TreeDataNode[] =>
    level.map((n) => ({
      key: n.id,
      title:
        n.id === record.id ? (
          <strong aria-current="page">{n.title}</strong>
        ) : (
          <Link to={`${organizationEntity.web.path}/${n.id}`}>{n.title}</Link>
        ),
      icon: n.number ? <Tag>{n.number}</Tag> : null,
      children: build(nodes.filter((c) => c.parentId === n.id)),
    }));
  return (
    <Card
      title={t('crm.organization.hierarchy')}
      extra={
        can({ permissions: [organizationEntity.permissions.create] }) ? (
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('crm.organization.addChild')}
          </Button>
        ) : null
      }
    >
      <Tree
        showIcon
        defaultExpandAll
        selectable={false}
        defaultExpandedKeys={path}
        treeData={build(nodes.filter((n) => n.depth === 0))}
        aria-label={text('entity.title')}
      />
      <EntityCreateModal
        api={api}
        open={creating}
        onClose={() => setCreating(false)}
        initialValues={{ parentId: record.id }}
        onCreated={(r) => navigate(`${organizationEntity.web.path}/${r.id}`)}
      />
    </Card>
  );
}
