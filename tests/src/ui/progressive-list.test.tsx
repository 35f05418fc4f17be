// @vitest-environment jsdom
// A long list renders its first items in the first pass and the rest right after; a later list renders whole.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProgressiveList } from '#src/ui/progressive-list.ts';

/** How many items each commit showed. */
let commits: number[] = [];

function List({ items }: { items: readonly string[] }) {
  const shown = useProgressiveList(items, 4);
  useLayoutEffect(() => {
    commits.push(shown.length);
  });
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const page = (prefix: string) => Array.from({ length: 24 }, (_, index) => `${prefix}${index}`);

afterEach(cleanup);

describe('useProgressiveList', () => {
  it('commits the first items alone, then every item; another list at once', async () => {
    commits = [];
    const { rerender } = render(<List items={page('a')} />);
    await act(async () => undefined);
    expect(commits).toEqual([4, 24]);
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
    commits = [];
    rerender(<List items={page('b')} />);
    expect(commits).toEqual([24]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(page('b'));
  });

  it('shows a short list whole', () => {
    render(<List items={['x', 'y']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
