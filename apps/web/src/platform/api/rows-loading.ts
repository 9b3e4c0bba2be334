import type { UseQueryResult } from '@tanstack/react-query';

// Whether a table shows its loading state: while it has no answer yet, or shows the rows of the
// request before (a new page, search or filter, kept as placeholder) until the new ones come.
// Not while the same request is asked again in the background (a live event from a colleague's
// change, the list after a save): the rows stay readable and clickable, where antd's loading
// overlay would blur them and swallow a click meant for a row's checkbox or link.
export const rowsLoading = (query: Pick<UseQueryResult, 'isPending' | 'isPlaceholderData'>): boolean =>
  query.isPending || query.isPlaceholderData;
