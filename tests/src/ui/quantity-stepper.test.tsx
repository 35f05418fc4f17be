// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '#src/i18n/i18n.ts';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';
import { renderInRouter } from '../../support/render-routes.tsx';

describe('the one quantity stepper (catalogue cards and bag lines; spin button, keyboard)', () => {
  beforeEach(() => activateLocale('en'));
  afterEach(cleanup);

  function Harness({ max, onChange }: { max: number; onChange: (value: number) => void }) {
    return <QuantityStepper value={4} onChange={onChange} max={max} label="Quantity" />;
  }

  it('moves by one with the arrows, by ten with Page Up/Down and to the bounds with Home/End', () => {
    const changes: number[] = [];
    renderInRouter(<Harness max={20} onChange={(value) => changes.push(value)} />);
    const field = screen.getByRole('spinbutton', { name: 'Quantity' });
    for (const key of ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'End', 'Home'])
      fireEvent.keyDown(field, { key });
    expect(changes).toEqual([5, 3, 14, 1, 20, 1]);
    expect(field.getAttribute('aria-valuemin')).toBe('1');
    expect(field.getAttribute('aria-valuemax')).toBe('20');
  });

  it('clamps a typed number to the bounds on Enter and ignores letters', () => {
    const changes: number[] = [];
    renderInRouter(<Harness max={6} onChange={(value) => changes.push(value)} />);
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    fireEvent.change(field, { target: { value: '5x0' } });
    expect(field.value).toBe('50');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(changes).toEqual([6]);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(field.value).toBe('4');
  });

  it('offers − and + buttons named after the field, disabled at the bounds', () => {
    const changes: number[] = [];
    renderInRouter(
      <QuantityStepper value={1} onChange={(value) => changes.push(value)} max={2} label="Qty" />,
    );
    const less = screen.getByRole<HTMLButtonElement>('button', { name: 'Decrease: Qty' });
    const more = screen.getByRole<HTMLButtonElement>('button', { name: 'Increase: Qty' });
    expect(less.disabled).toBe(true);
    fireEvent.click(more);
    expect(changes).toEqual([2]);
  });

  it('is inert while disabled, and says why through the described-by text', () => {
    const changes: number[] = [];
    renderInRouter(
      <>
        <p id="why">Not in stock</p>
        <QuantityStepper
          value={3}
          onChange={(value) => changes.push(value)}
          max={5}
          label="Qty"
          disabled
          describedBy="why"
        />
      </>,
    );
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Qty' });
    expect(field.disabled).toBe(true);
    expect(field.getAttribute('aria-describedby')).toBe('why');
    fireEvent.click(screen.getByRole('button', { name: 'Increase: Qty' }));
    expect(changes).toEqual([]);
  });

  it('goes down to a minimum of 0 (the partial editor), carries a form name and hands its field to a ref', () => {
    const changes: number[] = [];
    const ref = createRef<HTMLInputElement>();
    renderInRouter(
      <QuantityStepper
        value={1}
        onChange={(value) => changes.push(value)}
        min={0}
        max={3}
        label="New"
        name="quantity-7"
        inputRef={ref}
      />,
    );
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'New' });
    expect(ref.current).toBe(field);
    expect(field.name).toBe('quantity-7');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease: New' }));
    expect(changes).toEqual([0]);
  });
});
