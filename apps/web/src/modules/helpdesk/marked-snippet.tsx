import { Typography } from 'antd';

// A search snippet from ts_headline: the matched words come wrapped in <mark>, the rest is text
// (never rendered as HTML).
export function MarkedSnippet({ text }: { text: string }) {
  const parts = text.split(/(<mark>.*?<\/mark>)/g);
  return (
    <Typography.Text type="secondary">
      {parts.map((p, i) => (p.startsWith('<mark>') ? <mark key={i}>{p.slice(6, -7)}</mark> : <span key={i}>{p}</span>))}
    </Typography.Text>
  );
}
