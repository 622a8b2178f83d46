/**
 * Accessible dropdown menu (Headless UI): keyboard navigation, closes on Escape, on a click outside and
 * on choosing an item.
 */
import { Menu as HeadlessMenu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** One entry: a link (`href`, rendered by `renderLink` so routers can take over) or an action. */
export type MenuEntry =
  | { label: string; href: string; onSelect?: never }
  | { label: string; onSelect(): void; href?: never };

export interface MenuProps {
  /** Content of the trigger button. */
  button: ReactNode;
  /** Accessible name of the trigger. */
  label: string;
  items: MenuEntry[];
  /** Renders a link entry (e.g. react-router's Link); default a plain anchor. */
  renderLink?: (entry: { href: string; label: string; className: string }) => ReactNode;
  buttonClassName?: string;
}

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 dark:text-slate-200 dark:data-focus:bg-slate-800';

/** A button opening a list of links and actions, anchored under its right edge. */
export function Menu({ button, label, items, renderLink, buttonClassName }: MenuProps) {
  return (
    <HeadlessMenu as="div" className="relative">
      <MenuButton aria-label={label} className={cn('flex items-center', buttonClassName)}>
        {button}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        modal={false}
        className="z-40 mt-2 w-52 rounded-xl border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {items.map((entry) => (
          <MenuItem key={entry.label}>
            {entry.href !== undefined ? (
              renderLink ? (
                renderLink({ href: entry.href, label: entry.label, className: itemClass })
              ) : (
                <a href={entry.href} className={itemClass}>
                  {entry.label}
                </a>
              )
            ) : (
              <button type="button" onClick={entry.onSelect} className={itemClass}>
                {entry.label}
              </button>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </HeadlessMenu>
  );
}
