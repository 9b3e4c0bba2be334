import type { Contact, EntityColumn as ServerColumn, Workflow } from '@atrium/domain';
import { Link } from 'react-router';
import { formatDate } from '../../platform/dates/format-date';
import type { BulkAction, EntityColumn, EntityFilterField, EntityListDefinition } from '../../platform/entity/entity-definition';
import { columnValue, formatColumnValue } from '../../platform/entity-fields/field-value';
import { contactKeys, fetchContacts } from './contacts.api';

export const contactName = (c: Pick<Contact, 'firstName' | 'lastName'>) => [c.firstName, c.lastName].filter(Boolean).join(' ');
export const contactPath = (id: string) => `/contacts/${id}`;

// Shown as the one name column instead of separately.
const NAME_PARTS = new Set(['firstName', 'lastName']);

// Built-in labels are translated; custom fields carry the label their definition gives them.
const titleOf = (c: ServerColumn) => (c.custom ? { titleKey: c.key, title: c.label } : { titleKey: `contacts.field.${c.key}` });

type Options = {
  columns: ServerColumn[];
  workflows: Workflow[];
  bulkActions: BulkAction<Contact>[];
};

// The contacts list is the engine's list driven by the server's column catalogue, so every
// custom field shown on the list becomes a column, a sort and a filter without code here.
export function contactsListDefinition({ columns, workflows, bulkActions }: Options): EntityListDefinition<Contact> {
  const stages = workflows.flatMap((w) =>
    w.stages.map((s) => ({ value: s.id, label: workflows.length > 1 ? `${w.name}: ${s.name}` : s.name })),
  );
  const stageName = new Map(stages.map((s) => [s.value, s.label]));
  const optionsOf = (c: ServerColumn) => (c.key === 'workflowStage' ? stages : c.options);

  const render = (c: ServerColumn) => (record: Contact) => {
    const value = columnValue(record, c.key);
    if (c.key === 'workflowStage') return typeof value === 'string' ? (stageName.get(value) ?? '') : '';
    if (!c.custom && c.type === 'dateTime') return formatDate(typeof value === 'string' ? value : null, 'dateTime');
    const options = optionsOf(c);
    return formatColumnValue({ type: c.type, ...(options ? { options } : {}) }, value);
  };

  const listColumns: EntityColumn<Contact>[] = [
    {
      key: 'lastName',
      titleKey: 'contacts.name',
      sortable: true,
      alwaysVisible: true,
      render: (c) => <Link to={contactPath(c.id)}>{contactName(c)}</Link>,
    },
    ...columns
      .filter((c) => !NAME_PARTS.has(c.key))
      .map((c) => ({ key: c.key, ...titleOf(c), sortable: c.sortable, defaultVisible: c.visible, render: render(c) })),
  ];
  const filterFields: EntityFilterField[] = columns
    .filter((c) => c.filterable)
    .map((c) => {
      const options = optionsOf(c);
      return { field: c.key, ...titleOf(c), type: c.type as EntityFilterField['type'], ...(options ? { options } : {}) };
    });

  return {
    listKey: 'contacts',
    titleKey: 'contacts.title',
    searchLabelKey: 'contacts.search',
    emptyKey: 'contacts.empty',
    rowKey: (c) => c.id,
    queryKey: contactKeys.list,
    fetch: fetchContacts,
    detailPath: (c) => contactPath(c.id),
    columns: listColumns,
    filterFields,
    archivable: true,
    taggable: true,
    multiSort: true,
    bulkActions,
  };
}
