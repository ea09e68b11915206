import type { Location } from 'react-router-dom';
import { paths } from '../../app/paths';

export interface NavItem {
  label: string;
  to: string;
  adminOnly?: boolean;
  isActive: (location: Pick<Location, 'pathname' | 'hash'>) => boolean;
}

const onHomeSection = (hash: string) => (location: Pick<Location, 'pathname' | 'hash'>) =>
  location.pathname === paths.home && location.hash === hash;

const underPath = (prefix: string) => (location: Pick<Location, 'pathname' | 'hash'>) =>
  location.pathname === prefix || location.pathname.startsWith(`${prefix}/`);

/** The public header's links in the spec's order; the anchors scroll to sections of the home page. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: paths.home, isActive: onHomeSection('') },
  { label: 'About us', to: paths.about, isActive: onHomeSection('#about') },
  { label: 'Appointment', to: paths.appointment, isActive: underPath(paths.appointment) },
  { label: 'Store', to: paths.store, isActive: underPath(paths.store) },
  { label: 'Bills', to: paths.bills, adminOnly: true, isActive: underPath('/bills') },
  { label: 'Careers', to: paths.careers, isActive: onHomeSection('#careers') },
  { label: 'Contact Us', to: paths.contact, isActive: onHomeSection('#contact') },
];
