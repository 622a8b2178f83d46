/** Map from remote module id to its declared type (remotes.d.ts), used to type loads and slot props. */
export interface RemoteModules {
  'catalog/Home': typeof import('catalog/Home');
  'catalog/CarList': typeof import('catalog/CarList');
  'catalog/CarDetails': typeof import('catalog/CarDetails');
  'catalog/StaticPage': typeof import('catalog/StaticPage');
  'catalog/Compare': typeof import('catalog/Compare');
  'sell/SellWizard': typeof import('sell/SellWizard');
  'sell/SellerCars': typeof import('sell/SellerCars');
  'account/Profile': typeof import('account/Profile');
  'account/Appointments': typeof import('account/Appointments');
  'account/LoginDialog': typeof import('account/LoginDialog');
  'account/TestDriveModal': typeof import('account/TestDriveModal');
  'account/Purchases': typeof import('account/Purchases');
  'account/Help': typeof import('account/Help');
  'account/Settings': typeof import('account/Settings');
  'account/Unsubscribe': typeof import('account/Unsubscribe');
  'admin/Dashboard': typeof import('admin/Dashboard');
}

/** Every exposed module id, `<remote>/<Expose>`. */
export type RemoteId = keyof RemoteModules;
