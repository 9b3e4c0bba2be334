import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';

// The rich text editor (tiptap and ProseMirror, ~440 KB of script) loads when an editor is first
// shown. The record panels and the kinds' registry import this module, and every list and board
// page loads those: without it the editor's script came with each of them (issue 20).
const Editor = lazy(async () => ({ default: (await import('./note-editor')).NoteEditor }));

export function LazyNoteEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
