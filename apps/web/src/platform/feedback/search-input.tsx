import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

// The search box of lists and panels. It searches as the user types, so it has no search button
// (antd's Input.Search draws one that screen readers announce by its English icon name); its
// clear button is named in the user's language (issue 12, defect 15).
export function SearchInput(props: Omit<InputProps, 'allowClear' | 'prefix' | 'type'> & { 'aria-label': string }) {
  const { t } = useTranslation();
  return (
    <Input
      {...props}
      type="search"
      prefix={<SearchOutlined aria-hidden />}
      allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('common.clearSearch')} /> }}
    />
  );
}
