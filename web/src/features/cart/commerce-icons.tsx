import { Icon, type IconProps } from '../../components/icons';

/** Icons the cart, checkout and order screens need beyond the shared set; decorative. */

export const TruckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6.5h10.5v9H3zM13.5 9.5h4l3 3.2v2.8h-7" />
    <circle cx="7" cy="17.5" r="1.7" />
    <circle cx="17" cy="17.5" r="1.7" />
  </Icon>
);

export const ReturnIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 7.5L5 11.5l4 4" />
    <path d="M5 11.5h9.5a4.5 4.5 0 0 1 0 9H11" />
  </Icon>
);

export const CardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 9.5h18M7 14.5h3" />
  </Icon>
);

export const CashIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2.5" y="6.5" width="19" height="11" rx="1.5" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </Icon>
);

export const PackageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3.5l8 4v9l-8 4-8-4v-9z" />
    <path d="M4 7.5l8 4 8-4M12 11.5v9" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 7h15M10 11v6M14 11v6" />
    <path d="M6 7l1 12.5a1.5 1.5 0 0 0 1.5 1.5h7a1.5 1.5 0 0 0 1.5-1.5L18 7" />
    <path d="M9.5 7V4.5h5V7" />
  </Icon>
);
