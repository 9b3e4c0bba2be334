import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { usePageTitle } from '../feedback/use-page-title';
import { NotFoundPage } from '../errors/not-found.page';
import type { EntityDetailDefinition } from './entity-definition';
import { LinkButton } from '../feedback/link-button';

type Props<T> = {
  definition: EntityDetailDefinition<T>;
  id: string;
  actions?: (record: T) => ReactNode;
  // module panels below the fields (notes, documents, activity… as they arrive)
  panels?: (record: T) => ReactNode;
};

// The one detail page of the entity engine: header, fields from the definition, panels.
export function EntityDetailPage<T>({ definition, id, actions, panels }: Props<T>) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: definition.queryKey(id), queryFn: () => definition.fetch(id) });
  const record = query.data;
  usePageTitle(record ? definition.titleOf(record) : undefined);

  if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  if (query.error) throw query.error;

  return (
    <div className="page">
      <LinkButton to={definition.backPath} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {t(definition.backLabelKey)}
      </LinkButton>
      {!record ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <div className="page-header">
            <Typography.Title level={1} className="page-title">
              {definition.titleOf(record)}
            </Typography.Title>
            {actions?.(record)}
          </div>
          {definition.subtitleOf ? <div style={{ marginBottom: 16 }}>{definition.subtitleOf(record)}</div> : null}
          <Card>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={definition.fields.map((f) => ({
                key: f.key,
                label: t(f.labelKey),
                children: f.render ? f.render(record) : String((record as Record<string, unknown>)[f.key] ?? ''),
              }))}
            />
          </Card>
          {panels?.(record)}
        </>
      )}
    </div>
  );
}
