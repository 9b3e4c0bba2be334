import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';
import { cloneElement, isValidElement, type ReactElement } from 'react';

// antd's previous/next page buttons hold only an icon named "left"/"right"; they get a name in
// the user's language (issue 12, defect 15). Spread into a table's or list's pagination.
export function paginationLabels(t: TFunction): Pick<PaginationProps, 'itemRender'> {
  return {
    itemRender: (_page, type, original) => {
      if ((type !== 'prev' && type !== 'next') || !isValidElement(original)) return original;
      return cloneElement(original as ReactElement<{ 'aria-label'?: string }>, {
        'aria-label': t(type === 'prev' ? 'common.previousPage' : 'common.nextPage'),
      });
    },
  };
}
