/** Accessible tabs (Headless UI: arrow keys move between tabs). */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabItem {
  label: string;
  content: ReactNode;
}

/** A tab strip with one panel per tab. */
export function Tabs({ tabs, defaultIndex = 0 }: { tabs: TabItem[]; defaultIndex?: number }) {
  return (
    <TabGroup defaultIndex={defaultIndex}>
      <TabList className="flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabs.map((t) => (
          <Tab
            key={t.label}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 data-hover:text-slate-900 data-selected:border-brand-600 data-selected:text-brand-700 focus:outline-none dark:text-slate-300"
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((t) => (
          <TabPanel key={t.label}>{t.content}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
