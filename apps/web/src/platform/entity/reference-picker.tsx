import type { LookupOption } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import { useDebouncedValue } from '../feedback/use-debounced-value';

type Props = {
  // a lookup name: an entity kind, or a record-type lookup such as ContactType
  lookup: string;
  value?: string | null | string[];
  onChange?: (value: string | null | string[]) => void;
  // several records (a filter "is one of")
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  // records that may not be chosen (a record as its own parent)
  exclude?: readonly string[];
  placeholder?: string;
  // choices that are not records, offered first (a filter's "Me")
  extraOptions?: readonly { value: string; label: string }[];
  'aria-label'?: string;
};

export const fetchLookup = (lookup: string, search: string, selected: readonly string[], ids?: readonly string[]) =>
  apiRequest<Record<string, LookupOption[]>>('/api/v1/core/lookups', {
    method: 'POST',
    body: {
      entities: [lookup],
      pageSize: 20,
      ...(search ? { search } : {}),
      ...(selected.length > 0 ? { selectedIds: selected } : {}),
      ...(ids ? { ids } : {}),
    },
  }).then((r) => r[lookup] ?? []);

const asList = (v: Props['value']): string[] => (Array.isArray(v) ? v : v ? [v] : []);

// Picks a record of another kind by its title, searching as the user types (the generic lookup);
// the chosen one is always labelled, even when it is not among the first results.
export function ReferencePicker({ lookup, value, onChange, multiple, disabled, id, exclude, placeholder, extraOptions, ...rest }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  // an extra choice shows while it is chosen or matches what is typed
  const extra = (extraOptions ?? []).filter(
    (o) => asList(value).includes(o.value) || !debounced || o.label.toLowerCase().includes(debounced.toLowerCase()),
  );
  const records = asList(value).filter((v) => !extraOptions?.some((o) => o.value === v));
  const options = useQuery({
    queryKey: workspaceKey('lookups', lookup, debounced, records),
    queryFn: () => fetchLookup(lookup, debounced, records),
    placeholderData: (previous) => previous,
  });
  const items = [...extra, ...(options.data ?? []).filter((o) => !exclude?.includes(o.value))];
  return (
    <Select
      {...(id ? { id } : {})}
      aria-label={rest['aria-label']}
      showSearch
      allowClear
      disabled={disabled ?? false}
      {...(multiple ? { mode: 'multiple' as const } : {})}
      value={multiple ? asList(value) : ((value as string | null | undefined) ?? null)}
      placeholder={placeholder ?? t('entity.pickPlaceholder')}
      filterOption={false}
      onSearch={setSearch}
      onChange={(v: string | string[] | undefined) =>
        onChange?.(multiple ? (Array.isArray(v) ? v : []) : ((v as string | undefined) ?? null))
      }
      loading={options.isFetching}
      notFoundContent={options.isFetching ? t('common.loading') : t('entity.pickNothing')}
      options={items.map((o) => ({ value: o.value, label: o.label }))}
      style={{ width: '100%' }}
    />
  );
}
