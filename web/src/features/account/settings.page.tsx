import { ComingSoon } from '../../components/coming-soon';

export default function SettingsPage() {
  return <ComingSoon title="Settings" description="Your profile and account preferences." />;
}
