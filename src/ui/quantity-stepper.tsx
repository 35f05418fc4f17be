import { useLingui } from '@lingui/react/macro';
import { useState, type KeyboardEvent, type Ref } from 'react';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  /** The field's accessible name, e.g. "Quantity of Lipstick". */
  label: string;
  disabled?: boolean;
  /** Ids of texts that explain the field (a reason it is disabled). */
  describedBy?: string;
  /** `sm` for dense rows (the bag's lines). */
  size?: 'md' | 'sm';
  /** The field's form name (tests and forms find a line's field by it). */
  name?: string;
  /** A ref to the text field, e.g. to focus the first field of an editor when it opens. */
  inputRef?: Ref<HTMLInputElement>;
}

const PAGE_STEP = 10;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * A quantity field in the ARIA spin-button pattern: − and + buttons, typing a number (applied on Enter or when the
 * field loses focus), Arrow Up/Down ±1, Page Up/Down ±10, Home/End for the bounds.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label,
  disabled = false,
  describedBy,
  size = 'md',
  name,
  inputRef,
}: QuantityStepperProps) {
  const { t } = useLingui();
  /** What is being typed; null while not editing (the field shows `value`). */
  const [draft, setDraft] = useState<string | null>(null);

  const change = (next: number) => {
    const bounded = clamp(next, min, max);
    setDraft(null);
    if (bounded !== value) onChange(bounded);
  };

  const commitDraft = () => {
    if (draft === null) return;
    const typed = Number.parseInt(draft, 10);
    if (Number.isNaN(typed)) setDraft(null);
    else change(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number | undefined> = {
      ArrowUp: value + 1,
      ArrowDown: value - 1,
      PageUp: value + PAGE_STEP,
      PageDown: value - PAGE_STEP,
      Home: min,
      End: max,
    };
    const next = steps[event.key];
    if (next !== undefined) {
      event.preventDefault();
      change(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  };

  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <div className={`quantity-stepper quantity-stepper--${size}`}>
      <button
        type="button"
        className="quantity-stepper__button"
        onClick={() => change(value - 1)}
        disabled={disabled || atMin}
        aria-label={t`Decrease: ${label}`}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <input
        ref={inputRef}
        name={name}
        className="quantity-stepper__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        role="spinbutton"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={Math.max(min, max)}
        aria-valuenow={value}
        aria-describedby={describedBy}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value.replace(/[^0-9]/g, '').slice(0, 3))}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        onClick={() => change(value + 1)}
        disabled={disabled || atMax}
        aria-label={t`Increase: ${label}`}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
