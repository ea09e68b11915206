import { paths } from '../../app/paths';

/** Where staff can go from a billing screen that is not built yet. */
export const STAFF_LINKS = [
  { label: 'Back to bills', to: paths.bills },
  { label: 'Dashboard', to: paths.dashboard },
];

export const BILLS_LIST_LINKS = [
  { label: 'Dashboard', to: paths.dashboard },
  { label: 'Back to home', to: paths.home },
];
