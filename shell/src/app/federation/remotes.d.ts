/**
 * Types of every module the remotes expose — the one place they are declared. The prop types come from
 * `@marketplace/ui` (federation/contracts.ts), which each remote's exposes are checked against too.
 */
declare module 'catalog/Home' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'catalog/CarList' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'catalog/CarDetails' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'catalog/StaticPage' {
  const Screen: import('react').ComponentType<import('@marketplace/ui').StaticPageProps>;
  export default Screen;
}
declare module 'sell/SellWizard' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'sell/SellerCars' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/Profile' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/Appointments' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/LoginDialog' {
  const Dialog: import('react').ComponentType<import('@marketplace/ui').LoginDialogProps>;
  export default Dialog;
}
declare module 'admin/Dashboard' {
  const Screen: import('react').ComponentType<import('@marketplace/ui').DashboardProps>;
  export default Screen;
}
declare module 'account/TestDriveModal' {
  const Dialog: import('react').ComponentType<import('@marketplace/ui').TestDriveModalProps>;
  export default Dialog;
}
declare module 'account/Purchases' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/Help' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/Settings' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'catalog/Compare' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
declare module 'account/Unsubscribe' {
  const Screen: import('@marketplace/ui').RemoteScreen;
  export default Screen;
}
