import { describe, expect, it } from 'vitest';
// By path until the projects module's index.ts exports it; the server's vitest config runs
// apps/server tests only, so the domain package's pure functions are tested from here.
import {
  addDays,
  dayDiff,
  findBlockingCycle,
  reschedule,
  type TaskDateChange,
  type TaskDates,
  type TaskLink,
} from '../../../../../packages/domain/src/modules/projects/task-scheduling';

const blocks = (fromId: string, toId: string): TaskLink => ({ fromId, toId, kind: 'blocks' });
const relatesTo = (fromId: string, toId: string): TaskLink => ({ fromId, toId, kind: 'relatesTo' });
const task = (id: string, startDate: string | null, dueDate: string | null): TaskDates => ({ id, startDate, dueDate });

// the tasks as stored and the change, with the changed task's stored dates taken as `before`
function move(tasks: TaskDates[], id: string, after: TaskDateChange['after']): TaskDateChange {
  const stored = tasks.find((t) => t.id === id);
  if (!stored) throw new Error(`no task ${id}`);
  return { id, before: { startDate: stored.startDate, dueDate: stored.dueDate }, after };
}

// a chain t0 → t1 → … where each task lasts 2 days and starts the day after the previous is due
function chain(length: number): { tasks: TaskDates[]; links: TaskLink[] } {
  const tasks: TaskDates[] = [];
  const links: TaskLink[] = [];
  for (let i = 0; i < length; i += 1) {
    const start = addDays('2026-01-01', i * 3);
    tasks.push(task(`t${i}`, start, addDays(start, 2)));
    if (i > 0) links.push(blocks(`t${i - 1}`, `t${i}`));
  }
  return { tasks, links };
}

describe('dayDiff and addDays', () => {
  it('count calendar days in UTC across month, year and leap-day ends', () => {
    expect(dayDiff('2026-03-01', '2026-02-28')).toBe(1);
    expect(dayDiff('2024-03-01', '2024-02-28')).toBe(2);
    expect(dayDiff('2026-01-01', '2025-12-31')).toBe(1);
    expect(dayDiff('2025-12-31', '2026-01-01')).toBe(-1);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a European DST change
    expect(addDays('2026-01-05', -10)).toBe('2025-12-26');
    expect(addDays('0050-06-01', 1)).toBe('0050-06-02');
  });

  it('refuse what is not a calendar day', () => {
    expect(() => dayDiff('2026-02-30', '2026-02-01')).toThrow(RangeError);
    expect(() => addDays('2026-1-5', 1)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
  });
});

describe('findBlockingCycle', () => {
  it('a task blocking itself is a cycle', () => {
    expect(findBlockingCycle([], blocks('a', 'a'))).toEqual(['a', 'a']);
  });

  it('blocking back the task that blocks you is a cycle', () => {
    expect(findBlockingCycle([blocks('a', 'b')], blocks('b', 'a'))).toEqual(['b', 'a', 'b']);
  });

  it('closing a long chain names the cycle in order', () => {
    const links = [blocks('a', 'b'), blocks('b', 'c'), blocks('c', 'd'), blocks('x', 'a')];
    expect(findBlockingCycle(links, blocks('d', 'a'))).toEqual(['d', 'a', 'b', 'c', 'd']);
  });

  it('relatesTo links never make a cycle', () => {
    expect(findBlockingCycle([relatesTo('a', 'b')], relatesTo('b', 'a'))).toBeNull();
    expect(findBlockingCycle([relatesTo('a', 'b')], blocks('b', 'a'))).toBeNull();
    expect(findBlockingCycle([blocks('a', 'b')], relatesTo('b', 'a'))).toBeNull();
    expect(findBlockingCycle([], relatesTo('a', 'a'))).toBeNull();
  });

  it('a diamond is not a cycle', () => {
    const links = [blocks('a', 'b'), blocks('a', 'c'), blocks('b', 'd')];
    expect(findBlockingCycle(links, blocks('c', 'd'))).toBeNull();
  });

  it('checks a chain of 10,000 without running out of stack', () => {
    const { links } = chain(10_000);
    expect(findBlockingCycle(links, blocks('t9999', 't0'))).toHaveLength(10_001);
    expect(findBlockingCycle(links, blocks('t0', 't9999'))).toBeNull();
  });
});

describe('reschedule', () => {
  it('moving a predecessor later moves the chain, each gap and duration kept', () => {
    const tasks = [task('a', '2026-01-01', '2026-01-03'), task('b', '2026-01-04', '2026-01-05'), task('c', '2026-01-10', '2026-01-12')];
    const links = [blocks('a', 'b'), blocks('b', 'c')];
    const changes = reschedule(tasks, links, move(tasks, 'a', { startDate: '2026-01-06', dueDate: '2026-01-08' }));
    expect(changes).toEqual([task('b', '2026-01-09', '2026-01-10'), task('c', '2026-01-15', '2026-01-17')]);
  });

  it('a predecessor due later pushes its successors, and keeps its own start', () => {
    const tasks = [task('a', '2026-01-01', '2026-01-03'), task('b', '2026-01-05', '2026-01-06')];
    const change = move(tasks, 'a', { startDate: '2026-01-01', dueDate: '2026-01-07' });
    expect(reschedule(tasks, [blocks('a', 'b')], change)).toEqual([task('b', '2026-01-09', '2026-01-10')]);
    expect(change.after.startDate).toBe('2026-01-01');
  });

  it('moving a predecessor earlier pulls its successors earlier', () => {
    const tasks = [task('a', '2026-01-10', '2026-01-12'), task('b', '2026-01-13', '2026-01-15'), task('c', '2026-01-20', '2026-01-20')];
    const links = [blocks('a', 'b'), blocks('b', 'c')];
    const changes = reschedule(tasks, links, move(tasks, 'a', { startDate: '2026-01-05', dueDate: '2026-01-07' }));
    expect(changes).toEqual([task('b', '2026-01-08', '2026-01-10'), task('c', '2026-01-15', '2026-01-15')]);
  });

  it('a task with two predecessors starts at the latest they allow', () => {
    // b → d with a 2-day gap, e → d with a 5-day gap
    const tasks = [task('b', '2026-01-03', '2026-01-04'), task('d', '2026-01-06', '2026-01-07'), task('e', '2026-01-01', '2026-01-01')];
    const links = [blocks('b', 'd'), blocks('e', 'd')];
    // e due 4 days later: e asks d to start 2026-01-10, b still 2026-01-06
    const later = reschedule(tasks, links, move(tasks, 'e', { startDate: '2026-01-01', dueDate: '2026-01-05' }));
    expect(later).toEqual([task('d', '2026-01-10', '2026-01-11')]);
    // e earlier: b holds d where it is
    const earlier = reschedule(tasks, links, move(tasks, 'e', { startDate: '2025-12-20', dueDate: '2025-12-20' }));
    expect(earlier).toEqual([]);
  });

  it('a diamond moves each task once, the gaps along both paths kept', () => {
    // a → b (b lasts 1 day), a → c (c lasts 5 days), b → d, c → d with no gaps
    const tasks = [
      task('a', '2026-01-01', '2026-01-01'),
      task('b', '2026-01-02', '2026-01-02'),
      task('c', '2026-01-02', '2026-01-06'),
      task('d', '2026-01-07', '2026-01-07'),
    ];
    const links = [blocks('a', 'b'), blocks('a', 'c'), blocks('b', 'd'), blocks('c', 'd')];
    const changes = reschedule(tasks, links, move(tasks, 'a', { startDate: '2026-01-03', dueDate: '2026-01-03' }));
    expect(changes).toEqual([
      task('b', '2026-01-04', '2026-01-04'),
      task('c', '2026-01-04', '2026-01-08'),
      task('d', '2026-01-09', '2026-01-09'),
    ]);
  });

  it('an undated task in the middle is not moved and stops the move', () => {
    const tasks = [task('a', '2026-01-01', '2026-01-02'), task('u', null, null), task('c', '2026-01-05', '2026-01-06')];
    const changes = reschedule(
      tasks,
      [blocks('a', 'u'), blocks('u', 'c')],
      move(tasks, 'a', { startDate: '2026-01-10', dueDate: '2026-01-11' }),
    );
    expect(changes).toEqual([]);
  });

  it('keeps an overlap (a negative gap) as it was', () => {
    const tasks = [task('a', '2026-01-01', '2026-01-05'), task('b', '2026-01-03', '2026-01-04')];
    const changes = reschedule(tasks, [blocks('a', 'b')], move(tasks, 'a', { startDate: '2026-01-02', dueDate: '2026-01-06' }));
    expect(changes).toEqual([task('b', '2026-01-04', '2026-01-05')]);
  });

  it('relatesTo links move nothing', () => {
    const tasks = [task('a', '2026-01-01', '2026-01-02'), task('b', '2026-01-03', '2026-01-04')];
    const changes = reschedule(tasks, [relatesTo('a', 'b')], move(tasks, 'a', { startDate: '2026-01-10', dueDate: '2026-01-11' }));
    expect(changes).toEqual([]);
  });

  it('a chain of 200 follows its head quickly', () => {
    const { tasks, links } = chain(200);
    const startedAt = performance.now();
    const changes = reschedule(tasks, links, move(tasks, 't0', { startDate: '2026-01-08', dueDate: '2026-01-10' }));
    const elapsed = performance.now() - startedAt;
    console.log(`reschedule, chain of 200: ${elapsed.toFixed(2)} ms`);
    expect(changes).toHaveLength(199);
    expect(changes.at(-1)).toEqual(task('t199', addDays('2026-01-01', 199 * 3 + 7), addDays('2026-01-01', 199 * 3 + 9)));
    expect(elapsed).toBeLessThan(200);
  });

  it('a chain of 10,000 reschedules without running out of stack', () => {
    const { tasks, links } = chain(10_000);
    const changes = reschedule(tasks, links, move(tasks, 't0', { startDate: '2026-01-02', dueDate: '2026-01-04' }));
    expect(changes).toHaveLength(9_999);
  });
});
