import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './Tabs.module.css';

export interface Tab {
  value: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  tabs: Tab[];
  /** Controlled: the screen keeps the tab in the URL (e.g. /user/profile/person). */
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  /** Accessible name of the tab list. */
  label: string;
}

export function Tabs({ tabs, value, defaultValue, onValueChange, label }: TabsProps) {
  return (
    <RadixTabs.Root
      className={styles.root}
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.value) : undefined}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className={cx(styles.list, 'scroll-cue')} aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className={styles.trigger}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className={styles.panel}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
