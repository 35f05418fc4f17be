// @vitest-environment jsdom
// A form of a server-rendered screen agrees with what was typed into it before the app took the screen over
// (src/ui/forms/use-typed-before-take-over.ts): what watches a field was rendered with the default.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { holdInput, releaseHeldInput } from '#src/boot/held-input.ts';
import { useTypedBeforeTakeOver } from '#src/ui/forms/use-typed-before-take-over.ts';

interface Values {
  currentPassword: string;
  fullName: string;
  remember: boolean;
}

function PasswordForm({ keep, onSave }: { keep: boolean; onSave: (values: Values) => void }) {
  const { register, handleSubmit, setValue, getValues, control } = useForm<Values>({
    defaultValues: { currentPassword: '', fullName: 'Ana Popescu', remember: false },
  });
  const typedRef = useTypedBeforeTakeOver(setValue, getValues);
  // What a strength meter reads.
  const watched = useWatch({ control, name: 'currentPassword' });
  return (
    <form ref={keep ? typedRef : undefined} onSubmit={handleSubmit(onSave)}>
      <input id="current" type="password" {...register('currentPassword')} />
      <input id="name" {...register('fullName')} />
      <input id="remember" type="checkbox" {...register('remember')} />
      <output id="watched">{watched.length}</output>
      <button type="submit">Save</button>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The server's HTML, text typed into it before the app runs, then the app hydrating it. */
async function typeThenHydrate(keep: boolean) {
  const saved: Values[] = [];
  const tree = <PasswordForm keep={keep} onSave={(values) => saved.push(values)} />;
  document.body.innerHTML = `<div id="root">${renderToString(tree)}</div>`;
  holdInput(document, window);
  const type = (id: string, text: string) => {
    const field = document.getElementById(id) as HTMLInputElement;
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  type('current', 'demo1234');
  type('name', 'Ana Maria Popescu');
  await act(async () => {
    root = hydrateRoot(document.getElementById('root') as HTMLElement, tree);
  });
  await act(async () => {
    await Promise.resolve();
  });
  releaseHeldInput(window);
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  const watched = document.getElementById('watched')?.textContent;
  await act(async () => {
    (document.querySelector('form') as HTMLFormElement).requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  return { saved, watched, current: field('current').value, name: field('name').value };
}

describe('text typed before the app took the form over', () => {
  it('stays in the fields, is what the form watches and what it sends', async () => {
    const { saved, watched, current, name } = await typeThenHydrate(true);
    expect(watched).toBe('8');
    expect(current).toBe('demo1234');
    expect(name).toBe('Ana Maria Popescu');
    expect(saved).toEqual([{ currentPassword: 'demo1234', fullName: 'Ana Maria Popescu', remember: false }]);
  });

  it('without it, what watches the field still shows the default (why the hook exists)', async () => {
    const { watched, current } = await typeThenHydrate(false);
    expect(current).toBe('demo1234');
    expect(watched).toBe('0');
  });
});
