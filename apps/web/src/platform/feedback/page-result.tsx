import { Result, type ResultProps } from 'antd';

// A page that is one message (not found, access denied, an error): antd's Result
// with its title as the page's level-1 heading, as on every page.
export function PageResult({ title, ...props }: Omit<ResultProps, 'title'> & { title: string }) {
  return <Result {...props} title={<h1 className="result-title">{title}</h1>} />;
}
