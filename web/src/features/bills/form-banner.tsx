import { AlertCircleIcon, CheckCircleIcon } from '../../components/icons';
import './bill-common.css';

export interface Banner {
  type: 'success' | 'error';
  message: string;
}

/** The success or error banner of the bill form (spec sections 2 and 8). */
export function FormBanner({ banner }: { banner: Banner }) {
  const Icon = banner.type === 'success' ? CheckCircleIcon : AlertCircleIcon;
  return (
    <div
      className={`form-banner form-banner--${banner.type}`}
      role={banner.type === 'error' ? 'alert' : 'status'}
    >
      <Icon size={20} />
      <p>{banner.message}</p>
    </div>
  );
}
