import { Result } from 'antd';

// What a page says when the thing its address names is not there (a help centre, an article, a
// booking): the page's level-1 heading, as on every page.
export function NotFoundResult({ title }: { title: string }) {
  return <Result status="404" title={<h1 className="result-title">{title}</h1>} />;
}
