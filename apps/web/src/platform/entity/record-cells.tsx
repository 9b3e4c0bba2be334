import {
  optionLabelKey,
  type EntityColumn,
  type EntityKind,
  type EntityDefinition,
  type EntityRecord,
  type RecordRef,
} from '@atrium/domain';
import { Tag } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../dates/format-date';
import { columnValue, formatColumnValue } from '../entity-fields/field-value';
import { useWorkflows } from '../workflows/workflows.api';
import { useEntityText } from './entity-text';
import { useWorkspaceCurrency } from './use-currency';
import { formatMoney } from '../i18n/number-format';
import { useRecordTypes } from './use-record-types';
import { recordPath, webEntityOf } from './web-entity';

export type Cell = (record: EntityRecord) => ReactNode;

// Cells of a kind's columns, by field kind: references link to the record they name, enums and
// stages show their names, money its currency, dates their format.
export function useCells(definition: EntityDefinition, columns: EntityColumn[]): Map<string, Cell> {
  const { t } = useEntityText(definition);
  const currency = useWorkspaceCurrency();
  const scopeField = definition.workflowScope?.field;
  const workflows = useWorkflows(definition.kind, definition.capabilities.workflowStage && scopeField === undefined);
  const types = useRecordTypes(definition);
  const own = webEntityOf(definition.kind)?.cells;
  return useMemo(() => {
    const stages = new Map((workflows.data ?? []).flatMap((w) => w.stages.map((s) => [s.id, s.name] as const)));
    const typeNames = new Map((types.data ?? []).map((x) => [x.id, x.name] as const));
    const cells = new Map<string, Cell>();
    for (const c of columns) {
      const f = c.custom ? undefined : definition.fields[c.key];
      let cell: Cell;
      const mine = own?.[c.key];
      if (mine) cell = mine;
      else if (f?.kind === 'reference' && f.expand && f.target) {
        const target = f.target;
        const expand = f.expand;
        cell = (r) => {
          const ref = r[expand] as RecordRef | null | undefined;
          const path = ref ? recordPath(target, ref.id) : undefined;
          return ref ? path ? <Link to={path}>{ref.title}</Link> : ref.title : '';
        };
      } else if (c.key === 'workflowStage' && scopeField) {
        // stages of the record's owner (a request's helpdesk): each owner's are asked once, cached
        cell = (r) => <OwnStageName kind={definition.kind} scopeId={String(r[scopeField] ?? '')} stageId={String(r.workflowStage ?? '')} />;
      } else if (c.key === 'workflowStage') cell = (r) => stages.get(String(r.workflowStage)) ?? '';
      else if (c.key === 'tags')
        cell = (r) => (
          <span className="cell-tags">
            {(r.tags ?? []).map((x) => (
              <Tag key={x.id} color={x.color} className="tag-chip">
                {x.name}
              </Tag>
            ))}
          </span>
        );
      else if (c.key === 'typeId') cell = (r) => typeNames.get(String(r.typeId)) ?? '';
      else if (f?.kind === 'enum') cell = (r) => (r[c.key] ? t(optionLabelKey(f, String(r[c.key]))) : '');
      else if (f?.kind === 'money') cell = (r) => (typeof r[c.key] === 'number' ? formatMoney(r[c.key] as number, currency) : '');
      else if (!c.custom && (c.type === 'dateTime' || c.type === 'date'))
        cell = (r) => formatDate(typeof r[c.key] === 'string' ? (r[c.key] as string) : null, c.type === 'date' ? 'date' : 'dateTime');
      else cell = (r) => formatColumnValue(c, columnValue(r, c.key));
      cells.set(c.key, cell);
    }
    return cells;
  }, [columns, definition, own, t, currency, workflows.data, types.data, scopeField]);
}

// The name of a stage of a kind whose stages belong to a record (decision 089's workflowScope).
function OwnStageName({ kind, scopeId, stageId }: { kind: EntityKind; scopeId: string; stageId: string }) {
  const workflows = useWorkflows(kind, scopeId !== '' && stageId !== '', scopeId);
  const name = (workflows.data ?? []).flatMap((w) => w.stages).find((s) => s.id === stageId)?.name;
  return <>{name ?? ''}</>;
}
