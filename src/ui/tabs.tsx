import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './ui.css';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

/** Accessible tabs (Radix: roving focus, arrow keys, aria-selected) in the house style. */
export function Tabs({ label, items, value, defaultValue, onValueChange }: TabsProps) {
  const first = items[0]?.value;
  return (
    <RadixTabs.Root
      className="tabs"
      {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? first })}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <RadixTabs.List className="tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="tabs__trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
