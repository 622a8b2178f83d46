/**
 * @marketplace/ui/overlays — accessible dialog, confirmation dialog, menu, select and tabs on Headless UI.
 * A separate shared entry so pages that use none of them do not download Headless UI before first render.
 */
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog';
export { Dialog, type DialogProps } from './components/Dialog';
export { Menu, type MenuEntry, type MenuProps } from './components/Menu';
export { Select, type SelectOption, type SelectProps } from './components/Select';
export { type TabItem, Tabs } from './components/Tabs';
